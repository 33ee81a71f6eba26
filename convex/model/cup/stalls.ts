/**
 * A cup match that cannot go on by itself: its series ended level with no winner (a BO1 map drawn,
 * as CS2 without overtime can end), a team none of whose seated players is on the server minutes
 * after its map was launched, its server deleted, disabled or not answering, or its start passed
 * with a team that did not check in and walkovers off. Its admins are told on the cup's page with
 * what they can do; nothing is written for it, so no public page wakes.
 *
 * A stall is shown from `at`: at once for a drawn series or a gone server, after a grace for an
 * absent team or a silent server, so a player still loading the map or a poll that failed once is
 * not one. The admin's page compares `at` with its own clock (a query is not re-run as time passes).
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import type { Player } from "../../lib/validators";
import { playerSnapshotOf } from "../live/snapshots";
import { relaunchableMap } from "../tournament/state";
import { freeServers } from "./run";
import { matchRows, requireCup } from "./store";

/** A launched map's teams may take this long to join before a missing team is a stall. */
export const ABSENT_AFTER_MS = 5 * 60_000;
/** A server that stopped answering this long ago is a stall. */
export const OFFLINE_AFTER_MS = 2 * 60_000;

export type StallKind = "draw" | "absent" | "serverOffline" | "serverGone" | "noShow";

export interface Stall {
  matchId: Id<"cupMatches">;
  key: string;
  kind: StallKind;
  /** Shown from then (epoch ms). */
  at: number;
  /** The names of the teams none of whose seated players is on the server (`absent`). */
  missing?: string[];
}

/** What the stall of one match is decided from. */
export interface StallFacts {
  row: Pick<Doc<"cupMatches">, "_id" | "key" | "phase" | "startAt" | "serverId">;
  server: Pick<Doc<"servers">, "disabled"> | null;
  status: Pick<Doc<"serverStatus">, "online" | "changedAt"> | null;
  tournament: Doc<"tournaments"> | null;
  /** The server's player list as the last poll saw it. */
  players: Player[] | null;
}

const PLAYING = new Set<Player["team"]>(["Counter-Terrorist", "Terrorist"]);

function seatedOnServer(team: Doc<"tournaments">["teamA"], players: Player[]): boolean {
  const seated = new Set(team.players.flatMap((p) => (p.steamId ? [p.steamId] : [])));
  return players.some((p) => PLAYING.has(p.team) && seated.has(p.steamId));
}

/** The stall of one match, or null while it can go on by itself. */
export function stallOf(f: StallFacts): Stall | null {
  const { row } = f;
  const base = { matchId: row._id, key: row.key };
  if (row.phase === "no_show") return { ...base, kind: "noShow", at: row.startAt ?? 0 };
  if (row.phase !== "veto" && row.phase !== "live") return null;
  if (!f.server || f.server.disabled) return { ...base, kind: "serverGone", at: 0 };
  if (f.status && !f.status.online) {
    return { ...base, kind: "serverOffline", at: f.status.changedAt + OFFLINE_AFTER_MS };
  }
  const t = f.tournament;
  if (!t || t.archived) return null;
  // Every map of the series has its result and nobody won it: a drawn map left it level.
  const results = t.seriesResults ?? [];
  if (!t.seriesWinner && t.series.length > 0 && results.length >= t.series.length) {
    return { ...base, kind: "draw", at: 0 };
  }
  // A map in play on this server: each team has a seated player on a side, or is missing.
  const launched = t.launchedOn;
  const players = f.players;
  if (relaunchableMap(t) === null || !launched || launched.serverId !== row.serverId || !players) {
    return null;
  }
  const missing = [t.teamA, t.teamB]
    .filter((team) => !seatedOnServer(team, players))
    .map((team) => team.name);
  if (missing.length === 0) return null;
  return { ...base, kind: "absent", at: launched.at + ABSENT_AFTER_MS, missing };
}

/** Every stalled match of a cup, with the pool's servers free to move one to. */
export async function cupStalls(ctx: QueryCtx, cupId: Id<"cups">) {
  const cup = await requireCup(ctx, cupId);
  const stalls: Stall[] = [];
  for (const row of await matchRows(ctx, cupId)) {
    if (row.phase !== "veto" && row.phase !== "live" && row.phase !== "no_show") continue;
    const serverId = row.serverId;
    const status = serverId
      ? await ctx.db
          .query("serverStatus")
          .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
          .unique()
      : null;
    const stall = stallOf({
      row,
      server: serverId ? await ctx.db.get("servers", serverId) : null,
      status,
      tournament: row.tournamentId ? await ctx.db.get("tournaments", row.tournamentId) : null,
      players: serverId ? ((await playerSnapshotOf(ctx, serverId))?.players ?? null) : null,
    });
    if (stall) stalls.push(stall);
  }
  const free = stalls.some((s) => s.kind !== "noShow") ? await freeServers(ctx, cup.serverIds) : [];
  const usable = [];
  for (const id of free) {
    const server = await ctx.db.get("servers", id);
    if (server && !server.disabled) usable.push({ id, name: server.name });
  }
  return { stalls, freeServers: usable };
}
