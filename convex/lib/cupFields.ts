/**
 * A cup's stored shape: its bracket format and the matches of its bracket, as validators shared by
 * the schema, the functions' `returns` and the pure bracket model (model/cup/).
 */
import { v, type Infer } from "convex/values";
import { vTournamentFormat } from "./tournamentFields";

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

export const vSeedingMode = v.union(v.literal("manual"), v.literal("random"));

export const vCupStatus = v.union(
  v.literal("registration"),
  v.literal("running"),
  v.literal("finished"),
);
export type CupStatus = Infer<typeof vCupStatus>;

/** A cup: its bracket, its veto (the ban/pick format every match plays) and its servers. */
export const cupFields = {
  /** Short code of the public link `/cup/:slug`. */
  slug: v.string(),
  name: v.string(),
  status: vCupStatus,
  archived: v.boolean(),
  bracket: vBracketConfig,
  seeding: vSeedingMode,
  /** The ban/pick format of every match (map pool, sequence, team size, turn timer). */
  veto: vTournamentFormat,
  /** Game servers this cup's matches run on, one match per server at a time. */
  serverIds: v.array(v.id("servers")),
  /** How long before a match's start check-in opens. */
  checkInMinutes: v.number(),
  /** Minutes between a match becoming playable and its start, unless a time was set. */
  startDelayMinutes: v.number(),
  /** A team not checked in at the start loses by walkover; off, the match waits for an admin. */
  noShowWalkover: v.boolean(),
  /** Captains may agree on start times only inside this window (ms since epoch). */
  scheduleWindow: v.optional(v.object({ from: v.number(), to: v.number() })),
  teamsMax: v.number(),
  /** Team ids in seed order, fixed when the cup starts. */
  seeds: v.array(v.id("cupTeams")),
  champion: v.optional(v.id("cupTeams")),
  createdBy: v.string(),
  createdAt: v.number(),
  startedAt: v.optional(v.number()),
  finishedAt: v.optional(v.number()),
};

export const vRosterPlayer = v.object({ steamId: v.string(), name: v.string() });

export const cupTeamFields = {
  cupId: v.id("cups"),
  name: v.string(),
  tag: v.string(),
  /** The captain is also the roster's first player. */
  captainSteamId: v.string(),
  roster: v.array(vRosterPlayer),
  /** The code of the team's invite link; only its members ever see it. */
  inviteCode: v.string(),
  createdAt: v.number(),
};

/** Where a cup match is between becoming playable and its result. */
export const vCupMatchPhase = v.union(
  /** Teams not known yet, or no start time. */
  v.literal("waiting"),
  /** A start time is set; check-in is not open yet. */
  v.literal("scheduled"),
  v.literal("check_in"),
  /** Both teams in: waiting for a free server of the cup's pool. */
  v.literal("queued"),
  v.literal("veto"),
  v.literal("live"),
  /** A no-show with walkovers off: an admin decides. */
  v.literal("no_show"),
  v.literal("done"),
);
export type CupMatchPhase = Infer<typeof vCupMatchPhase>;

export const vTimeProposal = v.object({ at: v.number(), by: v.id("cupTeams") });

export const cupMatchFields = {
  cupId: v.id("cups"),
  /** Play order within the cup (the bracket model's order). */
  seq: v.number(),
  ...bracketMatchFields,
  phase: vCupMatchPhase,
  startAt: v.optional(v.number()),
  proposal: v.optional(vTimeProposal),
  checkedIn: v.array(v.id("cupTeams")),
  /** The ban/pick (and series) this match plays. */
  tournamentId: v.optional(v.id("tournaments")),
  tournamentSlug: v.optional(v.string()),
  serverId: v.optional(v.id("servers")),
  /** Maps won so far by the match's first and second team while it is played. */
  live: v.optional(v.object({ a: v.number(), b: v.number() })),
};
