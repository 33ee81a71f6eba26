import { v } from "convex/values";
import { publicMutation, publicQuery } from "./lib/functions";
import { fail } from "./lib/errors";
import { vMatch, vPlayer, vSummary } from "./lib/validators";
import { kickPollerIfIdle } from "./poller";
import { matchSnapshotOf, playerSnapshotOf, statusOf } from "./model/liveData";
import { allowNewViewer } from "./lib/rateLimits";

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
  handler: async (ctx) => {
    const servers = await ctx.db.query("servers").withIndex("by_order").take(50);
    const result = [];
    for (const s of servers) {
      if (s.disabled) continue;
      const st = await statusOf(ctx, s._id);
      result.push({
        key: s.key,
        name: s.name,
        connectAddress: s.connectAddress,
        online: st?.online ?? false,
        known: st !== null,
      });
    }
    return result;
  },
});

export const PRESENCE_TTL_MS = 45_000;

/**
 * "Someone is watching this server": a browser tab calls this every ~20 s while the panel shows
 * the server. It only touches `presence`, which no viewer query reads, so it wakes no subscription.
 */
export const heartbeat = publicMutation({
  args: { serverId: v.id("servers"), viewerId: v.string() },
  returns: v.null(),
  handler: async (ctx, { serverId, viewerId }) => {
    if (viewerId.length < 8 || viewerId.length > 64) {
      fail("INVALID_INPUT", "Некоректний ідентифікатор вкладки.");
    }
    const server = await ctx.db.get("servers", serverId);
    if (!server || server.disabled) return null;
    const now = Date.now();
    const mine = await ctx.db
      .query("presence")
      .withIndex("by_serverId_and_viewerId", (q) =>
        q.eq("serverId", serverId).eq("viewerId", viewerId),
      )
      .unique();
    const someoneWatching = await ctx.db
      .query("presence")
      .withIndex("by_serverId_and_expiresAt", (q) =>
        q.eq("serverId", serverId).gt("expiresAt", now),
      )
      .first();
    if (mine) await ctx.db.patch("presence", mine._id, { expiresAt: now + PRESENCE_TTL_MS });
    else if (await allowNewViewer(ctx)) {
      await ctx.db.insert("presence", { serverId, viewerId, expiresAt: now + PRESENCE_TTL_MS });
    } else return null; // a flood of fresh ids: the real viewers already keep the server watched
    // The first watcher should not wait for the slow idle keep-alive.
    if (!someoneWatching) await kickPollerIfIdle(ctx, serverId);
    return null;
  },
});
