/** Match history, careers and leaderboards (issue #14); logic in model/history/. */
import { paginationOptsValidator } from "convex/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation, internalQuery } from "./_generated/server";
import { fail } from "./lib/errors";
import { adminAction, publicQuery } from "./lib/functions";
import { isSteamId64 } from "./lib/steamId";
import {
  ALL_TIME,
  isSeason,
  vCareer,
  vCareerMatch,
  vCriterion,
  vLeaderboardRow,
  vMatchDetail,
  vMatchListItem,
} from "./lib/history";
import { actorOf } from "./lib/viewer";
import { appendAudit } from "./model/audit";
import { leaderboardPage, rankOf } from "./model/history/leaderboard";
import { careerOf, totalsOf } from "./model/history/careers";
import {
  careerMatches,
  careerView,
  listMatches,
  matchDetail,
  MAX_PAGE,
} from "./model/history/read";
import { closeAwaitedMap as closeAwaited } from "./model/history/detect";
import { voidMatch as voidRecord } from "./model/history/record";
import { vIdentityKind } from "./lib/validators";

const paginated = <T extends ReturnType<typeof v.object>>(item: T) =>
  v.object({
    page: v.array(item),
    isDone: v.boolean(),
    continueCursor: v.string(),
    splitCursor: v.optional(v.union(v.string(), v.null())),
    pageStatus: v.optional(
      v.union(v.literal("SplitRecommended"), v.literal("SplitRequired"), v.null()),
    ),
  });

export const HISTORY_MESSAGES = {
  badSeason: "Невідомий сезон. Оберіть місяць у форматі РРРР-ММ або «за весь час».",
  badSteamId: "Це не SteamID64.",
  matchNotFound: "Матч не знайдено.",
} as const;

/** Latest first; `serverKey` limits the list to one server. */
export const matches = publicQuery({
  args: { serverKey: v.optional(v.string()), paginationOpts: paginationOptsValidator },
  returns: paginated(vMatchListItem),
  handler: async (ctx, { serverKey, paginationOpts }) =>
    await listMatches(ctx, serverKey, paginationOpts),
});

/** One match with its final lines; null when the id names no match. */
export const match = publicQuery({
  args: { id: v.string() },
  returns: v.union(v.null(), vMatchDetail),
  handler: async (ctx, { id }) => await matchDetail(ctx, id),
});

/** A player's all-time career with its ranks; null when the player has none. */
export const career = publicQuery({
  args: { steamId: v.string() },
  returns: v.union(
    v.null(),
    v.object({
      career: vCareer,
      ranks: v.object({ kills: v.union(v.number(), v.null()), kd: v.union(v.number(), v.null()) }),
    }),
  ),
  handler: async (ctx, { steamId }) => {
    if (!isSteamId64(steamId)) fail("INVALID_INPUT", HISTORY_MESSAGES.badSteamId);
    const view = await careerView(ctx, steamId);
    const row = await careerOf(ctx, steamId, ALL_TIME);
    if (!view || !row) return null;
    const totals = totalsOf(row);
    return {
      career: view,
      ranks: {
        kills: await rankOf(ctx, "kills", ALL_TIME, steamId, totals),
        kd: await rankOf(ctx, "kd", ALL_TIME, steamId, totals),
      },
    };
  },
});

export const careerMatchList = publicQuery({
  args: { steamId: v.string(), paginationOpts: paginationOptsValidator },
  returns: paginated(vCareerMatch),
  handler: async (ctx, { steamId, paginationOpts }) => {
    if (!isSteamId64(steamId)) fail("INVALID_INPUT", HISTORY_MESSAGES.badSteamId);
    return await careerMatches(ctx, steamId, paginationOpts);
  },
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

export const storeVoid = internalMutation({
  args: {
    matchId: v.id("matches"),
    actor: v.object({
      username: v.string(),
      tokenIdentifier: v.optional(v.string()),
      guestId: v.optional(v.string()),
      identity: vIdentityKind,
    }),
  },
  returns: v.boolean(),
  handler: async (ctx, { matchId, actor }) => {
    const match = await ctx.db.get("matches", matchId);
    const voided = match ? await voidRecord(ctx, matchId) : false;
    await appendAudit(ctx, {
      ...actor,
      action: "match_void",
      serverId: match?.serverId,
      details: match
        ? `${match.map} ${match.scoreCT}:${match.scoreT} (${matchId})${voided ? "" : " — вже анульовано"}`
        : `${matchId} — не знайдено`,
      outcome: voided ? "success" : "failure",
    });
    return voided;
  },
});

/** Takes a recorded match out of careers and leaderboards (a test match, a broken map). */
export const voidMatch = adminAction({
  audit: "match_void",
  args: { matchId: v.string() },
  returns: v.null(),
  handler: async (ctx, { matchId }) => {
    const id = await ctx.runQuery(internal.history.matchIdOf, { id: matchId });
    if (!id) fail("NOT_FOUND", HISTORY_MESSAGES.matchNotFound);
    const done = await ctx.runMutation(internal.history.storeVoid, {
      matchId: id,
      actor: actorOf(ctx.viewer),
    });
    if (!done) fail("CONFLICT", "Матч уже анульовано.");
    return null;
  },
});

export const matchIdOf = internalQuery({
  args: { id: v.string() },
  returns: v.union(v.id("matches"), v.null()),
  handler: async (ctx, { id }) => {
    const norm = ctx.db.normalizeId("matches", id);
    return norm && (await ctx.db.get("matches", norm)) ? norm : null;
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
