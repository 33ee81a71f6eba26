/**
 * A cup's stored shape: its bracket format and the matches of its bracket, as validators shared by
 * the schema, the functions' `returns` and the pure bracket model (model/cup/).
 */
import { v, type Infer } from "convex/values";

export const vCupFormat = v.union(
  v.literal("single_elimination"),
  v.literal("double_elimination"),
  v.literal("round_robin"),
  v.literal("swiss"),
);
export type CupFormat = Infer<typeof vCupFormat>;

export const vBestOf = v.union(v.literal(1), v.literal(3), v.literal(5));
export type BestOf = Infer<typeof vBestOf>;

/** How the bracket is built; validated by model/cup/config.ts. */
export const vBracketConfig = v.object({
  format: vCupFormat,
  /** Best-of of every match unless a round or the final says otherwise. */
  bestOf: vBestOf,
  /** Best-of by round (round 1 first); a round past the list plays `bestOf`. */
  roundBestOf: v.optional(v.array(vBestOf)),
  /** The final (and grand final); in Swiss, every match that can advance or eliminate a team. */
  finalBestOf: vBestOf,
  /** Single elimination: the semi-final losers play for third place. */
  thirdPlace: v.optional(v.boolean()),
  /** Double elimination: a second grand final when the lower-bracket team wins the first. */
  grandFinalReset: v.optional(v.boolean()),
  /** Round robin: how many groups. */
  groups: v.optional(v.number()),
  /** Swiss: wins that advance a team and losses that knock it out. */
  swissWins: v.optional(v.number()),
  swissLosses: v.optional(v.number()),
});
export type BracketConfig = Infer<typeof vBracketConfig>;

/**
 * Where a bracket slot's team comes from: a seed (a seed past the team count is a bye), the winner
 * or loser of an earlier match, a fixed team (groups, Swiss), or nobody (a Swiss bye).
 */
export const vSlotSource = v.union(
  v.object({ kind: v.literal("seed"), seed: v.number() }),
  v.object({ kind: v.literal("winner"), match: v.string() }),
  v.object({ kind: v.literal("loser"), match: v.string() }),
  v.object({ kind: v.literal("team"), team: v.string() }),
  v.object({ kind: v.literal("none") }),
);
export type SlotSource = Infer<typeof vSlotSource>;

export const vBracketSection = v.union(
  v.literal("upper"),
  v.literal("lower"),
  v.literal("final"),
  v.literal("reset"),
  v.literal("third"),
  v.literal("group"),
  v.literal("swiss"),
);
export type BracketSection = Infer<typeof vBracketSection>;

/** A decided match: who won and lost, and the maps each took (a walkover has no maps). */
export const vBracketResult = v.object({
  winner: v.string(),
  loser: v.string(),
  winnerMaps: v.number(),
  loserMaps: v.number(),
  walkover: v.optional(v.boolean()),
});
export type BracketResult = Infer<typeof vBracketResult>;

export const bracketMatchFields = {
  /** Stable within the cup: `U2-1` (upper round 2, match 1), `L3-2`, `GF`, `GF2`, `3P`, … */
  key: v.string(),
  section: vBracketSection,
  round: v.number(),
  order: v.number(),
  group: v.optional(v.number()),
  bestOf: vBestOf,
  a: vSlotSource,
  b: vSlotSource,
  /** A grand-final reset: played only when the lower-bracket team won the match named here. */
  resetOf: v.optional(v.string()),
  result: v.optional(vBracketResult),
};
export const vBracketMatch = v.object(bracketMatchFields);
export type BracketMatch = Infer<typeof vBracketMatch>;
