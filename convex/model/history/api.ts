/**
 * The history part of the public read API (docs on /docs, docs/game-server-api.md):
 *
 *   GET /api/servers/{key}/matches?limit=&cursor=   GET /api/matches/{id}
 *   GET /api/players/{steamId}                      GET /api/leaderboard/{criterion}?limit=&season=
 *
 * Validates the request, runs one internal query, and shapes the JSON; times are ISO strings.
 */
import { internal } from "../../_generated/api";
import type { ActionCtx } from "../../_generated/server";
import { invalidLimit, parseLimit } from "../../lib/apiLimit";
import { isSteamId64 } from "../../lib/steamId";
import {
  ALL_TIME,
  CRITERION_NAMES,
  isCriterion,
  isSeason,
  type MatchListItem,
} from "../../lib/history";
import type { ApiResponse } from "../../lib/readApiRouter";

const MATCHES_DEFAULT = 20;
const BOARD_DEFAULT = 10;
const MAX_LIMIT = 100;

const error = (status: number, message: string, details?: string): ApiResponse => ({
  status,
  body: details ? { error: message, details } : { error: message },
});

const iso = (ms: number) => new Date(ms).toISOString();

function matchEntry(m: MatchListItem) {
  return {
    id: m.id,
    map: m.map,
    mode: m.mode,
    startedAt: iso(m.startedAt),
    endedAt: iso(m.endedAt),
    scoreCT: m.scoreCT,
    scoreT: m.scoreT,
    winner: m.winner,
    rounds: m.rounds,
  };
}

export async function serverMatches(
  ctx: ActionCtx,
  key: string,
  query: URLSearchParams,
): Promise<ApiResponse> {
  const asked = parseLimit(query.get("limit"), MATCHES_DEFAULT, MAX_LIMIT);
  if (!asked.ok) return invalidLimit(asked.details);
  const limit = asked.limit;
  const cursor = query.get("cursor") || null;
  let result;
  try {
    result = await ctx.runQuery(internal.historyApi.matches, { key, limit, cursor });
  } catch {
    return error(400, "Invalid cursor");
  }
  if (!result) return error(404, "Server not found");
  return {
    status: 200,
    body: {
      matches: result.page.map(matchEntry),
      nextCursor: result.isDone ? null : result.continueCursor,
    },
  };
}

export async function matchById(ctx: ActionCtx, id: string): Promise<ApiResponse> {
  const m = await ctx.runQuery(internal.historyApi.match, { id });
  if (!m || m.voided) return error(404, "Match not found");
  return {
    status: 200,
    body: {
      ...matchEntry(m),
      server: m.serverKey,
      counted: m.counted,
      source: m.source,
      players: m.players.map((p) => ({ ...p, side: p.side ?? null })),
    },
  };
}

export async function playerCareer(ctx: ActionCtx, steamId: string): Promise<ApiResponse> {
  if (!isSteamId64(steamId)) return error(400, "Invalid steam id", steamId);
  const c = await ctx.runQuery(internal.historyApi.career, { steamId });
  if (!c) return error(404, "Player not found");
  const { season: _, ...career } = c;
  return {
    status: 200,
    body: { ...career, firstSeen: iso(c.firstSeen), lastSeen: iso(c.lastSeen) },
  };
}

export async function leaderboard(
  ctx: ActionCtx,
  criterion: string,
  query: URLSearchParams,
): Promise<ApiResponse> {
  if (!isCriterion(criterion)) {
    return error(400, "Unknown criterion", `Use one of: ${CRITERION_NAMES.join(", ")}`);
  }
  const season = query.get("season") ?? ALL_TIME;
  if (!isSeason(season)) return error(400, "Invalid season", "YYYY-MM or all");
  const asked = parseLimit(query.get("limit"), BOARD_DEFAULT, MAX_LIMIT);
  if (!asked.ok) return invalidLimit(asked.details);
  const limit = asked.limit;
  const players = await ctx.runQuery(internal.historyApi.leaderboard, {
    criterion,
    season,
    limit,
  });
  return { status: 200, body: { criterion, season, players } };
}
