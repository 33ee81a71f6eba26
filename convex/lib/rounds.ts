/**
 * Rounds of a map as spectators read them: who won each round and, where the source says so, how
 * it ended. Pure and dependency-free apart from `convex/values`: shared by the backend, the
 * simulator and the web app.
 */
import { v, type Infer } from "convex/values";
import { vSide } from "./side";

/** How a round ended, as far as the source tells (MatchZy's `reason`; polls tell nothing). */
export const vRoundEnd = v.union(
  v.literal("elimination"),
  v.literal("bomb"),
  v.literal("defused"),
  v.literal("time"),
);
export type RoundEnd = Infer<typeof vRoundEnd>;

export const vRoundMark = v.object({
  /** 1-based round of the map. */
  round: v.number(),
  /** The winning side; null when the source cannot tell (a poll that missed several rounds). */
  winner: v.union(vSide, v.null()),
  reason: v.optional(vRoundEnd),
  /** Score by side after the round, when known. */
  scoreCT: v.optional(v.number()),
  scoreT: v.optional(v.number()),
  /** Played again after a round backup was loaded (the first time it was played was undone). */
  restored: v.optional(v.literal(true)),
});
export type RoundMark = Infer<typeof vRoundMark>;

/** Rounds kept per map: regulation (up to 30) and a long overtime; older ones are dropped. */
export const MAX_ROUND_MARKS = 60;

/**
 * CounterStrikeSharp's `RoundEndReason` (MatchZy's `round_end.reason`) as a spectator reads it:
 * 1 target bombed, 7 bomb defused, 8/9 a side eliminated, 12 target saved (time ran out), 13
 * hostages not rescued (time). Other codes say nothing a strip shows.
 */
export function roundEndOf(reason: number): RoundEnd | undefined {
  switch (reason) {
    case 1:
      return "bomb";
    case 7:
      return "defused";
    case 8:
    case 9:
      return "elimination";
    case 12:
    case 13:
      return "time";
    default:
      return undefined;
  }
}

/**
 * Whether a half ends after this round: at `maxRounds / 2` and `maxRounds` in regulation, then
 * every 3 rounds of overtime (CS2's MR3 overtime halves).
 */
export function halfBreakAfter(round: number, maxRounds: number | undefined): boolean {
  if (!maxRounds || maxRounds < 2) return false;
  if (round === Math.floor(maxRounds / 2) || round === maxRounds) return true;
  return round > maxRounds && (round - maxRounds) % 3 === 0;
}

/** Whether a round was played in overtime. */
export function isOvertime(round: number, maxRounds: number | undefined): boolean {
  return !!maxRounds && round > maxRounds;
}
