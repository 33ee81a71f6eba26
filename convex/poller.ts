/** The polling loop's scheduled functions; the loop itself is described in `model/live/poller.ts`. */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import {
  internalAction,
  internalMutation,
  internalQuery,
  type MutationCtx,
} from "./_generated/server";
import { vPollResult, vTarget } from "./lib/validators";
import {
  FLEET_PLAN_AFTER_MS,
  idleTargets,
  POLL_LEASE_MS,
  storeSweep,
  storeTick,
} from "./model/live/poller";
import { ensurePoller, planNextFleetTick, type DuePoll } from "./model/live/pollSchedule";
import { pollServer } from "./model/live/pollSources";
import { cleanExpiredPresence, PRESENCE_CLEANUP_BATCH } from "./model/live/presence";

export const ensure = internalMutation({
  args: { serverId: v.id("servers") },
  returns: v.union(v.literal("running"), v.literal("started"), v.literal("disabled")),
  handler: async (ctx, { serverId }) => await ensurePoller(ctx, serverId),
});

const vDuePoll = v.object({
  serverId: v.id("servers"),
  generation: v.number(),
  target: vTarget,
  withPlayers: v.boolean(),
});

/** Polls one server now and stores the result (outside the fleet's plan: tests, tools). */
export const tick = internalAction({
  args: vDuePoll.fields,
  returns: v.null(),
  handler: async (ctx, { serverId, generation, target, withPlayers }) => {
    const result = await pollServer(ctx, target, withPlayers);
    await ctx.runMutation(internal.poller.store, { serverId, generation, result });
    return null;
  },
});

/**
 * The fleet's one scheduled function: polls every due server in parallel and stores each result
 * in its own mutation as it arrives, so a fast server's data never waits for a slow one. The last
 * store, after all others have committed, plans the next fleet tick; when a poll is still out
 * after `FLEET_PLAN_AFTER_MS`, the next tick is planned without it instead (its server leased
 * until its poll must have ended), so one silent server never stretches the others' cadence.
 */
export const fleetTick = internalAction({
  args: { generation: v.number(), due: v.array(vDuePoll) },
  returns: v.null(),
  handler: async (ctx, { generation, due }) => {
    const startedAt = Date.now();
    const inFlight = new Map(due.map((d) => [d.serverId, d]));
    const stored: Promise<unknown>[] = [];
    let planned = false;
    const settle = async ({ serverId, generation: ticket, target, withPlayers }: DuePoll) => {
      const result = await pollServer(ctx, target, withPlayers);
      inFlight.delete(serverId);
      if (inFlight.size > 0 || planned) {
        stored.push(
          ctx.runMutation(internal.poller.store, { serverId, generation: ticket, result }),
        );
        return;
      }
      planned = true;
      await Promise.allSettled(stored);
      try {
        await ctx.runMutation(internal.poller.store, {
          serverId,
          generation: ticket,
          result,
          fleet: generation,
        });
      } catch {
        // Whatever happened to this result, the fleet goes on.
        await ctx.runMutation(internal.poller.planNext, { fleet: generation });
      }
    };
    const polls = Promise.all(due.map(settle));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const patience = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, FLEET_PLAN_AFTER_MS);
    });
    await Promise.race([polls, patience]);
    clearTimeout(timer);
    if (!planned) {
      planned = true;
      const late = [...inFlight.values()].map(({ serverId, generation: g }) => ({
        serverId,
        generation: g,
      }));
      await Promise.allSettled(stored);
      await ctx.runMutation(internal.poller.planNext, {
        fleet: generation,
        inFlight: late,
        leaseUntil: startedAt + POLL_LEASE_MS,
      });
    }
    await polls;
    await Promise.allSettled(stored);
    return null;
  },
});

export const store = internalMutation({
  args: {
    serverId: v.id("servers"),
    generation: v.number(),
    result: vPollResult,
    fleet: v.optional(v.number()),
  },
  returns: v.null(),
  handler: async (ctx, { serverId, generation, result, fleet }) => {
    await storeTick(ctx, serverId, generation, result, fleet);
    return null;
  },
});

/**
 * Plans the next fleet tick after one that had nothing left to poll, or whose slowest polls are
 * still out (`inFlight`, leased until `leaseUntil`).
 */
export const planNext = internalMutation({
  args: {
    fleet: v.number(),
    inFlight: v.optional(v.array(v.object({ serverId: v.id("servers"), generation: v.number() }))),
    leaseUntil: v.optional(v.number()),
  },
  returns: v.null(),
  handler: async (ctx, { fleet, inFlight, leaseUntil }) => {
    await planNextFleetTick(ctx, fleet, inFlight, leaseUntil);
    return null;
  },
});

/**
 * Cron (every few minutes): polls every idle server in one action and stores all results in one
 * mutation, whatever the size of the fleet. It also revives a loop that died and drops expired
 * presence rows.
 */
export const sweep = internalAction({
  args: {},
  returns: v.object({ polled: v.number(), started: v.number(), cleaned: v.number() }),
  handler: async (ctx): Promise<{ polled: number; started: number; cleaned: number }> => {
    const targets = await ctx.runQuery(internal.poller.sweepTargets, {});
    const results = await Promise.all(
      targets.map(async ({ serverId, target }) => ({
        serverId,
        result: await pollServer(ctx, target, true),
      })),
    );
    const stored = await ctx.runMutation(internal.poller.storeSweepResults, { results });
    return { polled: results.length, ...stored };
  },
});

export const sweepTargets = internalQuery({
  args: {},
  returns: v.array(v.object({ serverId: v.id("servers"), target: vTarget })),
  handler: async (ctx) => await idleTargets(ctx),
});

export const storeSweepResults = internalMutation({
  args: { results: v.array(v.object({ serverId: v.id("servers"), result: vPollResult })) },
  returns: v.object({ started: v.number(), cleaned: v.number() }),
  handler: async (ctx, { results }) => ({
    started: await storeSweep(ctx, results),
    cleaned: await cleanPresence(ctx),
  }),
});

/** Continues the presence clean-up batch by batch until no expired row is left. */
export const cleanPresenceBatch = internalMutation({
  args: {},
  returns: v.number(),
  handler: async (ctx) => await cleanPresence(ctx),
});

async function cleanPresence(ctx: MutationCtx): Promise<number> {
  const cleaned = await cleanExpiredPresence(ctx, Date.now());
  // A full batch means more may be waiting: however fast rows were admitted, none stays behind.
  if (cleaned === PRESENCE_CLEANUP_BATCH) {
    await ctx.scheduler.runAfter(0, internal.poller.cleanPresenceBatch, {});
  }
  return cleaned;
}
