/**
 * Reads of the three per-server documents the poller writes (status, match, players): one row
 * each per server, found by index. Kept apart from their writers (model/live/data.ts) so the
 * notification core can read a snapshot without importing what notifies.
 */
import type { Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";

export async function statusOf(ctx: QueryCtx, serverId: Id<"servers">) {
  return await ctx.db
    .query("serverStatus")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
}

export async function matchSnapshotOf(ctx: QueryCtx, serverId: Id<"servers">) {
  return await ctx.db
    .query("matchSnapshots")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
}

export async function playerSnapshotOf(ctx: QueryCtx, serverId: Id<"servers">) {
  return await ctx.db
    .query("playerSnapshots")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
}
