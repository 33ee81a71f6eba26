/**
 * Reads of the three per-server documents the poller writes (status, match, players): one row
 * each per server, found by index. Kept apart from their writers (model/live/data.ts) so the
 * notification core can read a snapshot without importing what notifies.
 */
import type { Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { courseStepStart, matchAt } from "../../lib/phaseCourse";
import type { Match } from "../../lib/validators";

export async function statusOf(ctx: QueryCtx, serverId: Id<"servers">) {
  return await ctx.db
    .query("serverStatus")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
}

/**
 * The server's match as it stands at `now`: the stored one moved along the course it announced
 * (lib/phaseCourse.ts), which is what every reader and writer in the backend must start from;
 * `updatedAt` is then when the phase shown began, if later than the write.
 */
export async function matchSnapshotOf(ctx: QueryCtx, serverId: Id<"servers">, now = Date.now()) {
  const row = await storedMatchSnapshotOf(ctx, serverId);
  return row && snapshotAt(row, now);
}

/** A stored match document as it stands at `now` (see `matchSnapshotOf`). */
export function snapshotAt<T extends { match: Match; updatedAt: number }>(row: T, now: number): T {
  // A phase the course moved on to counts as shown from when it began (storePollResult).
  const since = courseStepStart(row.match, now);
  if (since === undefined) return row;
  return { ...row, match: matchAt(row.match, now), updatedAt: Math.max(row.updatedAt, since) };
}

/**
 * The match document as written, course and all: for the viewers' query (the browser follows the
 * course itself, so the answer does not change with the clock) and the poller's write decision.
 */
export async function storedMatchSnapshotOf(ctx: QueryCtx, serverId: Id<"servers">) {
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
