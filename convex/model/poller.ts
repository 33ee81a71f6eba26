/**
 * One polling loop per enabled game server, whatever the number of viewers (DESIGN §2).
 *
 *   tick (action: fetch)  →  store (mutation: diff + write + schedule next tick)  →  tick …
 *
 * - Watched (a live presence row): match + summary every 5 s, players every 15 s.
 *   Idle: a keep-alive every 65 s (2 function calls per tick, so ≈110 calls/hour).
 * - `generation` is a ticket: every scheduled tick carries the next number and `store` accepts only
 *   the one the poller expects, so a superseded loop, a duplicate or a stray tick exits at once.
 *   `jobId` lets `ensurePoller` see a live loop and return; the watchdog cron and viewer heartbeats
 *   revive a loop that died.
 * - The tick's arguments carry the server's connection settings (incl. its secrets), so an idle
 *   tick needs no extra query. Scheduled arguments stay inside the deployment (dashboard only).
 */
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import type { PollResult } from "../lib/validators";
import { storePollResult } from "./liveData";
import { isWatched } from "./presence";
import { targetFor } from "./servers";

export const WATCHED_INTERVAL_MS = 5_000;
export const PLAYERS_INTERVAL_MS = 15_000;
export const IDLE_INTERVAL_MS = 65_000;

export type EnsureResult = "running" | "started" | "disabled";

async function pollerOf(ctx: MutationCtx, serverId: Id<"servers">) {
  return await ctx.db
    .query("pollers")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
}

async function jobIsAlive(ctx: MutationCtx, jobId: Id<"_scheduled_functions"> | undefined) {
  if (!jobId) return null;
  const job = await ctx.db.system.get(jobId);
  if (!job) return null;
  return job.state.kind === "pending" || job.state.kind === "inProgress" ? job : null;
}

/** Starts a new loop generation now; any older loop exits at its next `store`. */
async function startLoop(ctx: MutationCtx, server: Doc<"servers">, poller: Doc<"pollers"> | null) {
  const now = Date.now();
  const generation = (poller?.generation ?? 0) + 1;
  const jobId = await ctx.scheduler.runAfter(0, internal.poller.tick, {
    serverId: server._id,
    generation,
    target: await targetFor(ctx, server),
    withPlayers: true,
  });
  if (poller) await ctx.db.patch("pollers", poller._id, { generation, jobId });
  else {
    await ctx.db.insert("pollers", {
      serverId: server._id,
      generation,
      jobId,
      lastTickAt: now,
      lastPlayersAt: 0,
      lastLivenessWriteAt: 0,
    });
  }
  return generation;
}

/** Makes sure a loop runs for this server; returns without starting a second one. */
export async function ensurePoller(
  ctx: MutationCtx,
  serverId: Id<"servers">,
): Promise<EnsureResult> {
  const server = await ctx.db.get("servers", serverId);
  if (!server || server.disabled) return "disabled";
  const poller = await pollerOf(ctx, serverId);
  if (poller && (await jobIsAlive(ctx, poller.jobId))) return "running";
  await startLoop(ctx, server, poller);
  return "started";
}

/**
 * Called by a viewer heartbeat. Revives a dead loop, and when this is the first watcher of an idle
 * server, pulls the next (slow) tick forward so data arrives within a second, not a minute.
 */
export async function kickPollerIfIdle(ctx: MutationCtx, serverId: Id<"servers">): Promise<void> {
  const server = await ctx.db.get("servers", serverId);
  if (!server || server.disabled) return;
  const poller = await pollerOf(ctx, serverId);
  const job = poller ? await jobIsAlive(ctx, poller.jobId) : null;
  if (!poller || !job) {
    await startLoop(ctx, server, poller);
    return;
  }
  if (job.state.kind === "pending" && job.scheduledTime - Date.now() > WATCHED_INTERVAL_MS) {
    await ctx.scheduler.cancel(job._id);
    await startLoop(ctx, server, poller);
  }
}

/** Restart after a config change, so the next tick uses the new address and secrets. */
export async function restartPoller(ctx: MutationCtx, serverId: Id<"servers">): Promise<void> {
  const server = await ctx.db.get("servers", serverId);
  const poller = await pollerOf(ctx, serverId);
  const job = poller ? await jobIsAlive(ctx, poller.jobId) : null;
  if (job?.state.kind === "pending") await ctx.scheduler.cancel(job._id);
  if (server && !server.disabled) await startLoop(ctx, server, poller);
  else if (poller) {
    await ctx.db.patch("pollers", poller._id, {
      generation: poller.generation + 1,
      jobId: undefined,
    });
  }
}

/**
 * Accepts one tick's result if it carries the expected ticket: stores it and schedules the next
 * tick (fast while watched, slow keep-alive otherwise). A superseded or stray tick does nothing.
 */
export async function storeTick(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  generation: number,
  result: PollResult,
): Promise<void> {
  const poller = await pollerOf(ctx, serverId);
  if (!poller || poller.generation !== generation) return; // superseded or stray tick: exit
  const server = await ctx.db.get("servers", serverId);
  if (!server || server.disabled) {
    await ctx.db.patch("pollers", poller._id, { jobId: undefined });
    return;
  }
  const now = Date.now();
  await storePollResult(ctx, serverId, result, now);
  const watched = await isWatched(ctx, serverId, now);
  // This tick's own players fetch counts: otherwise the next tick would fetch them again.
  const lastPlayersAt = result.ok && result.players ? now : poller.lastPlayersAt;
  const playersDue =
    !watched || now - lastPlayersAt >= PLAYERS_INTERVAL_MS - WATCHED_INTERVAL_MS / 2;
  const next = generation + 1;
  const jobId = await ctx.scheduler.runAfter(
    watched ? WATCHED_INTERVAL_MS : IDLE_INTERVAL_MS,
    internal.poller.tick,
    {
      serverId,
      generation: next,
      target: await targetFor(ctx, server),
      withPlayers: playersDue,
    },
  );
  await ctx.db.patch("pollers", poller._id, {
    generation: next,
    jobId,
    lastTickAt: now,
    lastPlayersAt,
  });
}

/** Revives the dead loops of enabled servers (at most 50); returns how many it started. */
export async function reviveDeadLoops(ctx: MutationCtx): Promise<number> {
  let started = 0;
  for (const server of await ctx.db.query("servers").withIndex("by_order").take(50)) {
    if ((await ensurePoller(ctx, server._id)) === "started") started++;
  }
  return started;
}
