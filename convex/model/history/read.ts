/**
 * What the history pages and the public API read: lists by index, a page at a time; a career is
 * one row plus its names (at most MAX_NAMES) and one page of recent matches, whatever the length
 * of the player's history.
 */
import type { PaginationOptions } from "convex/server";
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import {
  ALL_TIME,
  adrOf,
  hsPercentOf,
  kdOf,
  type Career,
  type CareerMatch,
  type MatchDetail,
  type MatchListItem,
} from "../../lib/history";
import { pageSize, paginateSafely } from "../../lib/pagination";
import { serverByKey } from "../servers/records";
import { careerOf, seasonBounds, totalsOf } from "./careers";

export const MAX_NAMES = 20;
/** Largest page any history list serves. */
export const MAX_PAGE = 100;

export function listItem(m: Doc<"matches">): MatchListItem {
  return {
    id: m._id,
    serverKey: m.serverKey,
    serverName: m.serverName,
    map: m.map,
    mode: m.mode ?? null,
    startedAt: m.startedAt,
    endedAt: m.endedAt,
    scoreCT: m.scoreCT,
    scoreT: m.scoreT,
    winner: m.winner,
    rounds: m.rounds,
    counted: m.counted,
  };
}

/**
 * Recorded, not voided matches, latest first; of one server when `serverKey` names one (an unknown
 * key lists nothing).
 */
export async function listMatches(
  ctx: QueryCtx,
  serverKey: string | undefined,
  opts: PaginationOptions,
) {
  pageSize(opts.numItems, MAX_PAGE);
  let result;
  if (serverKey !== undefined) {
    const server = await serverByKey(ctx, serverKey);
    if (!server) return { page: [], isDone: true, continueCursor: "" };
    result = await paginateSafely(
      ctx.db
        .query("matches")
        .withIndex("by_serverId_and_voided_and_endedAt", (q) =>
          q.eq("serverId", server._id).eq("voided", false),
        )
        .order("desc"),
      opts,
      MAX_PAGE,
    );
  } else {
    result = await paginateSafely(
      ctx.db
        .query("matches")
        .withIndex("by_voided_and_endedAt", (q) => q.eq("voided", false))
        .order("desc"),
      opts,
      MAX_PAGE,
    );
  }
  return { ...result, page: result.page.map(listItem) };
}

export async function matchDetail(ctx: QueryCtx, rawId: string): Promise<MatchDetail | null> {
  const id = ctx.db.normalizeId("matches", rawId);
  const m = id ? await ctx.db.get("matches", id) : null;
  if (!m) return null;
  const tournament = m.tournamentId ? await ctx.db.get("tournaments", m.tournamentId) : null;
  return {
    ...listItem(m),
    source: m.source,
    voided: m.voided,
    abandoned: m.abandoned === true,
    tournament: tournament
      ? `${tournament.name ? `${tournament.name}: ` : ""}${tournament.teamA.name} — ${tournament.teamB.name}`
      : null,
    players: m.players,
    teams: m.teams ?? null,
    timeline: m.timeline ?? [],
    maxRounds: m.maxRounds ?? null,
    bots: m.bots ?? [],
    weapons: m.weapons ?? [],
    breakdown: m.breakdown ?? null,
  };
}

export async function careerView(
  ctx: QueryCtx,
  steamId: string,
  season: string = ALL_TIME,
): Promise<Career | null> {
  const row = await careerOf(ctx, steamId, season);
  if (!row) return null;
  const names = await ctx.db
    .query("playerNames")
    .withIndex("by_steamId_and_name", (q) => q.eq("steamId", steamId))
    .take(MAX_NAMES);
  const totals = totalsOf(row);
  return {
    steamId,
    season,
    name: row.name,
    ...totals,
    kd: kdOf(totals),
    hsPercent: hsPercentOf(totals),
    adr: adrOf(totals),
    firstSeen: row.firstSeen,
    lastSeen: row.lastSeen,
    names: [row.name, ...names.map((n) => n.name).filter((n) => n !== row.name)],
  };
}

/** Month seasons a player has a career in, newest first (at most MAX_SEASONS). */
export const MAX_SEASONS = 60;

export async function careerSeasons(ctx: QueryCtx, steamId: string): Promise<string[]> {
  // "all" sorts after every "YYYY-MM": the months are what comes before it.
  const rows = await ctx.db
    .query("careers")
    .withIndex("by_steamId_and_season", (q) => q.eq("steamId", steamId).lt("season", ALL_TIME))
    .order("desc")
    .take(MAX_SEASONS);
  return rows.map((r) => r.season);
}

/**
 * Month seasons anybody has a career in, newest first (at most MAX_SEASONS): the leaderboard's
 * selector offers only these. One indexed read per season found, each the step below the last
 * (a skip over the season index), so the cost follows the number of seasons, never of careers.
 */
export async function seasonsWithCareers(ctx: QueryCtx): Promise<string[]> {
  const seasons: string[] = [];
  let below = ALL_TIME;
  while (seasons.length < MAX_SEASONS) {
    const row = await ctx.db
      .query("careers")
      .withIndex("by_season", (q) => q.lt("season", below))
      .order("desc")
      .first();
    if (!row) break;
    seasons.push(row.season);
    below = row.season;
  }
  return seasons;
}

/** A player's recorded (not voided) matches in a season, latest first. */
export async function careerMatches(
  ctx: QueryCtx,
  steamId: string,
  opts: PaginationOptions,
  season: string = ALL_TIME,
) {
  const [from, to] = seasonBounds(season);
  const result = await paginateSafely(
    ctx.db
      .query("matchPlayers")
      .withIndex("by_steamId_and_voided_and_endedAt", (q) =>
        q.eq("steamId", steamId).eq("voided", false).gte("endedAt", from).lt("endedAt", to),
      )
      .order("desc"),
    opts,
    MAX_PAGE,
  );
  const page: CareerMatch[] = result.page.map((r) => ({
    matchId: r.matchId as Id<"matches">,
    map: r.map,
    endedAt: r.endedAt,
    scoreCT: r.scoreCT,
    scoreT: r.scoreT,
    side: r.side ?? null,
    result: r.result,
    kills: r.kills,
    deaths: r.deaths,
    assists: r.assists,
    counted: r.counted,
  }));
  return { ...result, page };
}
