/**
 * Match history and careers: the stored and wire shapes, the rules that decide what
 * counts, and the leaderboard criteria. Pure; shared by the backend, the HTTP API and the web app.
 *
 * Rules (also in docs/game-server-api.md, "Match history"):
 * - A match is recorded when it ends: MatchZy's `map_result`, or a poll that sees the match-over
 *   state (a side past half of `mp_maxrounds`, or all rounds played). A match of at least
 *   MIN_ROUNDS rounds cut short (the server offline, a map change, a warmup or a score reset) is
 *   interrupted: held for admins to bring back, and recorded as abandoned (never counted) when it
 *   is not. Anything shorter (a restart, a warmup, a map changed after two rounds) is not a match.
 * - A recorded match counts for careers when it had at least MIN_ROUNDS rounds and at least
 *   MIN_HUMANS human players (a valid SteamID64; bots report `0`/BOT: their lines are kept apart,
 *   shown on the match page and never counted).
 * - Ratio leaderboards (K/D, ADR, HS %) list only players with at least MIN_RATIO_MATCHES counted
 *   matches in the season.
 */
import { v, type Infer } from "convex/values";
import { isOwnKey } from "./ownKey";
import { vRoundMark } from "./rounds";
import { vSide, type Side } from "./side";
import { REQUEST_TEXTS } from "./texts/request";

export const HISTORY_MESSAGES = {
  badSeason: REQUEST_TEXTS["refusal.request.badSeason"],
  badSteamId: REQUEST_TEXTS["refusal.request.notSteamId64"],
  matchNotFound: REQUEST_TEXTS["refusal.request.matchNotFound"],
} as const;

export const MIN_ROUNDS = 4;
export const MIN_HUMANS = 2;
export const MIN_RATIO_MATCHES = 3;
/** Season of all time; a month season is "YYYY-MM" (UTC). */
export const ALL_TIME = "all";

export const vWinner = v.union(...vSide.members, v.literal("draw"));
export type Winner = Infer<typeof vWinner>;
export const vMatchSource = v.union(v.literal("push"), v.literal("poll"), v.literal("log"));
export type MatchSource = Infer<typeof vMatchSource>;

/** One human player's final line of a match. `side`: the side at the end (absent if never seen). */
export const vHistoryLine = v.object({
  steamId: v.string(),
  name: v.string(),
  side: v.optional(vSide),
  kills: v.number(),
  deaths: v.number(),
  assists: v.number(),
  headshots: v.number(),
  damage: v.number(),
  mvps: v.number(),
  rounds: v.number(),
});
export type HistoryLine = Infer<typeof vHistoryLine>;

/**
 * A bot's final line: shown on the match page so a side's numbers add up, never counted in careers
 * (a bot has no SteamID64; it is told apart by its name within the match).
 */
export const vBotLine = vHistoryLine.omit("steamId");
export type BotLine = Infer<typeof vBotLine>;
/** Bot lines kept per match: a full server of bots and no more. */
export const MAX_BOT_LINES = 64;

/** Kills made with one weapon in a match, from CS2's HTTP log (CS2's weapon name). */
export const vWeaponKills = v.object({
  weapon: v.string(),
  kills: v.number(),
  headshots: v.number(),
});
export type WeaponKills = Infer<typeof vWeaponKills>;
/** Weapons kept per match (CS2 has fewer; the rest of an odd log is dropped). */
export const MAX_WEAPONS = 60;

/**
 * What CS2's log tells beyond each player's line (a map recorded from the log): per player the
 * opening duels, multi-kills, clutches won and utility; per round the kills of each side, who
 * opened it and who clutched it; and each side's money at every round's start (shown only after
 * the match: live, it would tell players the enemy's economy).
 */
export const vBreakdownPlayer = v.object({
  /** SteamID64; absent for a bot (told apart by its name within the match). */
  steamId: v.optional(v.string()),
  name: v.string(),
  side: v.optional(vSide),
  /** Opening duels: the round's first kill made, and suffered. */
  firstKills: v.number(),
  firstDeaths: v.number(),
  /** Rounds with exactly 2, 3, 4 and 5 or more kills. */
  k2: v.number(),
  k3: v.number(),
  k4: v.number(),
  k5: v.number(),
  /** Rounds won as the side's last player alive, by how many enemies were left then (1vX). */
  clutches: v.array(v.number()),
  utilityDamage: v.number(),
  enemiesFlashed: v.number(),
});
export type BreakdownPlayer = Infer<typeof vBreakdownPlayer>;

export const vBreakdownRound = v.object({
  round: v.number(),
  killsCT: v.number(),
  killsT: v.number(),
  /** The round's first kill: the killer's name and side, and the victim's name. */
  first: v.optional(v.object({ name: v.string(), side: vSide, victim: v.string() })),
  /** The round won by a side's last player alive against `vs` enemies. */
  clutch: v.optional(v.object({ name: v.string(), side: vSide, vs: v.number() })),
});
export type BreakdownRound = Infer<typeof vBreakdownRound>;

/** Each side's money (all its players) at a round's start, as CS2's round_stats block gives it. */
export const vEconomyRound = v.object({ round: v.number(), CT: v.number(), T: v.number() });
export type EconomyRound = Infer<typeof vEconomyRound>;

export const vMatchBreakdown = v.object({
  players: v.array(vBreakdownPlayer),
  rounds: v.array(vBreakdownRound),
  economy: v.array(vEconomyRound),
});
export type MatchBreakdown = Infer<typeof vMatchBreakdown>;

/** A MatchZy team of a match: its name, the match config's id, the side it started on. */
export const vMatchTeam = v.object({
  name: v.string(),
  id: v.optional(v.string()),
  startSide: v.optional(vSide),
});
export type MatchTeam = Infer<typeof vMatchTeam>;

/** The teams by the side they ended the map on (the side `scoreCT`/`scoreT` are given for). */
export const vMatchTeams = v.object({ CT: vMatchTeam, T: vMatchTeam });
export type MatchTeams = Infer<typeof vMatchTeams>;

/** Which MatchZy match and map a record is (`matchid` as text: MatchZy sent it both ways). */
export const vMatchzyRef = v.object({ matchid: v.string(), mapNumber: v.number() });
export type MatchzyRef = Infer<typeof vMatchzyRef>;

/** The match being played on a server, as the history tracker last saw it. */
export const vTrackedMatch = v.object({
  state: v.union(v.literal("open"), v.literal("finished")),
  startedAt: v.number(),
  mapName: v.string(),
  mode: v.optional(v.string()),
  scoreCT: v.number(),
  scoreT: v.number(),
  rounds: v.number(),
  lines: v.array(vHistoryLine),
  updatedAt: v.number(),
  /** MatchZy's `matchid:map_number` once an event named this map. */
  pushKey: v.optional(v.string()),
  /**
   * Rounds of the map as its end gave them before its final lines came: MatchZy's `map_result`
   * before the last `round_end` (it posts them concurrently, and never retries), whose round end or
   * the scheduled close shortly after closes the match (model/history/detect.ts); or a poll that
   * showed the map decided without the player list, so whatever the server shows next closes it.
   */
  mapEnd: v.optional(v.number()),
  /**
   * The server's report of the last map played to its end (`lastMap`, model/history/tracker.ts
   * `endKeyOf`) as polls gave it while this match was tracked: "" none yet; absent when the server
   * does not report it. Another report is this match's end, however many polls it came between.
   */
  endedBefore: v.optional(v.string()),
  /** A poll showed a human on a side while this match was live. */
  humans: v.optional(v.boolean()),
  maxRounds: v.optional(v.number()),
  /** The teams as MatchZy's events name them, by the side they play now (when known). */
  teams: v.optional(vMatchTeams),
  matchzy: v.optional(vMatchzyRef),
  /** Bots' lines, by name (never in careers). */
  bots: v.optional(v.array(vBotLine)),
  /**
   * Round backups loaded during this match (the score went back on the same live map): from how
   * many rounds played to how many, and when. The rounds between are played again; their marks
   * say so. At most the last 20.
   */
  restored: v.optional(
    v.array(v.object({ at: v.number(), fromRounds: v.number(), toRounds: v.number() })),
  ),
  /** Kills by weapon while this match was open, from CS2's HTTP log. */
  weapons: v.optional(v.array(vWeaponKills)),
  /** The log time (ms, the server's clock) of the newest kill counted in `weapons`. */
  killsThrough: v.optional(v.number()),
  /** Who killed whom with what, for each kill counted at `killsThrough` (at most a second's). */
  killsAt: v.optional(v.array(v.string())),
});
export type TrackedMatch = Infer<typeof vTrackedMatch>;

/** A tracker step that opened a map: none was open before, or another one was. */
export function mapWentLive(
  before: TrackedMatch | null,
  next: TrackedMatch | null,
): next is TrackedMatch {
  if (next === null || next.state !== "open") return false;
  return before === null || before.state !== "open" || next.startedAt !== before.startedAt;
}

/**
 * How a live map ended without a result: the server stopped answering, came back in warmup (a
 * restarted process), showed another map, or put the score back to 0:0.
 */
export const vInterruptReason = v.union(
  v.literal("offline"),
  v.literal("warmup"),
  v.literal("map"),
  v.literal("reset"),
);
export type InterruptReason = Infer<typeof vInterruptReason>;

/** Fields of a `matches` row besides the server and bookkeeping. */
export const matchRecordFields = {
  map: v.string(),
  mode: v.optional(v.string()),
  startedAt: v.number(),
  endedAt: v.number(),
  scoreCT: v.number(),
  scoreT: v.number(),
  winner: vWinner,
  rounds: v.number(),
  source: vMatchSource,
  players: v.array(vHistoryLine),
  teams: v.optional(vMatchTeams),
  matchzy: v.optional(vMatchzyRef),
  /** The rounds as the round log had them (model/history/rounds.ts). */
  timeline: v.optional(v.array(vRoundMark)),
  maxRounds: v.optional(v.number()),
  bots: v.optional(v.array(vBotLine)),
  weapons: v.optional(v.array(vWeaponKills)),
  breakdown: v.optional(vMatchBreakdown),
};

/** A list entry (the public API's shape plus what the page shows). */
export const vMatchListItem = v.object({
  id: v.id("matches"),
  serverKey: v.string(),
  serverName: v.string(),
  map: v.string(),
  mode: v.union(v.string(), v.null()),
  startedAt: v.number(),
  endedAt: v.number(),
  scoreCT: v.number(),
  scoreT: v.number(),
  winner: vWinner,
  rounds: v.number(),
  counted: v.boolean(),
});
export type MatchListItem = Infer<typeof vMatchListItem>;

export const vMatchDetail = v.object({
  ...vMatchListItem.fields,
  source: vMatchSource,
  voided: v.boolean(),
  /** Ended without a result (the server crashed or changed map) and never brought back. */
  abandoned: v.boolean(),
  tournament: v.union(v.string(), v.null()),
  players: v.array(vHistoryLine),
  /** MatchZy's team names by the side they ended on; null without MatchZy. */
  teams: v.union(vMatchTeams, v.null()),
  /** Round by round, as the round log had it (empty for matches recorded before it existed). */
  timeline: v.array(vRoundMark),
  /** `mp_maxrounds` as the server last showed it (null when unknown): where the halves end. */
  maxRounds: v.union(v.number(), v.null()),
  /** Bots' lines (shown, labelled, never counted). */
  bots: v.array(vBotLine),
  /** Kills by weapon, most first; empty without CS2's HTTP log. */
  weapons: v.array(vWeaponKills),
  /** Opening duels, multi-kills, clutches, utility and money; null unless recorded from the log. */
  breakdown: v.union(vMatchBreakdown, v.null()),
});
export type MatchDetail = Infer<typeof vMatchDetail>;

/** Career totals (one season). */
export const careerTotalsFields = {
  matches: v.number(),
  wins: v.number(),
  losses: v.number(),
  kills: v.number(),
  deaths: v.number(),
  assists: v.number(),
  headshots: v.number(),
  damage: v.number(),
  mvps: v.number(),
  rounds: v.number(),
};
export const vCareerTotals = v.object(careerTotalsFields);
export type CareerTotals = Infer<typeof vCareerTotals>;

export const vCareer = v.object({
  steamId: v.string(),
  season: v.string(),
  name: v.string(),
  ...careerTotalsFields,
  kd: v.number(),
  hsPercent: v.number(),
  adr: v.number(),
  firstSeen: v.number(),
  lastSeen: v.number(),
  names: v.array(v.string()),
});
export type Career = Infer<typeof vCareer>;

export const vCareerMatch = v.object({
  matchId: v.id("matches"),
  map: v.string(),
  endedAt: v.number(),
  scoreCT: v.number(),
  scoreT: v.number(),
  side: v.union(vSide, v.null()),
  result: v.union(v.literal("win"), v.literal("loss"), v.literal("draw")),
  kills: v.number(),
  deaths: v.number(),
  assists: v.number(),
  counted: v.boolean(),
});
export type CareerMatch = Infer<typeof vCareerMatch>;

// ---- Leaderboards ----

export const CRITERIA = {
  kills: { ratio: false },
  kd: { ratio: true },
  wins: { ratio: false },
  adr: { ratio: true },
  hs: { ratio: true },
  mvps: { ratio: false },
} as const;
export type Criterion = keyof typeof CRITERIA;
export const CRITERION_NAMES = Object.keys(CRITERIA) as Criterion[];
export const vCriterion = v.union(
  v.literal("kills"),
  v.literal("kd"),
  v.literal("wins"),
  v.literal("adr"),
  v.literal("hs"),
  v.literal("mvps"),
);

export function isCriterion(value: string): value is Criterion {
  return isOwnKey(CRITERIA, value);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function kdOf(t: CareerTotals): number {
  return round2(t.deaths === 0 ? t.kills : t.kills / t.deaths);
}
export function adrOf(t: CareerTotals): number {
  return round2(t.rounds === 0 ? 0 : t.damage / t.rounds);
}
export function hsPercentOf(t: CareerTotals): number {
  return round2(t.kills === 0 ? 0 : (t.headshots / t.kills) * 100);
}

/** The criterion's value for these totals, or null when the player is not ranked by it. */
export function criterionValue(criterion: Criterion, t: CareerTotals): number | null {
  if (t.matches < 1) return null;
  if (CRITERIA[criterion].ratio && t.matches < MIN_RATIO_MATCHES) return null;
  switch (criterion) {
    case "kills":
      return t.kills;
    case "wins":
      return t.wins;
    case "mvps":
      return t.mvps;
    case "kd":
      return kdOf(t);
    case "adr":
      return adrOf(t);
    case "hs":
      return hsPercentOf(t);
  }
}

export const vLeaderboardRow = v.object({
  rank: v.number(),
  steamId: v.string(),
  name: v.string(),
  value: v.number(),
  matches: v.number(),
});
export type LeaderboardRow = Infer<typeof vLeaderboardRow>;

/** A month season "YYYY-MM" (2000-01 … 2099-12) or "all". */
export function isSeason(value: string): boolean {
  return value === ALL_TIME || /^20\d\d-(0[1-9]|1[0-2])$/.test(value);
}

/** The month season (UTC) of a time. */
export function seasonOf(at: number): string {
  return new Date(at).toISOString().slice(0, 7);
}

export function winnerOf(scoreCT: number, scoreT: number): Winner {
  return scoreCT > scoreT ? "CT" : scoreT > scoreCT ? "T" : "draw";
}

export function resultOf(side: Side | undefined, winner: Winner): "win" | "loss" | "draw" {
  if (winner === "draw") return "draw";
  return side === winner ? "win" : "loss";
}

/** Whether a recorded match counts for careers (see the rules above). */
export function countsForCareers(match: { rounds: number; players: HistoryLine[] }): boolean {
  return match.rounds >= MIN_ROUNDS && match.players.length >= MIN_HUMANS;
}
