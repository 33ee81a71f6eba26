/**
 * Careers change by one match at a time: `countMatch(+1)` when a counted match is recorded,
 * `countMatch(-1)` when it is voided. Totals are sums, so a void subtracts exactly what the record
 * added; the fields that are not sums (latest name, first and last seen) are read back from the
 * player's counted lines by index, so they too are what they would be had the match never counted.
 * Never a scan of matches: each line costs a fixed number of index reads and writes.
 */
import type { Doc } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import {
  ALL_TIME,
  seasonOf,
  type CareerTotals,
  type HistoryLine,
  type Winner,
  resultOf,
} from "../../lib/history";
import { syncRanking } from "./leaderboard";

export const ZERO_TOTALS: CareerTotals = {
  matches: 0,
  wins: 0,
  losses: 0,
  kills: 0,
  deaths: 0,
  assists: 0,
  headshots: 0,
  damage: 0,
  mvps: 0,
  rounds: 0,
};

/** What one line adds to a career. */
export function lineTotals(line: HistoryLine, winner: Winner): CareerTotals {
  const result = resultOf(line.side, winner);
  return {
    matches: 1,
    wins: result === "win" ? 1 : 0,
    losses: result === "loss" ? 1 : 0,
    kills: line.kills,
    deaths: line.deaths,
    assists: line.assists,
    headshots: line.headshots,
    damage: line.damage,
    mvps: line.mvps,
    rounds: line.rounds,
  };
}

export function addTotals(a: CareerTotals, b: CareerTotals, sign: 1 | -1): CareerTotals {
  const out = { ...a };
  for (const k of Object.keys(ZERO_TOTALS) as (keyof CareerTotals)[]) out[k] = a[k] + sign * b[k];
  return out;
}

export function totalsOf(row: Doc<"careers">): CareerTotals {
  const out = { ...ZERO_TOTALS };
  for (const k of Object.keys(ZERO_TOTALS) as (keyof CareerTotals)[]) out[k] = row[k];
  return out;
}

export async function careerOf(ctx: QueryCtx, steamId: string, season: string) {
  return await ctx.db
    .query("careers")
    .withIndex("by_steamId_and_season", (q) => q.eq("steamId", steamId).eq("season", season))
    .unique();
}

/** First and last counted line of a player within [from, to). */
async function countedSpan(ctx: QueryCtx, steamId: string, from: number, to: number) {
  const range = () =>
    ctx.db
      .query("matchPlayers")
      .withIndex("by_steamId_and_counted_and_endedAt", (q) =>
        q.eq("steamId", steamId).eq("counted", true).gte("endedAt", from).lt("endedAt", to),
      );
  const first = await range().first();
  const last = await range().order("desc").first();
  return first && last ? { first, last } : null;
}

/** The times a season covers: [from, to). */
export function seasonBounds(season: string): [number, number] {
  if (season === ALL_TIME) return [0, Number.MAX_SAFE_INTEGER];
  const [y, m] = season.split("-").map(Number) as [number, number];
  return [Date.UTC(y, m - 1, 1), Date.UTC(y, m, 1)];
}

/** Applies one line of a counted match to the player's all-time and month careers. */
export async function countLine(
  ctx: MutationCtx,
  line: HistoryLine,
  winner: Winner,
  endedAt: number,
  sign: 1 | -1,
): Promise<void> {
  const delta = lineTotals(line, winner);
  for (const season of [ALL_TIME, seasonOf(endedAt)]) {
    const row = await careerOf(ctx, line.steamId, season);
    const before = row ? totalsOf(row) : null;
    const after = addTotals(before ?? ZERO_TOTALS, delta, sign);
    const span =
      after.matches > 0 ? await countedSpan(ctx, line.steamId, ...seasonBounds(season)) : null;
    if (!span) {
      if (row) await ctx.db.delete("careers", row._id);
      await syncRanking(ctx, line.steamId, season, before, null);
      continue;
    }
    const doc = {
      steamId: line.steamId,
      season,
      name: span.last.name,
      ...after,
      firstSeen: span.first.endedAt,
      lastSeen: span.last.endedAt,
    };
    if (row) await ctx.db.replace("careers", row._id, doc);
    else await ctx.db.insert("careers", doc);
    await syncRanking(ctx, line.steamId, season, before, after);
  }
  await countName(ctx, line.steamId, line.name, sign);
}

async function countName(ctx: MutationCtx, steamId: string, name: string, sign: 1 | -1) {
  const row = await ctx.db
    .query("playerNames")
    .withIndex("by_steamId_and_name", (q) => q.eq("steamId", steamId).eq("name", name))
    .unique();
  const matches = (row?.matches ?? 0) + sign;
  if (row && matches <= 0) await ctx.db.delete("playerNames", row._id);
  else if (row) await ctx.db.patch("playerNames", row._id, { matches });
  else if (matches > 0) await ctx.db.insert("playerNames", { steamId, name, matches });
}
