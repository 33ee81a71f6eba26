/**
 * A cup's bracket as one value: its config, its seeds (team ids, seed 1 first) and its matches.
 * Every change goes through here, so each format's own step (Swiss building its next round, a
 * changed Swiss result dropping the rounds paired on the old one) happens in one place.
 */
import type { BracketConfig, BracketMatch } from "../../lib/cupFields";
import { fail } from "../../lib/errors";
import { worded } from "../../lib/messages";
import {
  allDecided,
  resolve,
  withResult,
  withoutResult,
  previewChange,
  type ChangePreview,
  type ResultInput,
} from "./bracket";
import { doubleElimination, singleElimination } from "./elimination";
import { roundRobin } from "./roundRobin";
import { swissFirstRound, swissNextRound } from "./swiss";

export const CUP_TEAMS_MIN = 2;
export const CUP_TEAMS_MAX = 64;
export const GROUPS_MAX = 16;
/** A group of 16 plays 120 matches in 15 rounds; larger ones would outgrow a cup's match rows. */
export const GROUP_TEAMS_MAX = 16;
export const SWISS_TARGET_MAX = 5;

export const FORMAT_MESSAGES = {
  teams: worded("refusal.cup.teams", { min: CUP_TEAMS_MIN, max: CUP_TEAMS_MAX }),
  groups: worded("refusal.cup.groups"),
  groupTooBig: worded("refusal.cup.groupTooBig", { max: GROUP_TEAMS_MAX }),
  swissTarget: worded("refusal.cup.swissTarget", { max: SWISS_TARGET_MAX }),
  duplicateTeam: worded("refusal.cup.duplicateTeam"),
};
const M = FORMAT_MESSAGES;

export interface Bracket {
  config: BracketConfig;
  seeds: string[];
  matches: BracketMatch[];
}

export function checkConfig(config: BracketConfig, teams: number): void {
  if (!Number.isInteger(teams) || teams < CUP_TEAMS_MIN || teams > CUP_TEAMS_MAX) {
    fail("INVALID_INPUT", M.teams);
  }
  if (config.format === "round_robin") {
    const groups = config.groups ?? 1;
    if (!Number.isInteger(groups) || groups < 1 || groups > GROUPS_MAX || teams / groups < 2) {
      fail("INVALID_INPUT", M.groups);
    }
    if (Math.ceil(teams / groups) > GROUP_TEAMS_MAX) fail("INVALID_INPUT", M.groupTooBig);
  }
  if (config.format === "swiss") {
    for (const n of [config.swissWins ?? 3, config.swissLosses ?? 3]) {
      if (!Number.isInteger(n) || n < 1 || n > SWISS_TARGET_MAX) {
        fail("INVALID_INPUT", M.swissTarget);
      }
    }
  }
}

/** The bracket for these seeds; Swiss starts with its first round only. */
export function createBracket(config: BracketConfig, seeds: readonly string[]): Bracket {
  checkConfig(config, seeds.length);
  if (new Set(seeds).size !== seeds.length) fail("INVALID_INPUT", M.duplicateTeam);
  const teams = seeds.length;
  const matches =
    config.format === "single_elimination"
      ? singleElimination(config, teams)
      : config.format === "double_elimination"
        ? doubleElimination(config, teams)
        : config.format === "round_robin"
          ? roundRobin(config, teams)
          : swissFirstRound(config, teams);
  return advance({ config, seeds: [...seeds], matches });
}

/** Adds Swiss rounds as long as the last one is complete (a round of only byes completes at once). */
function advance(bracket: Bracket): Bracket {
  if (bracket.config.format !== "swiss") return bracket;
  let matches = bracket.matches;
  for (;;) {
    const next = swissNextRound(
      bracket.config,
      matches,
      bracket.seeds,
      resolve(matches, bracket.seeds),
    );
    if (next.length === 0) return { ...bracket, matches };
    matches = [...matches, ...next];
  }
}

/** In Swiss, rounds after `key`'s were paired on its old result: they go, to be paired again. */
function trimAfter(bracket: Bracket, key: string, matches: BracketMatch[]): BracketMatch[] {
  if (bracket.config.format !== "swiss") return matches;
  const round = bracket.matches.find((m) => m.key === key)?.round ?? Infinity;
  return matches.filter((m) => m.round <= round);
}

export function recordResult(
  bracket: Bracket,
  key: string,
  result: ResultInput,
  override = false,
): Bracket {
  const changed = withResult(bracket.matches, bracket.seeds, key, result, override);
  const existing = bracket.matches.find((m) => m.key === key)?.result;
  const sameWinner = existing?.winner === result.winner;
  const matches = override && !sameWinner ? trimAfter(bracket, key, changed) : changed;
  return advance({ ...bracket, matches });
}

/** The match to be played again; what was built on its result goes too. */
export function replayMatch(bracket: Bracket, key: string): Bracket {
  const matches = trimAfter(bracket, key, withoutResult(bracket.matches, bracket.seeds, key));
  return { ...bracket, matches };
}

export function previewOf(before: Bracket, after: Bracket, key: string): ChangePreview {
  return previewChange(before.matches, after.matches, before.seeds, key);
}

export function isFinished(bracket: Bracket): boolean {
  return allDecided(resolve(bracket.matches, bracket.seeds));
}
