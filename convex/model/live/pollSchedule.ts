/**
 * Which servers are in the polling loop and when each is due: putting a server in the loop (a
 * viewer's heartbeat, a config change, a cup match on it), and planning the one fleet tick that
 * polls every due server (model/live/poller.ts describes the loop and stores what a poll read).
 * It reads nothing a poll stores, so anything may put a server in the loop without importing the
 * match history that storing a poll feeds.
 */
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import type { GameServerTarget } from "../../lib/validators";
import { backoffMs } from "./pollBackoff";
import { rconStopped, targetFor } from "../servers/records";

export const WATCHED_INTERVAL_MS = 5_000;
export const PLAYERS_INTERVAL_MS = 15_000;

/** Servers due this close after the earliest one are polled in the same fleet tick. */
export const FLEET_BATCH_WINDOW_MS = 1_000;
/** At most this many servers are polled (one fleet tick, one sweep). */
export const FLEET_MAX_SERVERS = 50;

/** The shortest interval between two polls of a server: the watched one, longer while backing off. */
export function minIntervalMs(timeouts: number | undefined): number {
  return Math.max(WATCHED_INTERVAL_MS, backoffMs(timeouts) ?? 0);
}

export type EnsureResult = "running" | "started" | "disabled";

/** One server of a fleet tick: whom to poll, with which ticket, and whether to fetch players. */
export interface DuePoll {
  serverId: Id<"servers">;
  generation: number;
  target: GameServerTarget;
  withPlayers: boolean;
}

export async function pollerOf(ctx: QueryCtx, serverId: Id<"servers">) {
  return await ctx.db
    .query("pollers")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
}

export async function fleetOf(ctx: QueryCtx) {
  return await ctx.db.query("pollerFleet").first();
}

export async function jobIsAlive(ctx: QueryCtx, jobId: Id<"_scheduled_functions"> | undefined) {
  if (!jobId) return null;
  const job = await ctx.db.system.get(jobId);
  if (!job) return null;
  return job.state.kind === "pending" || job.state.kind === "inProgress" ? job : null;
}

/**
 * Schedules the next fleet tick at the earliest next poll of any server in the loop, with every
 * server due within a batch window of it; clears the fleet row when no server is in the loop.
 */
export async function planFleet(ctx: MutationCtx, fleet: Doc<"pollerFleet"> | null): Promise<void> {
  const looping = await ctx.db
    .query("pollers")
    .withIndex("by_nextPollAt", (q) => q.gte("nextPollAt", 0))
    .take(FLEET_MAX_SERVERS);
  const generation = (fleet?.generation ?? 0) + 1;
  if (looping.length === 0) {
    if (fleet) await ctx.db.patch("pollerFleet", fleet._id, { jobId: undefined, dueAt: undefined });
    return;
  }
  const dueAt = Math.max(looping[0]!.nextPollAt!, Date.now());
  const due: DuePoll[] = [];
  for (const p of looping) {
    if (p.nextPollAt! > dueAt + FLEET_BATCH_WINDOW_MS) break;
    const server = await ctx.db.get("servers", p.serverId);
    if (!server || server.disabled) continue;
    due.push({
      serverId: p.serverId,
      generation: p.generation,
      target: await targetFor(ctx, server),
      withPlayers: p.withPlayers ?? true,
    });
  }
  const jobId = await ctx.scheduler.runAt(dueAt, internal.poller.fleetTick, { generation, due });
  if (fleet) await ctx.db.patch("pollerFleet", fleet._id, { generation, jobId, dueAt });
  else await ctx.db.insert("pollerFleet", { generation, jobId, dueAt });
}

/**
 * Makes sure a fleet tick runs by `at`: a pending tick planned later is replaced; a tick in
 * progress plans its successor when it has stored everything, so it is left alone; a fleet whose
 * tick died is planned again.
 */
export async function fleetDueBy(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  at: number,
  generation: number,
): Promise<void> {
  const fleet = await fleetOf(ctx);
  const job = await jobIsAlive(ctx, fleet?.jobId);
  if (job?.state.kind === "inProgress") return;
  if (job && fleet?.dueAt !== undefined) {
    const entry = (job.args[0] as { due: DuePoll[] }).due.find((d) => d.serverId === serverId);
    // Kept when it polls this server in time, or runs (and plans the next) before it is due; a
    // tick that would poll it with a spent ticket (its leased poll answered since) is replanned.
    const keep = entry
      ? entry.generation === generation && fleet.dueAt <= at + FLEET_BATCH_WINDOW_MS
      : fleet.dueAt + FLEET_BATCH_WINDOW_MS < at;
    if (keep) return;
    await ctx.scheduler.cancel(job._id);
  }
  await planFleet(ctx, fleet);
}

/** Puts a server in the loop with its next poll at `at` (a fresh ticket drops results in flight). */
export async function pollAt(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  poller: Doc<"pollers"> | null,
  at: number,
  withPlayers: boolean,
): Promise<void> {
  const generation = (poller?.generation ?? 0) + 1;
  if (poller) {
    await ctx.db.patch("pollers", poller._id, {
      generation,
      nextPollAt: at,
      withPlayers,
      jobId: undefined,
      leaseUntil: undefined,
    });
  } else {
    await ctx.db.insert("pollers", {
      serverId,
      generation,
      nextPollAt: at,
      withPlayers,
      lastTickAt: at,
      lastPlayersAt: 0,
      lastLivenessWriteAt: 0,
    });
  }
  await fleetDueBy(ctx, serverId, at, generation);
}

/** Makes sure this server is in the loop; returns without polling it twice. */
export async function ensurePoller(
  ctx: MutationCtx,
  serverId: Id<"servers">,
): Promise<EnsureResult> {
  const server = await ctx.db.get("servers", serverId);
  if (!server || server.disabled || (await rconStopped(ctx, server))) return "disabled";
  const poller = await pollerOf(ctx, serverId);
  if (poller?.nextPollAt !== undefined) {
    await fleetDueBy(ctx, serverId, poller.nextPollAt, poller.generation);
    return "running";
  }
  await pollAt(ctx, serverId, poller, Date.now(), true);
  return "started";
}

/**
 * Called by a viewer heartbeat. Puts an idle server back in the loop, and when this is the first
 * watcher of a slowly polled server (or the first to open its player list), brings its next poll
 * forward to the watched cadence. Never sooner: whatever viewers do (come and go, switch tabs
 * every 100 ms), a server is polled at most once per watched interval after its last poll, and
 * its players at most once per players interval.
 */
export async function kickPollerIfIdle(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  wantsPlayers = false,
): Promise<void> {
  const server = await ctx.db.get("servers", serverId);
  if (!server || server.disabled || (await rconStopped(ctx, server))) return;
  const poller = await pollerOf(ctx, serverId);
  const now = Date.now();
  // The next poll may come no sooner than one watched interval after the last one (longer for a
  // server that keeps timing out), and fetch the players no sooner than their own interval (with
  // the same slack as `playersDue`).
  const earliest = Math.max(now, (poller?.lastTickAt ?? 0) + minIntervalMs(poller?.timeouts));
  const playersOk = (at: number) =>
    at >= (poller?.lastPlayersAt ?? 0) + PLAYERS_INTERVAL_MS - WATCHED_INTERVAL_MS / 2;
  if (poller?.nextPollAt === undefined) {
    await pollAt(ctx, serverId, poller, earliest, playersOk(earliest));
    return;
  }
  // A poll in flight is left to end: its result sets the next one.
  if (poller.leaseUntil !== undefined) {
    await fleetDueBy(ctx, serverId, poller.nextPollAt, poller.generation);
    return;
  }
  const at = Math.min(poller.nextPollAt, earliest);
  const hasPlayers = poller.withPlayers === true;
  const withPlayers = hasPlayers || (wantsPlayers && playersOk(at));
  if (at < poller.nextPollAt || withPlayers !== hasPlayers) {
    await pollAt(ctx, serverId, poller, at, withPlayers);
  } else await fleetDueBy(ctx, serverId, poller.nextPollAt, poller.generation); // revives a dead tick
}

/** Restart after a config change, so the next poll uses the new address and secrets. */
export async function restartPoller(ctx: MutationCtx, serverId: Id<"servers">): Promise<void> {
  const server = await ctx.db.get("servers", serverId);
  const poller = await pollerOf(ctx, serverId);
  if (server && !server.disabled) await pollAt(ctx, serverId, poller, Date.now(), true);
  else if (poller) {
    await ctx.db.patch("pollers", poller._id, {
      generation: poller.generation + 1,
      nextPollAt: undefined,
      jobId: undefined,
      leaseUntil: undefined,
    });
  }
}

/**
 * Plans the tick after fleet tick `fleet`, unless that tick has been superseded. `inFlight`: the
 * servers whose polls have not ended yet, leased until `leaseUntil` so the next tick skips them.
 */
export async function planNextFleetTick(
  ctx: MutationCtx,
  fleet: number,
  inFlight: { serverId: Id<"servers">; generation: number }[] = [],
  leaseUntil?: number,
): Promise<void> {
  if (leaseUntil !== undefined) {
    for (const { serverId, generation } of inFlight) {
      const poller = await pollerOf(ctx, serverId);
      // Its result may have been stored meanwhile (the ticket moved on): nothing to lease then.
      if (!poller || poller.generation !== generation || poller.nextPollAt === undefined) continue;
      await ctx.db.patch("pollers", poller._id, { nextPollAt: leaseUntil, leaseUntil });
    }
  }
  const row = await fleetOf(ctx);
  if (row && row.generation === fleet) await planFleet(ctx, row);
}
