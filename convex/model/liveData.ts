/** The three per-server documents the poller writes and everyone else reads, by server. */
import type { Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";

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
