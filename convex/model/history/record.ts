/**
 * Recording a finished match and voiding a record. `recordMatch` is the one point where a match
 * enters history: it returns the new match's id (null when the same match was recorded before),
 * which is what a "match recorded" notification hooks onto.
 */
import { v } from "convex/values";
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { countsForCareers, HISTORY_MESSAGES, resultOf, winnerOf } from "../../lib/history";
import { countLine } from "./careers";
import type { ClosedMatch } from "./tracker";
import { notify } from "../notifications";
import { applyRecordedMatch, voidRecordedMatch } from "../tournamentSeries";
import { defineCapability } from "../capability";
import { fail } from "../../lib/errors";

/**
 * The natural key of a recorded map: the server and MatchZy's match id and map number when its
 * events named it (so a replay of its deliveries, however late, records nothing new), otherwise
 * when the tracker first saw it live.
 */
export function dedupeKeyOf(serverId: Id<"servers">, closed: ClosedMatch): string {
  const ref = closed.matchzy;
  // MatchZy numbers matches from 1; a placeholder id (none loaded) names no particular map.
  const named = ref !== undefined && ref.matchid !== "" && !/^(-.*|0+)$/.test(ref.matchid);
  return named
    ? `${serverId}:matchzy:${ref.matchid}:${ref.mapNumber}`
    : `${serverId}:${closed.startedAt}`;
}

/**
 * The tournament a match came from: a non-archived one (of the 20 newest) whose latest launched
 * series map is this map, launched before the match started. Several tournaments may run at once;
 * a bounded read, not a scan.
 */
async function tournamentOf(ctx: MutationCtx, map: string, startedAt: number) {
  const open = await ctx.db
    .query("tournaments")
    .withIndex("by_archived", (q) => q.eq("archived", false))
    .order("desc")
    .take(20);
  const from = open.find((t) => {
    if (t.launchedMaps === 0 || t._creationTime > startedAt) return false;
    const launched = t.series[t.launchedMaps - 1]?.map ?? t.serverMap ?? t.finalMap;
    return launched === map;
  });
  return from?._id;
}

export async function recordMatch(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  closed: ClosedMatch,
): Promise<Id<"matches"> | null> {
  const dedupeKey = dedupeKeyOf(serverId, closed);
  const existing = await ctx.db
    .query("matches")
    .withIndex("by_dedupeKey", (q) => q.eq("dedupeKey", dedupeKey))
    .first();
  if (existing) return null;
  const server = await ctx.db.get("servers", serverId);
  if (!server) return null;
  const winner = winnerOf(closed.scoreCT, closed.scoreT);
  const players = [...closed.lines].sort((a, b) => b.kills - a.kills || a.deaths - b.deaths);
  const counted = countsForCareers({ rounds: closed.rounds, players });
  const tournamentId = await tournamentOf(ctx, closed.mapName, closed.startedAt);
  const matchId = await ctx.db.insert("matches", {
    serverId,
    serverKey: server.key,
    serverName: server.name,
    map: closed.mapName,
    ...(closed.mode !== undefined ? { mode: closed.mode } : {}),
    startedAt: closed.startedAt,
    endedAt: closed.endedAt,
    scoreCT: closed.scoreCT,
    scoreT: closed.scoreT,
    winner,
    rounds: closed.rounds,
    source: closed.source,
    players,
    ...(closed.teams ? { teams: closed.teams } : {}),
    ...(closed.matchzy ? { matchzy: closed.matchzy } : {}),
    ...(closed.timeline ? { timeline: closed.timeline } : {}),
    ...(closed.maxRounds ? { maxRounds: closed.maxRounds } : {}),
    dedupeKey,
    counted,
    voided: false,
    ...(tournamentId ? { tournamentId } : {}),
  });
  for (const line of players) {
    await ctx.db.insert("matchPlayers", {
      matchId,
      steamId: line.steamId,
      name: line.name,
      endedAt: closed.endedAt,
      map: closed.mapName,
      scoreCT: closed.scoreCT,
      scoreT: closed.scoreT,
      ...(line.side ? { side: line.side } : {}),
      result: resultOf(line.side, winner),
      kills: line.kills,
      deaths: line.deaths,
      assists: line.assists,
      voided: false,
      counted,
    });
  }
  if (counted) {
    for (const line of players) await countLine(ctx, line, winner, closed.endedAt, 1);
  }
  if (tournamentId) {
    await applyRecordedMatch(ctx, tournamentId, matchId, {
      lines: players,
      winner,
      scoreCT: closed.scoreCT,
      scoreT: closed.scoreT,
    });
  }
  // Only a match that counts for careers is news for the community's channel.
  if (counted) {
    await notify(ctx, {
      kind: "matchRecorded",
      matchId,
      serverName: server.name,
      map: closed.mapName,
      teamA: closed.teams?.CT.name ?? "CT",
      teamB: closed.teams?.T.name ?? "T",
      scoreA: closed.scoreCT,
      scoreB: closed.scoreT,
    });
  }
  return matchId;
}

/**
 * Takes a match out of history: hidden from lists, and, if it counted, subtracted from every
 * career and leaderboard it was added to. Returns false when it was voided already.
 */
export async function voidMatch(ctx: MutationCtx, matchId: Id<"matches">): Promise<boolean> {
  const match = await ctx.db.get("matches", matchId);
  if (!match || match.voided) return false;
  await ctx.db.patch("matches", matchId, { voided: true, counted: false });
  const rows = await ctx.db
    .query("matchPlayers")
    .withIndex("by_matchId", (q) => q.eq("matchId", matchId))
    .take(200);
  for (const row of rows) {
    await ctx.db.patch("matchPlayers", row._id, { voided: true, counted: false });
  }
  if (match.counted) {
    for (const line of match.players) {
      await countLine(ctx, line, match.winner, match.endedAt, -1);
    }
  }
  if (match.tournamentId) await voidRecordedMatch(ctx, match.tournamentId, matchId);
  return true;
}

/** Takes a recorded match out of careers and leaderboards (a test match, a broken map). */
export const VOID_MATCH_CAPABILITY = defineCapability({
  name: "match_void",
  access: "admin",
  args: { matchId: v.string() },
  returns: v.null(),
  commit: async (ctx, { matchId: raw }) => {
    const matchId = ctx.db.normalizeId("matches", raw);
    const match = matchId ? await ctx.db.get("matches", matchId) : null;
    if (!matchId || !match) fail("NOT_FOUND", HISTORY_MESSAGES.matchNotFound);
    const voided = await voidMatch(ctx, matchId);
    const score = `${match.map} ${match.scoreCT}:${match.scoreT} (${matchId})`;
    return {
      result: voided,
      serverId: match.serverId,
      outcome: voided ? "success" : "failure",
      details: voided ? score : `${score} — вже анульовано`,
    };
  },
  committed: v.boolean(),
  result: (_input, _loaded, { committed }) => {
    if (!committed) fail("CONFLICT", "Матч уже анульовано.");
    return null;
  },
});
