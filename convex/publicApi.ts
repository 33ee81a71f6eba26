import { v } from "convex/values";
import { internalQuery, type QueryCtx } from "./_generated/server";
import type { Doc } from "./_generated/dataModel";
import type { ServerSnapshot } from "./lib/publicApi";
import { matchSnapshotOf, playerSnapshotOf, statusOf } from "./model/liveData";

async function snapshotOf(ctx: QueryCtx, server: Doc<"servers">): Promise<ServerSnapshot> {
  const status = await statusOf(ctx, server._id);
  const match = await matchSnapshotOf(ctx, server._id);
  const players = await playerSnapshotOf(ctx, server._id);
  return {
    key: server.key,
    name: server.name,
    connectAddress: server.connectAddress,
    online: status?.online ?? false,
    lastSuccessAt: status?.lastSuccessAt ?? null,
    match: match?.match ?? null,
    summary: match?.summary ?? null,
    players: players?.players ?? [],
    updatedAt: Math.max(match?.updatedAt ?? 0, players?.updatedAt ?? 0) || null,
  };
}

/** Cached data of one enabled server by key (null when unknown or disabled). */
export const serverSnapshot = internalQuery({
  args: { key: v.string() },
  returns: v.any(),
  handler: async (ctx, { key }): Promise<ServerSnapshot | null> => {
    const server = await ctx.db
      .query("servers")
      .withIndex("by_key", (q) => q.eq("key", key))
      .unique();
    if (!server || server.disabled) return null;
    return await snapshotOf(ctx, server);
  },
});

export const serverList = internalQuery({
  args: {},
  returns: v.any(),
  handler: async (ctx) => {
    const servers = await ctx.db.query("servers").withIndex("by_order").take(50);
    const result = [];
    for (const s of servers) {
      if (s.disabled) continue;
      const status = await statusOf(ctx, s._id);
      result.push({
        key: s.key,
        name: s.name,
        connectAddress: s.connectAddress,
        online: status?.online ?? false,
      });
    }
    return result;
  },
});
