/**
 * Server health for admins (model/live/health.ts) and the check after a CS2 or plugin update
 * (model/live/updateCheck.ts).
 */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalAction, internalMutation, internalQuery } from "./_generated/server";
import { adminQuery } from "./lib/functions";
import { GAME_SERVER_TEXTS } from "./lib/texts/gameServer";
import { vHealthSample, vPlayerLink } from "./lib/validators";
import { healthView, storeLatest as storeLatestOf } from "./model/live/health";
import { refreshToggles } from "./model/serverControl/toggles";
import { askSteamForLatest, storeSwitchCheck, vUpdateView } from "./model/live/updateCheck";

const vLatest = v.object({
  requiredBuild: v.optional(v.number()),
  upToDate: v.boolean(),
  checkedAt: v.number(),
});
const vFeedArrival = v.union(
  v.object({
    lastAt: v.union(v.number(), v.null()),
    /** Silent since then while players are on: a state (model/serverLog/silence.ts). */
    silentSince: v.optional(v.number()),
  }),
  v.null(),
);

export const of = adminQuery({
  args: { serverId: v.id("servers") },
  returns: v.object({
    online: v.boolean(),
    version: v.optional(v.string()),
    build: v.optional(v.number()),
    bootedAt: v.optional(v.number()),
    fps: v.optional(v.number()),
    frameMs: v.optional(v.number()),
    rttMs: v.optional(v.number()),
    links: v.array(vPlayerLink),
    players: v.number(),
    sampledAt: v.optional(v.number()),
    samples: v.array(vHealthSample),
    latest: v.optional(vLatest),
    log: vFeedArrival,
    push: vFeedArrival,
    update: v.union(vUpdateView, v.null()),
  }),
  handler: async (ctx, { serverId }) => await healthView(ctx, serverId, Date.now()),
});

/** Right after an update: reads the switches back (read-only: nothing on the match changes). */
export const checkAfterUpdate = internalAction({
  args: { serverId: v.id("servers"), updateId: v.id("serverUpdates") },
  returns: v.null(),
  handler: async (ctx, { serverId, updateId }) => {
    const server = await ctx.runQuery(internal.serverControl.targetOf, { serverId });
    if (!server) return null;
    const confirmed = await refreshToggles(ctx, { serverId, target: server.target });
    await ctx.runMutation(internal.health.storeSwitchCheckResult, {
      updateId,
      failed: confirmed ? null : GAME_SERVER_TEXTS["refusal.gameServer.switchReadFailed"],
    });
    return null;
  },
});

export const storeSwitchCheckResult = internalMutation({
  args: { updateId: v.id("serverUpdates"), failed: v.union(v.string(), v.null()) },
  returns: v.null(),
  handler: async (ctx, { updateId, failed }) => {
    await storeSwitchCheck(ctx, updateId, failed, Date.now());
    return null;
  },
});

export const builds = internalQuery({
  args: {},
  returns: v.array(v.object({ serverId: v.id("servers"), build: v.number() })),
  handler: async (ctx) => {
    const rows = await ctx.db.query("serverHealth").take(50);
    return rows.flatMap((r) =>
      r.build !== undefined ? [{ serverId: r.serverId, build: r.build }] : [],
    );
  },
});

/** Hourly and after an update: asks Steam once per build the fleet runs whether it is the newest. */
export const checkLatest = internalAction({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const rows = await ctx.runQuery(internal.health.builds, {});
    const answers = new Map<number, Awaited<ReturnType<typeof askSteamForLatest>> | null>();
    for (const { build } of rows) {
      if (answers.has(build)) continue;
      answers.set(build, await askSteamForLatest(build, Date.now()).catch(() => null));
    }
    for (const { serverId, build } of rows) {
      const latest = answers.get(build);
      if (latest) await ctx.runMutation(internal.health.storeLatest, { serverId, latest });
    }
    return null;
  },
});

export const storeLatest = internalMutation({
  args: { serverId: v.id("servers"), latest: vLatest },
  returns: v.null(),
  handler: async (ctx, { serverId, latest }) => {
    await storeLatestOf(ctx, serverId, latest);
    return null;
  },
});
