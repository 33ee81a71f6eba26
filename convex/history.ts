/** Match history, careers and leaderboards ; logic in model/history/. */
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { internalMutation } from "./_generated/server";
import { fail } from "./lib/errors";
import { publicQuery } from "./lib/functions";
import { isSteamId64 } from "./lib/steamId";
import {
  ALL_TIME,
  HISTORY_MESSAGES,
  isSeason,
  vCareer,
  vCareerMatch,
  vCriterion,
  vLeaderboardRow,
  vMatchDetail,
  vMatchListItem,
} from "./lib/history";
import { capability } from "./model/capability/define";
import { leaderboardPage, rankOf } from "./model/history/leaderboard";
import { careerOf, totalsOf } from "./model/history/careers";
import {
  careerMatches,
  careerSeasons,
  careerView,
  seasonsWithCareers,
  listMatches,
  matchDetail,
  MAX_PAGE,
} from "./model/history/read";
import { closeAwaitedMap as closeAwaited } from "./model/history/detect";
import { countMatchLines as countLines, VOID_MATCH_CAPABILITY } from "./model/history/record";

export { HISTORY_MESSAGES };

/** Latest first; `serverKey` limits the list to one server. */
export const matches = publicQuery({
  args: { serverKey: v.optional(v.string()), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(vMatchListItem),
  handler: async (ctx, { serverKey, paginationOpts }) =>
    await listMatches(ctx, serverKey, paginationOpts),
});

/** One match with its final lines; null when the id names no match. */
export const match = publicQuery({
  args: { id: v.string() },
  returns: v.union(v.null(), vMatchDetail),
  handler: async (ctx, { id }) => await matchDetail(ctx, id),
});

/** A checked SteamID64 and season (all time when none is given). */
function careerArgs(steamId: string, season: string | undefined): string {
  if (!isSteamId64(steamId)) fail("INVALID_INPUT", HISTORY_MESSAGES.badSteamId);
  const chosen = season ?? ALL_TIME;
  if (!isSeason(chosen)) fail("INVALID_INPUT", HISTORY_MESSAGES.badSeason);
  return chosen;
}

/**
 * A player's career in a season (all time by default) with its ranks in that season; null when
 * the player has no counted match in it.
 */
export const career = publicQuery({
  args: { steamId: v.string(), season: v.optional(v.string()) },
  returns: v.union(
    v.null(),
    v.object({
      career: vCareer,
      ranks: v.object({ kills: v.union(v.number(), v.null()), kd: v.union(v.number(), v.null()) }),
    }),
  ),
  handler: async (ctx, { steamId, season: asked }) => {
    const season = careerArgs(steamId, asked);
    const view = await careerView(ctx, steamId, season);
    const row = await careerOf(ctx, steamId, season);
    if (!view || !row) return null;
    const totals = totalsOf(row);
    return {
      career: view,
      ranks: {
        kills: await rankOf(ctx, "kills", season, steamId, totals),
        kd: await rankOf(ctx, "kd", season, steamId, totals),
      },
    };
  },
});

/** The month seasons a player has a career in, newest first: the career page's selector. */
export const careerSeasonList = publicQuery({
  args: { steamId: v.string() },
  returns: v.array(v.string()),
  handler: async (ctx, { steamId }) => {
    careerArgs(steamId, undefined);
    return await careerSeasons(ctx, steamId);
  },
});

/** The month seasons with any career, newest first: the leaderboard's selector. */
export const seasonList = publicQuery({
  args: {},
  returns: v.array(v.string()),
  handler: async (ctx) => await seasonsWithCareers(ctx),
});

/** A player's recorded matches in a season (all time by default), latest first. */
export const careerMatchList = publicQuery({
  args: {
    steamId: v.string(),
    season: v.optional(v.string()),
    paginationOpts: paginationOptsValidator,
  },
  returns: paginationResultValidator(vCareerMatch),
  handler: async (ctx, { steamId, season, paginationOpts }) =>
    await careerMatches(ctx, steamId, paginationOpts, careerArgs(steamId, season)),
});

/** One page of a leaderboard, by rank from `offset`. */
export const leaderboard = publicQuery({
  args: { criterion: vCriterion, season: v.string(), offset: v.number(), limit: v.number() },
  returns: v.object({
    rows: v.array(vLeaderboardRow),
    total: v.number(),
    nextOffset: v.union(v.number(), v.null()),
  }),
  handler: async (ctx, { criterion, season, offset, limit }) => {
    if (!isSeason(season)) fail("INVALID_INPUT", HISTORY_MESSAGES.badSeason);
    const from = Math.max(0, Math.floor(offset) || 0);
    const size = Math.max(1, Math.min(MAX_PAGE, Math.floor(limit) || 1));
    return await leaderboardPage(ctx, criterion, season, from, size);
  },
});

/** Takes a recorded match out of careers and leaderboards (a test match, a broken map). */
export const voidMatch = capability(VOID_MATCH_CAPABILITY);

/** The next lines of a big match into (or, voided, out of) careers (scheduled). */
export const countMatchLines = internalMutation({
  args: { matchId: v.id("matches") },
  returns: v.null(),
  handler: async (ctx, { matchId }) => {
    await countLines(ctx, matchId);
    return null;
  },
});

/** Closes a map whose `map_result` came and whose last round's event did not (scheduled). */
export const closeAwaitedMap = internalMutation({
  args: { serverId: v.id("servers"), pushKey: v.string() },
  returns: v.null(),
  handler: async (ctx, { serverId, pushKey }) => {
    await closeAwaited(ctx, serverId, pushKey);
    return null;
  },
});
