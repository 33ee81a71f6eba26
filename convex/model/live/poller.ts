/**
 * Polling for the whole fleet, with a number of scheduled functions that does not grow with it.
 *
 *   fleet tick (one scheduled action)  →  polls every due server in parallel, each with its own
 *   request timeouts  →  stores each result in its own small mutation as it arrives  →  the last
 *   store plans the next fleet tick at the earliest next poll of any server.
 *
 * A deployment runs a bounded number of scheduled functions at once. A scheduled action per
 * server would hold one of them for up to the request timeout whenever its server does not
 * answer, so a handful of offline servers would delay every tournament clock and Discord
 * delivery. The fleet tick holds one, whatever the number of servers.
 *
 * One bad server never slows the others: a tick waits at most `FLEET_PLAN_AFTER_MS` for its
 * slowest poll. Past that it plans the next tick at once and leases each server still in flight
 * (`leaseUntil`, the latest its poll can end, stands in its `nextPollAt`), so no tick polls it
 * again meanwhile; its result, when it comes, clears the lease and sets its next poll. A tick can
 * so overlap the tail of the previous one (two fleet actions at most, whatever the fleet size).
 * A server that keeps timing out is polled less often (model/live/pollBackoff.ts).
 *
 * Per server (`pollers` row): `nextPollAt` (absent: no loop, the sweep looks after it),
 * `withPlayers` for that poll, and `generation`, a ticket each store advances, so a superseded,
 * duplicate or stray result is dropped. The singleton `pollerFleet` row holds the scheduled fleet
 * tick (`jobId`, `dueAt`) and its own ticket.
 *
 * - Watched (a live presence row): match + summary every 5 s; players every 15 s while a tab shows
 *   the player list (players or random tab), every 30 s otherwise (the dashboard's scoreboard).
 * - Unwatched but a match in progress (past warmup, a human on a side): every 30 s with players,
 *   so the match's final lines are seen whether or not anyone watches.
 * - Otherwise the server leaves the loop, and the fleet-wide sweep (a cron every 7 min: one
 *   action, one query, one mutation for all idle servers together) polls the idle servers, puts
 *   one that is watched or has a match in progress back in the loop, and revives a fleet tick
 *   that died.
 * - How one server is polled depends on its kind (model/live/pollSources.ts).
 * - Fleet tick arguments carry the servers' connection settings (incl. secrets), so a tick needs
 *   no extra query. Scheduled arguments stay inside the deployment (dashboard only).
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { isSteamId64 } from "../../lib/steamId";
import { holdsCupMatch } from "../cup/store";
import type { GameServerTarget, Player, PollResult } from "../../lib/validators";
import { trackPoll } from "../history/detect";
import { nearMatchEnd } from "../history/tracker";
import { storePollResult } from "./data";
import { storeHealth } from "./health";
import { playerSnapshotOf } from "./snapshots";
import { isWatched, isWatchingPlayers } from "./presence";
import { PUSH_CHECK_INTERVAL_MS, pushActive } from "../push/status";
import { backoffMs, storeBackoff, timeoutsAfter } from "./pollBackoff";
import {
  fleetDueBy,
  fleetOf,
  FLEET_MAX_SERVERS,
  jobIsAlive,
  planFleet,
  planNextFleetTick,
  PLAYERS_INTERVAL_MS,
  pollAt,
  pollerOf,
  WATCHED_INTERVAL_MS,
} from "./pollSchedule";
import { announceSanctionedJoiners } from "../moderation/sanctionNotice";
import { markRconAuthFailed, targetFor } from "../servers/records";

export const LIVE_UNWATCHED_INTERVAL_MS = 30_000;
/** The sweep's cron period (convex/crons.ts). */
export const SWEEP_INTERVAL_MINUTES = 7;
/** How long a fleet tick waits for its slowest poll before planning the next tick. */
export const FLEET_PLAN_AFTER_MS = 1_500;
/**
 * The latest a poll ends after its tick started: every poll source bounds its own time (4 s over
 * HTTP, 8 s for a direct-RCON session), with room for the nested action's start.
 */
export const POLL_LEASE_MS = 10_000;

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

/**
 * A watched server whose round just ended fetches the players on its next poll (once: this poll
 * did not fetch them), so the scoreboard by side shows the round's final numbers with its score.
 */
export function playersAfterRoundEnd(watched: boolean, result: PollResult): boolean {
  return watched && result.ok && result.match.roundPhase === "over" && !result.players;
}

/**
 * Accepts one server's poll if it carries the expected ticket: stores it and sets the server's
 * next poll (fast while watched, every 30 s for an unwatched match in progress), or takes it out
 * of the loop and leaves it to the sweep. A superseded or stray result stores nothing.
 *
 * `fleet` is set on the last store of a fleet tick, which then plans the next tick (whatever
 * became of its own result, so a dropped result never stops the fleet).
 */
export async function storeTick(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  generation: number,
  result: PollResult,
  fleet?: number,
): Promise<void> {
  await storeServerPoll(ctx, serverId, generation, result);
  if (fleet !== undefined) await planNextFleetTick(ctx, fleet);
}

async function storeServerPoll(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  generation: number,
  result: PollResult,
): Promise<void> {
  const poller = await pollerOf(ctx, serverId);
  if (!poller || poller.generation !== generation) return; // superseded or stray: drop it
  const server = await ctx.db.get("servers", serverId);
  if (!server || server.disabled) {
    await ctx.db.patch("pollers", poller._id, {
      nextPollAt: undefined,
      jobId: undefined,
      leaseUntil: undefined,
    });
    return;
  }
  const now = Date.now();
  const timeouts = timeoutsAfter(poller.timeouts, result);
  const stored = result.ok && !result.players ? await playerSnapshotOf(ctx, serverId) : null;
  const inProgress = matchInProgress(result, stored?.players);
  const joined = await storePollResult(ctx, serverId, result, now);
  await announceSanctionedJoiners(ctx, serverId, joined, now);
  const tracked = await trackPoll(ctx, serverId, result, now, inProgress);
  await storeBackoff(ctx, serverId, timeouts, now);
  await storeHealth(ctx, serverId, result, now);
  const watched = await isWatched(ctx, serverId, now);
  // This poll's own players fetch counts: otherwise the next poll would fetch them again.
  const lastPlayersAt = result.ok && result.players ? now : poller.lastPlayersAt;
  const next = generation + 1;
  const refused = !result.ok && result.authFailed === true;
  // Game servers ban an address after repeated failed auths: a refused RCON password leaves the
  // loop (and the sweep) until an admin enters a new one.
  if (refused) await markRconAuthFailed(ctx, serverId, now);
  const awaited = !watched && !inProgress && (await holdsCupMatch(ctx, serverId));
  if (refused || (!watched && !inProgress && !awaited)) {
    // Nobody watches and no match is on: the sweep takes this server over.
    await ctx.db.patch("pollers", poller._id, {
      generation: next,
      nextPollAt: undefined,
      jobId: undefined,
      leaseUntil: undefined,
      lastTickAt: now,
      lastPlayersAt,
      timeouts,
    });
    return;
  }
  const listShown = watched && (await isWatchingPlayers(ctx, serverId, now));
  // While MatchZy events flow (model/push/status.ts), polling is only a consistency check.
  const pushed = await pushActive(ctx, serverId, now);
  // One round from the end, poll with players at the watched cadence, watched or not, so match
  // history gets the final lines (model/history/tracker.ts).
  const closing = !pushed && result.ok && nearMatchEnd(result.match);
  const usual = pushed
    ? PUSH_CHECK_INTERVAL_MS
    : watched || closing
      ? WATCHED_INTERVAL_MS
      : LIVE_UNWATCHED_INTERVAL_MS;
  const interval = Math.max(usual, backoffMs(timeouts) ?? 0);
  // A match humans play whose lines were never seen fetches them now, so history never records
  // an empty scoreboard for it.
  const withPlayers =
    closing ||
    tracked.wantsPlayers ||
    playersAfterRoundEnd(watched, result) ||
    playersDue(listShown, inProgress || watched, now + interval - lastPlayersAt);
  await ctx.db.patch("pollers", poller._id, {
    generation: next,
    nextPollAt: now + interval,
    withPlayers,
    jobId: undefined,
    leaseUntil: undefined,
    lastTickAt: now,
    lastPlayersAt,
    timeouts,
  });
  // A poll outside a fleet tick (the sweep, a test) or one that answered after its tick planned
  // the next may be due before the planned tick.
  if (poller.nextPollAt === undefined || poller.leaseUntil !== undefined) {
    await fleetDueBy(ctx, serverId, now + interval, next);
  }
}

/** Enabled servers (at most 50) out of the loop, and how to reach them: the sweep's work. */
export async function idleTargets(
  ctx: QueryCtx,
): Promise<{ serverId: Id<"servers">; target: GameServerTarget }[]> {
  const idle = [];
  for (const server of await ctx.db
    .query("servers")
    .withIndex("by_order")
    .take(FLEET_MAX_SERVERS)) {
    if (server.disabled) continue;
    const poller = await pollerOf(ctx, server._id);
    if (poller?.nextPollAt !== undefined) continue;
    const target = await targetFor(ctx, server);
    if (!target.rconAuthFailed) idle.push({ serverId: server._id, target });
  }
  return idle;
}

/**
 * Stores the sweep's polls of idle servers; a server that is watched or has a match in progress
 * goes back in the loop. Revives a fleet tick that died. Returns how many servers it put back.
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
    if (poller?.nextPollAt !== undefined) continue; // back in the loop meanwhile
    const inProgress = matchInProgress(result, undefined);
    const joined = await storePollResult(ctx, serverId, result, now);
    await announceSanctionedJoiners(ctx, serverId, joined, now);
    await trackPoll(ctx, serverId, result, now, inProgress);
    await storeHealth(ctx, serverId, result, now);
    if (!result.ok && result.authFailed) {
      await markRconAuthFailed(ctx, serverId, now);
      continue;
    }
    if ((await isWatched(ctx, serverId, now)) || inProgress) {
      await pollAt(ctx, serverId, poller, now, true);
      started++;
    }
  }
  const fleet = await fleetOf(ctx);
  if (!(await jobIsAlive(ctx, fleet?.jobId))) await planFleet(ctx, fleet);
  return started;
}
