import { v } from "convex/values";
import { publicMutation, publicQuery } from "./lib/functions";
import { vRoundMark } from "./lib/rounds";
import { roundLogOf } from "./model/history/rounds";
import type { Doc } from "./_generated/dataModel";
import {
  vBoardLine,
  vLiveView,
  vMatch,
  vPlayer,
  vPublicServerEntry,
  vSummary,
} from "./lib/validators";
import { enabledServersWithStatus, shownServer } from "./model/live/data";
import { playerSnapshotOf, statusOf, storedMatchSnapshotOf } from "./model/live/snapshots";
import { kickPollerIfIdle } from "./model/live/pollSchedule";
import { gotvAddressOf } from "./model/live/gotv";
import { recordPresence } from "./model/live/presence";

export const vLiveStatus = v.object({
  online: v.boolean(),
  lastSuccessAt: v.optional(v.number()),
  livenessAt: v.number(),
});

function liveStatus(row: Doc<"serverStatus"> | null) {
  return row
    ? { online: row.online, lastSuccessAt: row.lastSuccessAt, livenessAt: row.livenessAt }
    : null;
}

/** Online flag and freshness of one server (the other tabs); null until the first poll finished. */
export const status = publicQuery({
  args: { serverId: v.id("servers") },
  returns: v.union(v.null(), vLiveStatus),
  handler: async (ctx, { serverId }) => liveStatus(await statusOf(ctx, serverId)),
});

/**
 * The dashboard's one subscription: status, match info with the team names, totals, the
 * scoreboard by side and the round strip. One
 * meaningful write costs each viewer one re-run; it reads nothing it does not show. Like every
 * `publicQuery` it never reads the identity, so all viewers, signed in or not, share one cached
 * run per change.
 */
export const dashboard = publicQuery({
  // Any of the three: the first screen asks with what the page knows before the server list
  // arrives (the link's key, the remembered id), so both come back in one round trip.
  args: {
    // A string, not v.id: a remembered id may be stale or from another deployment, and then
    // names nothing rather than failing the page's first query.
    serverId: v.optional(v.string()),
    serverKey: v.optional(v.string()),
    orFirst: v.optional(v.boolean()),
  },
  returns: v.object({
    /** The server shown; null when the reference names none (and nothing to fall back to). */
    serverId: v.union(v.id("servers"), v.null()),
    status: v.union(v.null(), vLiveStatus),
    snapshot: v.union(
      v.null(),
      v.object({
        match: vMatch,
        summary: v.optional(vSummary),
        /** Players on a side, written with the match or at most once a minute (model/live/data.ts). */
        board: v.array(vBoardLine),
        updatedAt: v.number(),
      }),
    ),
    /** The rounds of the match being played (written with the score, so no extra re-run). */
    rounds: v.array(vRoundMark),
    /** `host:port` to watch through GOTV while the server broadcasts; null otherwise. */
    gotvAddress: v.union(v.string(), v.null()),
  }),
  handler: async (ctx, ref) => {
    const server = await shownServer(ctx, ref);
    if (!server) {
      return { serverId: null, gotvAddress: null, status: null, snapshot: null, rounds: [] };
    }
    const serverId = server._id;
    // As written, with the course the browser follows by itself (see `Match.upcoming`).
    const row = await storedMatchSnapshotOf(ctx, serverId);
    const log = await roundLogOf(ctx, serverId);
    const status = await statusOf(ctx, serverId);
    return {
      serverId,
      gotvAddress: gotvAddressOf(server, status),
      status: liveStatus(status),
      snapshot: row
        ? {
            match: row.match,
            summary: row.summary,
            board: row.board ?? [],
            updatedAt: row.updatedAt,
          }
        : null,
      rounds: log?.rounds ?? [],
    };
  },
});

/**
 * Where to watch one server through GOTV: `host:port` while it is online with GOTV on, else null
 * (a tournament's page while its map is played). Reads the server and its status row only, which
 * change when the server goes on or off line, not with play.
 */
export const gotv = publicQuery({
  args: { serverId: v.id("servers") },
  returns: v.union(v.string(), v.null()),
  handler: async (ctx, { serverId }) => {
    const server = await ctx.db.get("servers", serverId);
    if (!server || server.disabled) return null;
    return gotvAddressOf(server, await statusOf(ctx, serverId));
  },
});

/** The players and random tabs' one subscription: status and every player seen on the map. */
export const playerList = publicQuery({
  args: { serverId: v.id("servers") },
  returns: v.object({
    status: v.union(v.null(), vLiveStatus),
    players: v.union(v.null(), v.object({ players: v.array(vPlayer), updatedAt: v.number() })),
  }),
  handler: async (ctx, { serverId }) => {
    const row = await playerSnapshotOf(ctx, serverId);
    return {
      status: liveStatus(await statusOf(ctx, serverId)),
      players: row ? { players: row.players, updatedAt: row.updatedAt } : null,
    };
  },
});

/** Cached status of every enabled server, for the connect pages (no browser call to a game server). */
export const connectTargets = publicQuery({
  args: {},
  returns: v.array(v.object({ ...vPublicServerEntry.fields, known: v.boolean() })),
  handler: async (ctx) => await enabledServersWithStatus(ctx),
});

/**
 * "Someone is watching this server": a browser tab calls this every 60 s while the panel shows
 * the server. It only touches `presence`, which no viewer query reads, so it wakes no subscription.
 */
export const heartbeat = publicMutation({
  args: { serverId: v.id("servers"), viewerId: v.string(), view: v.optional(vLiveView) },
  returns: v.null(),
  handler: async (ctx, { serverId, viewerId, view }) => {
    if (await recordPresence(ctx, serverId, viewerId, view)) {
      await kickPollerIfIdle(ctx, serverId, view === "players");
    }
    return null;
  },
});
