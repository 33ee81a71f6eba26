/** Reads behind the public HTTP API (`http.ts`): cached data only, never a game server. */
import { v } from "convex/values";
import { internalQuery } from "./_generated/server";
import { vPublicServerEntry, vServerSnapshot } from "./lib/validators";
import { enabledServersWithStatus, snapshotOfServer } from "./model/live/data";
import { publicBanPage, vPublicBan } from "./model/moderation/publicBans";
import { serverByKey } from "./model/servers/records";

/** Cached data of one enabled server by key (null when unknown or disabled). */
export const serverSnapshot = internalQuery({
  args: { key: v.string() },
  returns: v.union(v.null(), vServerSnapshot),
  handler: async (ctx, { key }) => {
    const server = await serverByKey(ctx, key);
    if (!server || server.disabled) return null;
    return await snapshotOfServer(ctx, server);
  },
});

export const serverList = internalQuery({
  args: {},
  returns: v.array(vPublicServerEntry),
  handler: async (ctx) =>
    (await enabledServersWithStatus(ctx)).map(({ known: _, ...entry }) => entry),
});

/** One page of the public ban list; `enabled: false` while an admin keeps it private. */
export const bans = internalQuery({
  args: { limit: v.number(), cursor: v.union(v.string(), v.null()) },
  returns: v.object({
    enabled: v.boolean(),
    page: v.array(vPublicBan),
    isDone: v.boolean(),
    continueCursor: v.string(),
  }),
  handler: async (ctx, { limit, cursor }) => {
    const { enabled, page, isDone, continueCursor } = await publicBanPage(ctx, {
      numItems: limit,
      cursor,
    });
    return { enabled, page, isDone, continueCursor };
  },
});
