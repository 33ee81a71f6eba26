import { v } from "convex/values";
import { publicMutation, publicQuery } from "./lib/functions";
import { vMatch, vPlayer, vSummary } from "./lib/validators";
import {
  enabledServersWithStatus,
  matchSnapshotOf,
  playerSnapshotOf,
  statusOf,
} from "./model/liveData";
import { kickPollerIfIdle } from "./model/poller";
import { recordPresence } from "./model/presence";

export const vLiveStatus = v.object({
  online: v.boolean(),
  lastSuccessAt: v.optional(v.number()),
  livenessAt: v.number(),
});

/** Online flag and freshness of one server; null until the first poll finished. */
export const status = publicQuery({
  args: { serverId: v.id("servers") },
  returns: v.union(v.null(), vLiveStatus),
  handler: async (ctx, { serverId }) => {
    const row = await statusOf(ctx, serverId);
    if (!row) return null;
    return { online: row.online, lastSuccessAt: row.lastSuccessAt, livenessAt: row.livenessAt };
  },
});

/** Match info + totals, as last read from the game server. */
export const match = publicQuery({
  args: { serverId: v.id("servers") },
  returns: v.union(
    v.null(),
    v.object({ match: vMatch, summary: v.optional(vSummary), updatedAt: v.number() }),
  ),
  handler: async (ctx, { serverId }) => {
    const row = await matchSnapshotOf(ctx, serverId);
    return row ? { match: row.match, summary: row.summary, updatedAt: row.updatedAt } : null;
  },
});

/** Every player seen on the current map (connected, spectating and offline). */
export const players = publicQuery({
  args: { serverId: v.id("servers") },
  returns: v.union(v.null(), v.object({ players: v.array(vPlayer), updatedAt: v.number() })),
  handler: async (ctx, { serverId }) => {
    const row = await playerSnapshotOf(ctx, serverId);
    return row ? { players: row.players, updatedAt: row.updatedAt } : null;
  },
});

/** Cached status of every enabled server, for the connect pages (no browser call to a game server). */
export const connectTargets = publicQuery({
  args: {},
  returns: v.array(
    v.object({
      key: v.string(),
      name: v.string(),
      connectAddress: v.string(),
      online: v.boolean(),
      known: v.boolean(),
    }),
  ),
  handler: async (ctx) => await enabledServersWithStatus(ctx),
});

/**
 * "Someone is watching this server": a browser tab calls this every 60 s while the panel shows
 * the server. It only touches `presence`, which no viewer query reads, so it wakes no subscription.
 */
export const heartbeat = publicMutation({
  args: { serverId: v.id("servers"), viewerId: v.string() },
  returns: v.null(),
  handler: async (ctx, { serverId, viewerId }) => {
    if (await recordPresence(ctx, serverId, viewerId)) await kickPollerIfIdle(ctx, serverId);
    return null;
  },
});
