/** Reads behind the history part of the public HTTP API (model/history/api.ts). */
import { paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { internalQuery } from "./_generated/server";
import { vCareer, vCriterion, vLeaderboardRow, vMatchDetail, vMatchListItem } from "./lib/history";
import { leaderboardPage } from "./model/history/leaderboard";
import { careerView, listMatches, matchDetail } from "./model/history/read";
import { serverByKey } from "./model/servers/records";

/** null when the server is unknown or disabled; a bad cursor throws (answered 400). */
export const matches = internalQuery({
  args: { key: v.string(), limit: v.number(), cursor: v.union(v.string(), v.null()) },
  returns: v.union(v.null(), paginationResultValidator(vMatchListItem)),
  handler: async (ctx, { key, limit, cursor }) => {
    const server = await serverByKey(ctx, key);
    if (!server || server.disabled) return null;
    const { page, isDone, continueCursor } = await listMatches(ctx, key, {
      numItems: limit,
      cursor,
    });
    return { page, isDone, continueCursor };
  },
});

export const match = internalQuery({
  args: { id: v.string() },
  returns: v.union(v.null(), vMatchDetail),
  handler: async (ctx, { id }) => await matchDetail(ctx, id),
});

export const career = internalQuery({
  args: { steamId: v.string() },
  returns: v.union(v.null(), vCareer),
  handler: async (ctx, { steamId }) => await careerView(ctx, steamId),
});

export const leaderboard = internalQuery({
  args: { criterion: vCriterion, season: v.string(), limit: v.number() },
  returns: v.array(vLeaderboardRow),
  handler: async (ctx, { criterion, season, limit }) =>
    (await leaderboardPage(ctx, criterion, season, 0, limit)).rows,
});
