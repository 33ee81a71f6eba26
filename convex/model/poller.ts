/**
 * One polling loop per enabled game server, whatever the number of viewers (DESIGN §2).
 *
 *   tick (action: fetch)  →  store (mutation: diff + write + schedule next tick)  →  tick …
 *
 * - Watched (a live presence row): match + summary every 5 s; players every 15 s while a tab
 *   shows the player list (players or random tab), every 30 s during a match otherwise.
 * - Unwatched but a match in progress (past warmup, a human on a side): every 30 s with players,
 *   so the match's final lines are seen whether or not anyone watches (2 calls per tick, 240/h).
 * - Otherwise the loop ends, and the fleet-wide sweep (a cron every 7 min: one action, one query,
 *   one mutation for all idle servers together, ≈26 calls/hour for 2 or 10 servers alike) polls
 *   the idle servers and starts a loop again for one that is watched or has a match in progress.
 * - `generation` is a ticket: every scheduled tick carries the next number and `store` accepts only
 *   the one the poller expects, so a superseded loop, a duplicate or a stray tick exits at once.
 *   `jobId` lets `ensurePoller` see a live loop and return; the watchdog cron and viewer heartbeats
 *   revive a loop that died.
 * - The tick's arguments carry the server's connection settings (incl. its secrets), so an idle
 *   tick needs no extra query. Scheduled arguments stay inside the deployment (dashboard only).
 */
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { isSteamId64 } from "../lib/steamId";
import type { GameServerTarget, Player, PollResult } from "../lib/validators";
import { trackPoll } from "./history/detect";
import { nearMatchEnd } from "./history/tracker";
import { playerSnapshotOf, storePollResult } from "./liveData";
import { isWatched, isWatchingPlayers } from "./presence";
import { PUSH_CHECK_INTERVAL_MS, pushActive } from "./push/status";
import { targetFor } from "./servers";

export const WATCHED_INTERVAL_MS = 5_000;
export const PLAYERS_INTERVAL_MS = 15_000;
export const LIVE_UNWATCHED_INTERVAL_MS = 30_000;
/** The sweep's cron period (convex/crons.ts). */
export const SWEEP_INTERVAL_MINUTES = 7;

/**
 * A match worth following with nobody watching: past warmup, with a human on a side. `players` is
 * this poll's list, or the last one stored when this poll did not fetch it.
 */
export function matchInProgress(result: PollResult, players: Player[] | undefined): boolean {
  if (!result.ok || result.match.roundPhase === "warmup") return false;
  return (result.players ?? players ?? []).some(
    (p) => (p.team === "Terrorist" || p.team === "Counter-Terrorist") && isSteamId64(p.steamId),
  );
}

/**
 * Whether the next tick fetches the player list: every 15 s while a tab shows it, every 30 s while
 * a match is in progress (so its final lines are known), otherwise not at all. `atNextTickMs` is
 * how long it will have been since the last fetch when that tick runs.
 */
export function playersDue(listShown: boolean, inProgress: boolean, atNextTickMs: number): boolean {
  // Half a watched tick of slack, so timer jitter never pushes a fetch one tick late.
  const slack = WATCHED_INTERVAL_MS / 2;
  if (listShown) return atNextTickMs >= PLAYERS_INTERVAL_MS - slack;
  return inProgress && atNextTickMs >= LIVE_UNWATCHED_INTERVAL_MS - slack;
}

export type EnsureResult = "running" | "started" | "disabled";

async function pollerOf(ctx: QueryCtx, serverId: Id<"servers">) {
  return await ctx.db
    .query("pollers")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
}

async function jobIsAlive(ctx: QueryCtx, jobId: Id<"_scheduled_functions"> | undefined) {
  if (!jobId) return null;
  const job = await ctx.db.system.get(jobId);
  if (!job) return null;
  return job.state.kind === "pending" || job.state.kind === "inProgress" ? job : null;
}

/**
 * Starts a new loop generation (now, or after `delayMs`); any older loop exits at its next
 * `store`.
 */
async function startLoop(
  ctx: MutationCtx,
  server: Doc<"servers">,
  poller: Doc<"pollers"> | null,
  delayMs = 0,
  withPlayers = true,
) {
  const now = Date.now();
  const generation = (poller?.generation ?? 0) + 1;
  const jobId = await ctx.scheduler.runAfter(delayMs, internal.poller.tick, {
    serverId: server._id,
    generation,
    target: await targetFor(ctx, server),
    withPlayers,
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
 * server (or the first to open its player list), brings the next tick forward to the watched
 * cadence. Never sooner: whatever viewers do (come and go, switch tabs every 100 ms), a server is
 * polled at most once per watched interval after its last tick, and its players at most once per
 * players interval.
 */
export async function kickPollerIfIdle(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  wantsPlayers = false,
): Promise<void> {
  const server = await ctx.db.get("servers", serverId);
  if (!server || server.disabled) return;
  const poller = await pollerOf(ctx, serverId);
  const job = poller ? await jobIsAlive(ctx, poller.jobId) : null;
  const now = Date.now();
  // The next tick may come no sooner than one watched interval after the last one, and fetch the
  // players no sooner than their own interval (with the same slack as `playersDue`).
  const earliest = Math.max(now, (poller?.lastTickAt ?? 0) + WATCHED_INTERVAL_MS);
  const playersOk = (at: number) =>
    at >= (poller?.lastPlayersAt ?? 0) + PLAYERS_INTERVAL_MS - WATCHED_INTERVAL_MS / 2;
  if (!poller || !job) {
    await startLoop(ctx, server, poller, earliest - now, playersOk(earliest));
    return;
  }
  if (job.state.kind !== "pending") return;
  const at = Math.min(job.scheduledTime, earliest);
  const hasPlayers = (job.args[0] as { withPlayers?: boolean }).withPlayers === true;
  const withPlayers = hasPlayers || (wantsPlayers && playersOk(at));
  if (at < job.scheduledTime || withPlayers !== hasPlayers) {
    await ctx.scheduler.cancel(job._id);
    await startLoop(ctx, server, poller, at - now, withPlayers);
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
 * tick (fast while watched, every 30 s for an unwatched match in progress), or ends the loop and
 * leaves the server to the sweep. A superseded or stray tick does nothing.
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
  const stored = result.ok && !result.players ? await playerSnapshotOf(ctx, serverId) : null;
  const inProgress = matchInProgress(result, stored?.players);
  await storePollResult(ctx, serverId, result, now);
  const tracked = await trackPoll(ctx, serverId, result, now, inProgress);
  const watched = await isWatched(ctx, serverId, now);
  // This tick's own players fetch counts: otherwise the next tick would fetch them again.
  const lastPlayersAt = result.ok && result.players ? now : poller.lastPlayersAt;
  if (!watched && !inProgress) {
    // Nobody watches and no match is on: the sweep takes this server over.
    await ctx.db.patch("pollers", poller._id, { jobId: undefined, lastTickAt: now, lastPlayersAt });
    return;
  }
  const listShown = watched && (await isWatchingPlayers(ctx, serverId, now));
  // While MatchZy events flow (model/push/status.ts), polling is only a consistency check.
  const pushed = await pushActive(ctx, serverId, now);
  // One round from the end, poll with players at the watched cadence, watched or not, so match
  // history gets the final lines (model/history/tracker.ts).
  const closing = !pushed && result.ok && nearMatchEnd(result.match);
  const interval = pushed
    ? PUSH_CHECK_INTERVAL_MS
    : watched || closing
      ? WATCHED_INTERVAL_MS
      : LIVE_UNWATCHED_INTERVAL_MS;
  // A match humans play whose lines were never seen fetches them now, so history never records
  // an empty scoreboard for it.
  const withPlayers =
    closing ||
    tracked.wantsPlayers ||
    playersDue(listShown, inProgress, now + interval - lastPlayersAt);
  const next = generation + 1;
  const jobId = await ctx.scheduler.runAfter(interval, internal.poller.tick, {
    serverId,
    generation: next,
    target: await targetFor(ctx, server),
    withPlayers,
  });
  await ctx.db.patch("pollers", poller._id, {
    generation: next,
    jobId,
    lastTickAt: now,
    lastPlayersAt,
  });
}

/** Enabled servers (at most 50) without a running loop, and how to reach them: the sweep's work. */
export async function idleTargets(
  ctx: QueryCtx,
): Promise<{ serverId: Id<"servers">; target: GameServerTarget }[]> {
  const idle = [];
  for (const server of await ctx.db.query("servers").withIndex("by_order").take(50)) {
    if (server.disabled) continue;
    const poller = await pollerOf(ctx, server._id);
    if (poller && (await jobIsAlive(ctx, poller.jobId))) continue;
    idle.push({ serverId: server._id, target: await targetFor(ctx, server) });
  }
  return idle;
}

/**
 * Stores the sweep's polls of idle servers; a server that is watched or has a match in progress
 * gets its loop back. Returns how many loops it started.
 */
export async function storeSweep(
  ctx: MutationCtx,
  results: { serverId: Id<"servers">; result: PollResult }[],
): Promise<number> {
  const now = Date.now();
  let started = 0;
  for (const { serverId, result } of results) {
    const server = await ctx.db.get("servers", serverId);
    if (!server || server.disabled) continue;
    const poller = await pollerOf(ctx, serverId);
    if (poller && (await jobIsAlive(ctx, poller.jobId))) continue; // a loop started meanwhile
    const inProgress = matchInProgress(result, undefined);
    await storePollResult(ctx, serverId, result, now);
    await trackPoll(ctx, serverId, result, now, inProgress);
    if ((await isWatched(ctx, serverId, now)) || inProgress) {
      await startLoop(ctx, server, poller);
      started++;
    }
  }
  return started;
}
