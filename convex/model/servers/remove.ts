/**
 * Deleting a server (admin, audited), only once it is disabled: nothing polls a disabled server,
 * visitors no longer see it, and the admin has had a step to think. What goes and what stays:
 *
 * - goes: the server's record, its secrets, and everything the panel kept to follow it live
 *   (snapshots, poller, status, health, switches, feeds' state and received events, viewers'
 *   presence, round logs, trackers, interruptions, sanction notices, Discord state, demo upload
 *   target); the growing ones in batches, continued by a scheduled step;
 * - stays: what it produced, which belongs to its players and to the record: recorded matches
 *   (each keeps the server's key and name), careers and leaderboards built from them, demos,
 *   sanctions and bans (a player banned there stays banned in the panel's records), chat lines,
 *   reports, and the audit log, whose entries keep the server's name (and this deletion's entry).
 */
import { v } from "convex/values";
import { internal } from "../../_generated/api";
import type { Id, TableNames } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { fail } from "../../lib/errors";
import { worded } from "../../lib/messages";
import { defineCapability } from "../capability/define";

/** Every table of the server's live state, with its index that starts with `serverId`. */
const LIVE_STATE: [TableNames, string][] = [
  ["serverSecrets", "by_serverId"],
  ["rconLocks", "by_serverId"],
  ["serverStatus", "by_serverId"],
  ["matchSnapshots", "by_serverId"],
  ["playerSnapshots", "by_serverId"],
  ["pollers", "by_serverId"],
  ["serverHealth", "by_serverId"],
  ["serverUpdates", "by_serverId_and_at"],
  ["presence", "by_serverId_and_viewerId"],
  ["pushStatus", "by_serverId"],
  ["pushEvents", "by_serverId_and_key"],
  ["serverLogStatus", "by_serverId"],
  ["serverLogMatches", "by_serverId"],
  ["killFeeds", "by_serverId"],
  ["serverToggles", "by_serverId"],
  ["toggleReadBacks", "by_serverId"],
  ["backupNotices", "by_serverId"],
  ["roundLogs", "by_serverId"],
  ["historyTrackers", "by_serverId"],
  ["interruptions", "by_serverId_and_state"],
  ["demoUploadTargets", "by_serverId"],
  ["discordServerStates", "by_serverId"],
  ["sanctionNotices", "by_serverId_and_steamId"],
];

/** Rows one transaction deletes; the rest goes in the next scheduled step. */
export const PURGE_BATCH = 500;

/** Deletes up to `PURGE_BATCH` rows of a deleted server's live state; true when none is left. */
export async function purgeServerState(
  ctx: MutationCtx,
  serverId: Id<"servers">,
): Promise<boolean> {
  let budget = PURGE_BATCH;
  for (const [table, index] of LIVE_STATE) {
    // Each index above starts with serverId; the table names and indexes are checked by the test.
    const rows = await (
      ctx.db.query(table) as unknown as {
        withIndex: (
          i: string,
          r: (q: { eq: (f: "serverId", v: Id<"servers">) => unknown }) => unknown,
        ) => { take: (n: number) => Promise<{ _id: Id<TableNames> }[]> };
      }
    )
      .withIndex(index, (q) => q.eq("serverId", serverId))
      .take(budget + 1);
    for (const row of rows.slice(0, budget)) await ctx.db.delete(table, row._id);
    if (rows.length > budget) return false;
    budget -= rows.length;
    if (budget === 0) return false;
  }
  return true;
}

/** Deletes the selected server (disabled first) and schedules what its live state leaves. */
export const SERVER_DELETE_CAPABILITY = defineCapability({
  name: "server_delete",
  access: "admin",
  args: {},
  returns: v.null(),
  commit: async (ctx, _input, { serverId }) => {
    const server = serverId ? await ctx.db.get("servers", serverId) : null;
    if (!server) fail("NOT_FOUND", worded("backend.serverGone"));
    if (!server.disabled) fail("CONFLICT", worded("backend.serverDeleteEnabled"));
    await ctx.db.delete("servers", server._id);
    if (!(await purgeServerState(ctx, server._id))) {
      await ctx.scheduler.runAfter(0, internal.servers.purgeDeleted, { serverId: server._id });
    }
    return { serverId: server._id, details: `${server.name} (${server.key})` };
  },
});
