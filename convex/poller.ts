/**
 * One polling loop per enabled game server, whatever the number of viewers (DESIGN §2).
 *
 *   tick (action: fetch)  →  store (mutation: diff + write + schedule next tick)  →  tick …
 *
 * - Watched (a live presence row): match + summary every 5 s, players every 15 s.
 *   Idle: a keep-alive every 65 s (2 function calls per tick, so ≈110 calls/hour).
 * - `generation` is a ticket: every scheduled tick carries the next number and `store` accepts only
 *   the one the poller expects, so a superseded loop, a duplicate or a stray tick exits at once.
 *   `jobId` lets `ensure` see a live loop and return; the watchdog cron and viewer heartbeats
 *   revive a loop that died.
 * - The tick's arguments carry the server's connection settings (incl. its secrets), so an idle
 *   tick needs no extra query. Scheduled arguments stay inside the deployment (dashboard only).
 */
import { matchSnapshotOf, playerSnapshotOf, statusOf } from "./model/liveData";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import {
  internalAction,
  internalMutation,
  type MutationCtx,
  type QueryCtx,
} from "./_generated/server";
import { pollGameServer } from "./gameServer/poll";
import type { GameServerTarget } from "./gameServer/request";
import { matchChanged, playersChanged, statusWrite } from "./lib/snapshots";
import { vConnectionType, vMatch, vPlayer, vSummary } from "./lib/validators";

export const WATCHED_INTERVAL_MS = 5_000;
export const PLAYERS_INTERVAL_MS = 15_000;
export const IDLE_INTERVAL_MS = 65_000;

const vTarget = v.object({
  connectionType: vConnectionType,
  baseUrl: v.string(),
  apiKey: v.optional(v.string()),
  proxyTargetHost: v.optional(v.string()),
  proxyTargetPort: v.optional(v.number()),
  rconPassword: v.optional(v.string()),
});

export async function targetFor(ctx: QueryCtx, server: Doc<"servers">): Promise<GameServerTarget> {
  const secret = await ctx.db
    .query("serverSecrets")
    .withIndex("by_serverId", (q) => q.eq("serverId", server._id))
    .unique();
  return {
    connectionType: server.connectionType,
    baseUrl: server.apiBaseUrl,
    apiKey: secret?.apiKey,
    proxyTargetHost: server.proxyTargetHost,
    proxyTargetPort: server.proxyTargetPort,
    rconPassword: secret?.rconPassword,
  };
}

async function pollerOf(ctx: MutationCtx, serverId: Id<"servers">) {
  return await ctx.db
    .query("pollers")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
}

export async function isWatched(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  now: number,
): Promise<boolean> {
  const live = await ctx.db
    .query("presence")
    .withIndex("by_serverId_and_expiresAt", (q) => q.eq("serverId", serverId).gt("expiresAt", now))
    .first();
  return live !== null;
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
): Promise<"running" | "started" | "disabled"> {
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

export const ensure = internalMutation({
  args: { serverId: v.id("servers") },
  returns: v.union(v.literal("running"), v.literal("started"), v.literal("disabled")),
  handler: async (ctx, { serverId }) => await ensurePoller(ctx, serverId),
});

export const tick = internalAction({
  args: {
    serverId: v.id("servers"),
    generation: v.number(),
    target: vTarget,
    withPlayers: v.boolean(),
  },
  returns: v.null(),
  handler: async (ctx, { serverId, generation, target, withPlayers }) => {
    const result = await pollGameServer(target, withPlayers);
    await ctx.runMutation(internal.poller.store, { serverId, generation, result });
    return null;
  },
});

const vPollResult = v.union(
  v.object({
    ok: v.literal(true),
    match: vMatch,
    summary: vSummary,
    players: v.optional(v.array(vPlayer)),
  }),
  v.object({ ok: v.literal(false), error: v.string() }),
);

export const store = internalMutation({
  args: { serverId: v.id("servers"), generation: v.number(), result: vPollResult },
  returns: v.null(),
  handler: async (ctx, { serverId, generation, result }) => {
    const poller = await pollerOf(ctx, serverId);
    if (!poller || poller.generation !== generation) return null; // superseded or stray tick: exit
    const server = await ctx.db.get("servers", serverId);
    if (!server || server.disabled) {
      await ctx.db.patch("pollers", poller._id, { jobId: undefined });
      return null;
    }
    const now = Date.now();
    await applyResult(ctx, serverId, result, now);
    const watched = await isWatched(ctx, serverId, now);
    const playersDue =
      !watched || now - poller.lastPlayersAt >= PLAYERS_INTERVAL_MS - WATCHED_INTERVAL_MS / 2;
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
      ...(result.ok && result.players ? { lastPlayersAt: now } : {}),
    });
    return null;
  },
});

async function applyResult(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  result:
    | {
        ok: true;
        match: Doc<"matchSnapshots">["match"];
        summary: NonNullable<Doc<"matchSnapshots">["summary"]>;
        players?: Doc<"playerSnapshots">["players"];
      }
    | { ok: false; error: string },
  now: number,
) {
  const status = await statusOf(ctx, serverId);
  const write = statusWrite(status, result, now);
  if (write.kind === "online") {
    const fields = { online: true, lastSuccessAt: now, livenessAt: now, lastError: undefined };
    if (status) {
      await ctx.db.patch(
        "serverStatus",
        status._id,
        write.refreshOnly ? { lastSuccessAt: now, livenessAt: now } : { ...fields, changedAt: now },
      );
    } else await ctx.db.insert("serverStatus", { serverId, ...fields, changedAt: now });
  } else if (write.kind === "offline") {
    const fields = { online: false, livenessAt: now, lastError: write.error, changedAt: now };
    if (status) await ctx.db.patch("serverStatus", status._id, fields);
    else await ctx.db.insert("serverStatus", { serverId, ...fields });
  }
  if (!result.ok) return;

  const snapshot = await matchSnapshotOf(ctx, serverId);
  if (matchChanged(snapshot, result)) {
    const doc = { serverId, match: result.match, summary: result.summary, updatedAt: now };
    if (snapshot) await ctx.db.replace("matchSnapshots", snapshot._id, doc);
    else await ctx.db.insert("matchSnapshots", doc);
  }
  if (result.players) {
    const players = await playerSnapshotOf(ctx, serverId);
    if (playersChanged(players?.players ?? null, result.players)) {
      const doc = { serverId, players: result.players, updatedAt: now };
      if (players) await ctx.db.replace("playerSnapshots", players._id, doc);
      else await ctx.db.insert("playerSnapshots", doc);
    }
  }
}

/** Cron: revive dead loops of enabled servers and drop expired presence rows. */
export const watchdog = internalMutation({
  args: {},
  returns: v.object({ started: v.number(), cleaned: v.number() }),
  handler: async (ctx) => {
    let started = 0;
    for (const server of await ctx.db.query("servers").withIndex("by_order").take(50)) {
      if ((await ensurePoller(ctx, server._id)) === "started") started++;
    }
    const expired = await ctx.db
      .query("presence")
      .withIndex("by_expiresAt", (q) => q.lt("expiresAt", Date.now()))
      .take(2000);
    for (const row of expired) await ctx.db.delete("presence", row._id);
    return { started, cleaned: expired.length };
  },
});
