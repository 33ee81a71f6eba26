/**
 * A series' result from the recorded matches of its launched maps. A recorded match is linked to
 * the tournament whose latest launched map it is (model/history/record.ts); here it becomes that
 * map's result: which team won it, by who stood on the winning side at the end (SteamIDs for Steam
 * seats, nicknames otherwise), since sides swap at halftime and CT/T alone says nothing about
 * teams. The series is won by the first team to take more than half of its maps.
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { notify } from "../notifications/notify";
import { applySeries } from "../cup/run";
import { clearNamesAfter } from "./serverNames";
import { stateOf } from "./store";
import type { HistoryLine, Winner } from "../../lib/history";
import { otherSide, type Side } from "../../lib/side";
import type { TournamentTeamKey } from "../../lib/tournamentFields";
import { seriesScore, type TournamentState } from "./state";

export type MapWinner = TournamentTeamKey | "draw";

function seatTeam(t: TournamentState, line: Pick<HistoryLine, "steamId" | "name">) {
  for (const team of ["teamA", "teamB"] as const) {
    const seated = t[team].players.some((p) =>
      p.steamId ? p.steamId === line.steamId : p.nickname.toLowerCase() === line.name.toLowerCase(),
    );
    if (seated) return team;
  }
  return null;
}

/**
 * The team that won a recorded map, or null unless seated players of both teams played it: each
 * seated player on the winning side votes for their team, each on the losing side for the other
 * one.
 */
export function mapWinnerOf(
  t: TournamentState,
  lines: Pick<HistoryLine, "steamId" | "name" | "side">[],
  winner: Winner,
): { winner: MapWinner; teamASide: Side } | null {
  let votesA = 0;
  let votesB = 0;
  const seen = new Set<TournamentTeamKey>();
  for (const line of lines) {
    const team = seatTeam(t, line);
    if (!team || !line.side) continue;
    seen.add(team);
    // Which side team A ended on, as this line tells it.
    const aSide = team === "teamA" ? line.side : otherSide(line.side);
    if (aSide === "CT") votesA++;
    else votesB++;
  }
  if (seen.size < 2) return null;
  const teamASide = votesA >= votesB ? "CT" : "T";
  if (winner === "draw") return { winner: "draw", teamASide };
  return { winner: winner === teamASide ? "teamA" : "teamB", teamASide };
}

/** Maps a team must win to take the series: more than half. */
export function winsNeeded(t: TournamentState): number {
  return Math.floor(t.series.length / 2) + 1;
}

/**
 * The result of the series map at `mapIndex`, once (a map recorded again keeps its first result).
 * Declares the winner when a team reached `winsNeeded`.
 */
export function withMapResult(
  t: TournamentState,
  result: {
    mapIndex: number;
    matchId: Id<"matches">;
    winner: MapWinner;
    scoreA: number;
    scoreB: number;
  },
): TournamentState | null {
  const results = t.seriesResults ?? [];
  if (t.seriesWinner || results.some((r) => r.mapIndex === result.mapIndex)) return null;
  const next = {
    ...t,
    seriesResults: [...results, { ...result, map: t.series[result.mapIndex]?.map ?? "" }],
  };
  const score = seriesScore(next);
  const needed = winsNeeded(t);
  if (score.teamA >= needed) return { ...next, seriesWinner: "teamA" };
  if (score.teamB >= needed) return { ...next, seriesWinner: "teamB" };
  return next;
}

/** A voided match takes its map's result out again (and the winner it decided). */
export function withoutMatch(t: TournamentState, matchId: Id<"matches">): TournamentState | null {
  const results = t.seriesResults ?? [];
  if (!results.some((r) => r.matchId === matchId)) return null;
  const { seriesWinner: _winner, ...rest } = t;
  const kept = results.filter((r) => r.matchId !== matchId);
  const score = seriesScore({ ...rest, seriesResults: kept });
  const needed = winsNeeded(t);
  const seriesWinner =
    score.teamA >= needed ? "teamA" : score.teamB >= needed ? "teamB" : undefined;
  return { ...rest, seriesResults: kept, ...(seriesWinner ? { seriesWinner } : {}) };
}

/**
 * A recorded match of a tournament's latest launched map: its result goes into the series, and
 * Discord hears the series result once a team has won it. Nothing changes for a map that already
 * has a result, or when none of the match's players holds a seat.
 */
export async function applyRecordedMatch(
  ctx: MutationCtx,
  tournamentId: Id<"tournaments">,
  matchId: Id<"matches">,
  match: { lines: HistoryLine[]; winner: Winner; scoreCT: number; scoreT: number },
): Promise<void> {
  const doc = await ctx.db.get("tournaments", tournamentId);
  if (!doc || doc.launchedMaps === 0) return;
  const t = stateOf(doc);
  const decided = mapWinnerOf(t, match.lines, match.winner);
  if (!decided) return;
  const aIsCT = decided.teamASide === "CT";
  const next = withMapResult(t, {
    mapIndex: doc.launchedMaps - 1,
    matchId,
    winner: decided.winner,
    scoreA: aIsCT ? match.scoreCT : match.scoreT,
    scoreB: aIsCT ? match.scoreT : match.scoreCT,
  });
  if (!next) return;
  await ctx.db.replace("tournaments", doc._id, next);
  if (doc.cupMatchId) {
    const score = seriesScore(next);
    await applySeries(ctx, doc.cupMatchId, { a: score.teamA, b: score.teamB }, next.seriesWinner);
  }
  if (next.seriesWinner) {
    // The series is over: its team names leave the server.
    await clearNamesAfter(ctx, doc);
    const score = seriesScore(next);
    await notify(ctx, {
      kind: "seriesFinished",
      tournament: next.name,
      teamA: next.teamA.name,
      teamB: next.teamB.name,
      winner: next[next.seriesWinner].name,
      scoreA: score.teamA,
      scoreB: score.teamB,
      maps: (next.seriesResults ?? []).map((r) => ({
        map: r.map,
        scoreA: r.scoreA,
        scoreB: r.scoreB,
      })),
    });
  }
}

/** A voided match of a series: its map's result (and a winner it decided) is taken back. */
export async function voidRecordedMatch(
  ctx: MutationCtx,
  tournamentId: Id<"tournaments">,
  matchId: Id<"matches">,
): Promise<void> {
  const doc = await ctx.db.get("tournaments", tournamentId);
  if (!doc) return;
  const next = withoutMatch(stateOf(doc), matchId);
  if (next) await ctx.db.replace("tournaments", doc._id, next);
}
