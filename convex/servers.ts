import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./_generated/server";
import { adminQuery, publicQuery } from "./lib/functions";
import { serverFields, vConnectionType, vTextRef } from "./lib/validators";
import { capability } from "./model/capability/define";
import { statusOf } from "./model/live/snapshots";
import { secretsOf } from "./model/servers/records";
import { purgeServerState, SERVER_DELETE_CAPABILITY } from "./model/servers/remove";
import { SERVER_SAVE_CAPABILITY } from "./model/servers/save";

export const vPublicServer = v.object({
  _id: v.id("servers"),
  key: v.string(),
  name: v.string(),
  connectAddress: v.string(),
  connectionType: vConnectionType,
  order: v.number(),
  /** Mute, gag and silence are offered (CS2-SimpleAdmin runs there). */
  simpleAdmin: v.boolean(),
  /** A tournament launch loads MatchZy's match config there (the server holds the roster). */
  matchzy: v.boolean(),
});

/** Enabled servers in display order; public fields only (no URLs, no secrets). */
export const list = publicQuery({
  args: {},
  returns: v.array(vPublicServer),
  handler: async (ctx) => {
    const rows = await ctx.db.query("servers").withIndex("by_order").take(50);
    return rows
      .filter((s) => !s.disabled)
      .map((s) => ({
        _id: s._id,
        key: s.key,
        name: s.name,
        connectAddress: s.connectAddress,
        connectionType: s.connectionType,
        order: s.order,
        simpleAdmin: s.simpleAdmin === true,
        matchzy: s.matchzy === true,
      }));
  },
});

const vAdminServer = v.object({
  _id: v.id("servers"),
  ...serverFields,
  hasApiKey: v.boolean(),
  hasRconPassword: v.boolean(),
  /** Direct RCON refused the stored password; nothing connects until a new one is set. */
  rconAuthFailed: v.boolean(),
  /** Why the last poll failed while the server is offline (e.g. «RCON недоступний: …»). */
  lastError: v.optional(v.string()),
  /** `lastError` with its key, for the panel to word in the reader's language. */
  lastErrorText: v.optional(vTextRef),
  /** It keeps not answering in time, so it is polled only this often (ms) until it answers. */
  pollBackoffMs: v.optional(v.number()),
});

/** Every server with its settings, for the settings screen. Secrets appear only as "is set". */
export const adminList = adminQuery({
  args: {},
  returns: v.array(vAdminServer),
  handler: async (ctx) => {
    const rows = await ctx.db.query("servers").withIndex("by_order").take(50);
    const result = [];
    for (const s of rows) {
      const secret = await secretsOf(ctx, s._id);
      const status = await statusOf(ctx, s._id);
      const { _creationTime: _, ...fields } = s;
      result.push({
        ...fields,
        hasApiKey: !!secret?.apiKey,
        hasRconPassword: !!secret?.rconPassword,
        rconAuthFailed: secret?.rconAuthFailedAt !== undefined,
        ...(status && !status.online && status.lastError
          ? {
              lastError: status.lastError,
              ...(status.lastErrorText ? { lastErrorText: status.lastErrorText } : {}),
            }
          : {}),
        ...(status?.backoff ? { pollBackoffMs: status.backoff.everyMs } : {}),
      });
    }
    return result;
  },
});

/** Add a server (no `serverId`) or change one: settings, enabled flag, order and write-only secrets. */
export const save = capability(SERVER_SAVE_CAPABILITY);

/** Deletes the selected server once it is disabled (model/servers/remove.ts says what stays). */
export const remove = capability(SERVER_DELETE_CAPABILITY);

/** The next batch of a deleted server's live state, until none is left. */
export const purgeDeleted = internalMutation({
  args: { serverId: v.id("servers") },
  returns: v.null(),
  handler: async (ctx, { serverId }) => {
    if (!(await purgeServerState(ctx, serverId))) {
      await ctx.scheduler.runAfter(0, internal.servers.purgeDeleted, { serverId });
    }
    return null;
  },
});
