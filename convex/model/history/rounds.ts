/**
 * The round log of the map being played on a server (one row per server): a mark per round, with
 * the winner and how it ended. It is written in the same mutation as the match snapshot's score,
 * so the dashboard's one subscription re-runs once per round for both. A recorded match keeps the
 * marks as its timeline; the next match starts a new log.
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import type { TrackedMatch } from "../../lib/history";
import { MAX_ROUND_MARKS, halfBreakAfter, type RoundEnd, type RoundMark } from "../../lib/rounds";
import type { Side } from "../../lib/side";
import { sameJson } from "../live/data";

/** What a MatchZy `round_end` says about its round beyond the score. */
export interface PushedRound {
  winner?: Side;
  reason?: RoundEnd;
  /** The event proved the scores by side (otherwise the tracker's are an older round's). */
  scored: boolean;
}

export async function roundLogOf(ctx: QueryCtx, serverId: Id<"servers">) {
  return await ctx.db
    .query("roundLogs")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
}

/**
 * The winner of round `round`, the one round between two polls, by the scores by side. The sides
 * swap their scores at a half break (at the start of the next round), so a poll can see the swap
 * either after the round that ends a half (it was played on the sides before the swap) or after
 * the first round of the new half (played on the sides after it); `maxRounds` says which. Null
 * when it cannot be told: the halves unknown, or a tie that reads either way.
 */
export function pollWinner(
  before: { scoreCT: number; scoreT: number },
  after: { scoreCT: number; scoreT: number },
  round: number,
  maxRounds: number | undefined,
): Side | null {
  const plain: Side | null =
    after.scoreCT === before.scoreCT + 1 && after.scoreT === before.scoreT
      ? "CT"
      : after.scoreT === before.scoreT + 1 && after.scoreCT === before.scoreCT
        ? "T"
        : null;
  // Swapped: the team that was T (before.scoreT) now plays CT, or the other way round.
  const oldT =
    after.scoreCT === before.scoreT + 1 && after.scoreT === before.scoreCT
      ? true
      : after.scoreT === before.scoreCT + 1 && after.scoreCT === before.scoreT
        ? false
        : null;
  const endsHalf = halfBreakAfter(round, maxRounds);
  const opensHalf = halfBreakAfter(round - 1, maxRounds);
  const swapped: Side | null =
    oldT === null || endsHalf === opensHalf ? null : endsHalf === oldT ? "T" : "CT";
  if (plain === null || oldT === null) return plain ?? swapped;
  // A tie before or after reads both ways; where no swap can fall, it did not.
  return !endsHalf && !opensHalf ? plain : swapped === plain ? plain : null;
}

/**
 * A polled round's score on the sides it was played on: a poll that saw the halftime swap after
 * the round that ended the half has the scores the other way round.
 */
function asPlayed(
  before: { scoreCT: number; scoreT: number },
  winner: Side,
  seen: { scoreCT?: number; scoreT?: number },
): { scoreCT?: number; scoreT?: number } {
  const scoreCT = before.scoreCT + (winner === "CT" ? 1 : 0);
  const scoreT = before.scoreT + (winner === "T" ? 1 : 0);
  return seen.scoreCT === scoreT && seen.scoreT === scoreCT ? { scoreCT, scoreT } : seen;
}

/**
 * The marks after one tracker step: the rounds it added (their winner from the event, or from the
 * poll's score change; unknown for rounds a poll skipped), a pushed round's reason added to a mark
 * a poll wrote first. Pure.
 */
export function marksAfter(
  marks: RoundMark[],
  before: TrackedMatch | null,
  next: TrackedMatch,
  pushed: PushedRound | undefined,
): RoundMark[] {
  const same = !!before && before.startedAt === next.startedAt;
  // A round backup was loaded: the rounds past it were undone.
  const restores = next.restored ?? [];
  const rolled = same && restores.length > (before.restored?.length ?? 0);
  const out = rolled ? marks.filter((m) => m.round <= next.rounds) : [...marks];
  const from = same ? Math.min(before.rounds, next.rounds) : 0;
  const scores = pushed && !pushed.scored ? {} : { scoreCT: next.scoreCT, scoreT: next.scoreT };
  // Only the rounds the strip keeps are built, however far the score jumped.
  const first = Math.max(from + 1, next.rounds - MAX_ROUND_MARKS + 1);
  for (let round = first; round <= next.rounds; round++) {
    const last = round === next.rounds;
    const winner = !last
      ? null
      : pushed
        ? (pushed.winner ?? null)
        : before && next.rounds === before.rounds + 1
          ? pollWinner(before, next, round, next.maxRounds)
          : null;
    const replayed = restores.some((r) => round > r.toRounds && round <= r.fromRounds);
    out.push({
      round,
      winner,
      ...(replayed ? { restored: true as const } : {}),
      ...(last && pushed?.reason ? { reason: pushed.reason } : {}),
      ...(last ? (!pushed && before && winner ? asPlayed(before, winner, scores) : scores) : {}),
    });
  }
  if (pushed && next.rounds === from) {
    // The poll logged this round first: the event adds what it knows.
    const at = out.findIndex((m) => m.round === next.rounds);
    const mark = out[at];
    if (mark) {
      out[at] = {
        ...mark,
        ...(mark.winner === null && pushed.winner ? { winner: pushed.winner } : {}),
        ...(pushed.reason ? { reason: pushed.reason } : {}),
      };
    }
  }
  return out.slice(-MAX_ROUND_MARKS);
}

/**
 * Keeps the round log in step with the tracker: a new log when a match opens, marks as rounds
 * end, no log while no match is on. Written only when it changes. Returns the marks of the match
 * that started at `closedStartedAt` (a record's timeline), before the log moved on.
 */
export async function updateRoundLog(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  before: TrackedMatch | null,
  next: TrackedMatch | null,
  pushed: PushedRound | undefined,
  closedStartedAt: number | undefined,
): Promise<RoundMark[]> {
  const log = await roundLogOf(ctx, serverId);
  const kept = log && log.startedAt === closedStartedAt ? log.rounds : [];
  if (!next) {
    if (log) await ctx.db.delete("roundLogs", log._id);
    return kept;
  }
  const same = !!log && log.startedAt === next.startedAt;
  const marks = marksAfter(same ? log.rounds : [], same ? before : null, next, pushed);
  if (!log) {
    await ctx.db.insert("roundLogs", { serverId, startedAt: next.startedAt, rounds: marks });
  } else if (!same || !sameJson(marks, log.rounds)) {
    await ctx.db.patch("roundLogs", log._id, { startedAt: next.startedAt, rounds: marks });
  }
  return next.startedAt === closedStartedAt ? marks : kept;
}

/** How much a mark tells: a reason beats a winner alone, which beats an unknown round. */
function richness(mark: RoundMark): number {
  return mark.reason ? 2 : mark.winner ? 1 : 0;
}

/**
 * One strip from two sources' marks of the same map: every round either saw, each with the
 * richer mark (a reason, else a winner); on a tie `speaking`'s mark stands. `upTo` drops the
 * other source's rounds past it (the speaking source undid them: a round restored from backup).
 * Pure.
 */
export function mergeMarks(
  speaking: RoundMark[],
  other: RoundMark[],
  upTo = Number.POSITIVE_INFINITY,
): RoundMark[] {
  const byRound = new Map<number, RoundMark>();
  for (const mark of other) if (mark.round <= upTo) byRound.set(mark.round, mark);
  for (const mark of speaking) {
    const seen = byRound.get(mark.round);
    byRound.set(mark.round, seen && richness(seen) > richness(mark) ? seen : mark);
  }
  return [...byRound.values()].sort((a, b) => a.round - b.round).slice(-MAX_ROUND_MARKS);
}
