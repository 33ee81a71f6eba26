/** The polling loop's scheduled functions; the loop itself is described in `model/poller.ts`. */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import {
  internalAction,
  internalMutation,
  internalQuery,
  type MutationCtx,
} from "./_generated/server";
import { pollGameServer } from "./gameServer/poll";
import { vPollResult, vTarget } from "./lib/validators";
import { ensurePoller, idleTargets, storeSweep, storeTick } from "./model/poller";
import { cleanExpiredPresence, PRESENCE_CLEANUP_BATCH } from "./model/presence";

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

export const store = internalMutation({
  args: { serverId: v.id("servers"), generation: v.number(), result: vPollResult },
  returns: v.null(),
  handler: async (ctx, { serverId, generation, result }) => {
    await storeTick(ctx, serverId, generation, result);
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
        result: await pollGameServer(target, true),
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
