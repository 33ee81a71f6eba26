/**
 * Recording a finished match and voiding a record. `recordMatch` is the one point where a match
 * enters history: it returns the new match's id (null when the same match was recorded before),
 * which is what a "match recorded" notification hooks onto.
 */
import { v } from "convex/values";
import { internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import {
  countsForCareers,
  HISTORY_MESSAGES,
  resultOf,
  winnerOf,
  type HistoryLine,
} from "../../lib/history";
import { auditDetail } from "../../lib/texts/auditDetails";
import { HISTORY_TEXTS } from "../../lib/texts/history";
import { countLine } from "./careers";
import type { ClosedMatch } from "./tracker";
import { notify } from "../notifications/notify";
import { relaunchableMap } from "../tournament/state";
import { stateOf } from "../tournament/store";
import { applyRecordedMatch, mapWinnerOf, voidRecordedMatch } from "../tournament/series";
import { defineCapability } from "../capability/define";
import { attachDemosToRecordedMap } from "../demos/attach";
import { fail } from "../../lib/errors";
import { workshopTitleOf } from "../steam/data";

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
 * series map is this map, launched on this server before the match started, still without a
 * result, and played by seated players of both teams. A match elsewhere, before the launch, or
 * without the roster (a public game on the same map) counts for no series. Several tournaments
 * may run at once; a bounded read, not a scan.
 */
async function tournamentOf(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  map: string,
  startedAt: number,
  lines: HistoryLine[],
) {
  const open = await ctx.db
    .query("tournaments")
    .withIndex("by_archived", (q) => q.eq("archived", false))
    .order("desc")
    .take(20);
  const from = open.find((t) => {
    if (t.launchedMaps === 0 || !t.launchedOn) return false;
    if (t.launchedOn.serverId !== serverId || t.launchedOn.at > startedAt) return false;
    const launched = t.series[t.launchedMaps - 1]?.map ?? t.serverMap ?? t.finalMap;
    if (launched !== map) return false;
    const state = stateOf(t);
    return relaunchableMap(state) !== null && mapWinnerOf(state, lines, "draw") !== null;
  });
  return from?._id;
}

/**
 * Lines moved into or out of careers per transaction. A line moves its player's all-time and
 * month careers and their 12 leaderboard items: about 200 index ranges and 250 KB of the
 * leaderboard's B-tree read (`npm run bench:reads`), where a deployment allows a function 4,096
 * index ranges and 16 MiB. A 5v5 match still counts whole in the transaction that records it;
 * a 10v10 casual match or a full 64-slot server continues in scheduled steps.
 */
export const LINES_PER_TRANSACTION = 10;

/**
 * One step of bringing a match's lines in line with whether it counts: lines
 * `[0, linesCounted)` are in careers (all of them when the field is absent). A counted match adds
 * the next lines, a voided one takes the last ones back; the next step, if any, is scheduled and
 * reads the match again, so a void in between turns the direction.
 */
export async function countMatchLines(ctx: MutationCtx, matchId: Id<"matches">): Promise<void> {
  const match = await ctx.db.get("matches", matchId);
  if (!match) return;
  const total = match.players.length;
  const done = match.linesCounted ?? (match.counted ? total : 0);
  const adding = match.counted && !match.voided;
  const next = adding
    ? Math.min(total, done + LINES_PER_TRANSACTION)
    : Math.max(0, done - LINES_PER_TRANSACTION);
  if (next === done) return;
  const lines = adding ? match.players.slice(done, next) : match.players.slice(next, done);
  for (const line of lines) {
    await countLine(ctx, line, match.winner, match.endedAt, adding ? 1 : -1);
  }
  await ctx.db.patch("matches", matchId, { linesCounted: next });
  if (next !== (adding ? total : 0)) {
    await ctx.scheduler.runAfter(0, internal.history.countMatchLines, { matchId });
  }
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
  const counted = !closed.abandoned && countsForCareers({ rounds: closed.rounds, players });
  // An abandoned map gave no result: a tournament's map stays open to be played again.
  const tournamentId = closed.abandoned
    ? null
    : await tournamentOf(ctx, serverId, closed.mapName, closed.startedAt, players);
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
    ...(closed.bots && closed.bots.length > 0 ? { bots: closed.bots } : {}),
    ...(closed.weapons && closed.weapons.length > 0
      ? { weapons: [...closed.weapons].sort((a, b) => b.kills - a.kills) }
      : {}),
    ...(closed.breakdown ? { breakdown: closed.breakdown } : {}),
    dedupeKey,
    counted,
    voided: false,
    ...(closed.abandoned ? { abandoned: true } : {}),
    ...(counted ? { linesCounted: 0 } : {}),
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
  if (counted) await countMatchLines(ctx, matchId);
  await attachDemosToRecordedMap(ctx, serverId, matchId, dedupeKey);
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
      // A workshop map by its Steam Workshop title, with the path it was played from.
      map: await mapForPeople(ctx, closed.mapName),
      teamA: closed.teams?.CT.name ?? "CT",
      teamB: closed.teams?.T.name ?? "T",
      scoreA: closed.scoreCT,
      scoreB: closed.scoreT,
    });
  }
  return matchId;
}

/** "Title (workshop/<id>/<name>)" for a workshop map whose title is cached, else the map as played. */
async function mapForPeople(ctx: MutationCtx, mapName: string): Promise<string> {
  const title = await workshopTitleOf(ctx, mapName);
  return title ? `${title} (${mapName})` : mapName;
}

/**
 * Takes a match out of history: hidden from lists, and, if it counted, subtracted from every
 * career and leaderboard it was added to. Returns false when it was voided already.
 */
export async function voidMatch(ctx: MutationCtx, matchId: Id<"matches">): Promise<boolean> {
  const match = await ctx.db.get("matches", matchId);
  if (!match || match.voided) return false;
  const linesCounted = match.counted ? (match.linesCounted ?? match.players.length) : 0;
  await ctx.db.patch("matches", matchId, { voided: true, counted: false, linesCounted });
  const rows = await ctx.db
    .query("matchPlayers")
    .withIndex("by_matchId", (q) => q.eq("matchId", matchId))
    .take(200);
  for (const row of rows) {
    await ctx.db.patch("matchPlayers", row._id, { voided: true, counted: false });
  }
  await countMatchLines(ctx, matchId);
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
      details: voided ? score : auditDetail("matchAlreadyVoided", { match: score }),
    };
  },
  committed: v.boolean(),
  result: (_input, _loaded, { committed }) => {
    if (!committed) fail("CONFLICT", HISTORY_TEXTS["refusal.history.alreadyVoided"]);
    return null;
  },
});
