/**
 * A bracket as plain data: a list of matches whose slots name where their teams come from (a seed,
 * an earlier match's winner or loser, a fixed team). Nothing but the results is stored as state:
 * who plays whom is worked out again from the seeds and the results on every read (`resolve`), so a
 * changed result moves every later match by itself, and a result whose teams no longer meet is
 * dropped (`settle`). Matches are kept in play order: every source comes before its match.
 */
import type { BracketMatch, BracketResult, SlotSource } from "../../lib/cupFields";
import { fail } from "../../lib/errors";
import { worded } from "../../lib/messages";

export const BRACKET_MESSAGES = {
  noSuchMatch: worded("refusal.cup.noSuchMatch"),
  notReady: worded("refusal.cup.notReady"),
  notInMatch: worded("refusal.cup.teamNotInMatch"),
  decided: worded("refusal.cup.decided"),
  badScore: (bestOf: number) =>
    worded("refusal.cup.badScore", { bestOf, wins: Math.ceil(bestOf / 2) }),
};
const M = BRACKET_MESSAGES;

/**
 * A slot's team: its id, `null` when nobody will ever come (a bye, a reset not needed), or
 * `undefined` while the match it comes from is not decided.
 */
export type Slot = string | null | undefined;

export type MatchState =
  /** A team is still unknown. */
  | "pending"
  /** Both teams known, no result yet. */
  | "ready"
  | "done"
  /** One team had nobody to play: it goes on without a match. */
  | "bye"
  /** Nobody on either side (a bye's shadow in a lower bracket, an unneeded reset). */
  | "void";

export interface ResolvedMatch {
  match: BracketMatch;
  teamA: Slot;
  teamB: Slot;
  state: MatchState;
  winner: Slot;
  loser: Slot;
}

export type Resolved = Map<string, ResolvedMatch>;

function slotOf(source: SlotSource, seeds: readonly string[], done: Resolved): Slot {
  switch (source.kind) {
    case "seed":
      return seeds[source.seed - 1] ?? null;
    case "team":
      return source.team;
    case "none":
      return null;
    case "winner":
      return done.get(source.match)?.winner;
    case "loser":
      return done.get(source.match)?.loser;
  }
}

function resultFits(result: BracketResult | undefined, a: string, b: string): boolean {
  if (!result) return false;
  return (result.winner === a && result.loser === b) || (result.winner === b && result.loser === a);
}

function resolveOne(match: BracketMatch, seeds: readonly string[], done: Resolved): ResolvedMatch {
  let teamA = slotOf(match.a, seeds, done);
  let teamB = slotOf(match.b, seeds, done);
  if (match.resetOf) {
    const first = done.get(match.resetOf);
    if (!first || first.state !== "done") {
      return {
        match,
        teamA: undefined,
        teamB: undefined,
        state: "pending",
        winner: undefined,
        loser: undefined,
      };
    }
    // The upper-bracket team (slot A of the first grand final) won it: no second one.
    if (first.winner === first.teamA) teamA = teamB = null;
  }
  const base = { match, teamA, teamB };
  if (teamA === undefined || teamB === undefined) {
    return { ...base, state: "pending", winner: undefined, loser: undefined };
  }
  if (teamA === null && teamB === null) {
    return { ...base, state: "void", winner: null, loser: null };
  }
  if (teamA === null || teamB === null) {
    return { ...base, state: "bye", winner: teamA ?? teamB, loser: null };
  }
  if (resultFits(match.result, teamA, teamB)) {
    return { ...base, state: "done", winner: match.result!.winner, loser: match.result!.loser };
  }
  return { ...base, state: "ready", winner: undefined, loser: undefined };
}

/** Every match with its teams and state, as the seeds and the stored results decide. */
export function resolve(matches: readonly BracketMatch[], seeds: readonly string[]): Resolved {
  const done: Resolved = new Map();
  for (const match of matches) done.set(match.key, resolveOne(match, seeds, done));
  return done;
}

/** Drops every stored result whose teams no longer meet in that match. */
export function settle(matches: readonly BracketMatch[], seeds: readonly string[]): BracketMatch[] {
  const resolved = resolve(matches, seeds);
  return matches.map((m) => {
    if (!m.result || resolved.get(m.key)!.state === "done") return m;
    const { result: _dropped, ...rest } = m;
    return rest;
  });
}

function find(matches: readonly BracketMatch[], key: string): BracketMatch {
  const match = matches.find((m) => m.key === key);
  if (!match) fail("NOT_FOUND", M.noSuchMatch);
  return match;
}

/** A series score is whole maps: the winner takes a majority, the loser fewer. */
export function checkScore(bestOf: number, winnerMaps: number, loserMaps: number): void {
  const needed = Math.ceil(bestOf / 2);
  const ok =
    Number.isInteger(winnerMaps) &&
    Number.isInteger(loserMaps) &&
    winnerMaps === needed &&
    loserMaps >= 0 &&
    loserMaps < needed;
  if (!ok) fail("INVALID_INPUT", M.badScore(bestOf));
}

export interface ResultInput {
  winner: string;
  winnerMaps: number;
  loserMaps: number;
  walkover?: boolean;
}

/**
 * The bracket with `key` decided. A match that already has a result is refused unless `override`
 * (an admin's correction): then every later match whose teams change loses its result.
 */
export function withResult(
  matches: readonly BracketMatch[],
  seeds: readonly string[],
  key: string,
  input: ResultInput,
  override = false,
): BracketMatch[] {
  const match = find(matches, key);
  const here = resolve(matches, seeds).get(key)!;
  if (here.state === "done" && !override) fail("CONFLICT", M.decided);
  if (here.state !== "ready" && here.state !== "done") fail("CONFLICT", M.notReady);
  const { teamA, teamB } = here as { teamA: string; teamB: string };
  if (input.winner !== teamA && input.winner !== teamB) fail("INVALID_INPUT", M.notInMatch);
  if (input.walkover) {
    if (input.winnerMaps !== 0 || input.loserMaps !== 0) {
      fail("INVALID_INPUT", M.badScore(match.bestOf));
    }
  } else {
    checkScore(match.bestOf, input.winnerMaps, input.loserMaps);
  }
  const result: BracketResult = {
    winner: input.winner,
    loser: input.winner === teamA ? teamB : teamA,
    winnerMaps: input.winnerMaps,
    loserMaps: input.loserMaps,
    ...(input.walkover ? { walkover: true } : {}),
  };
  return settle(
    matches.map((m) => (m.key === key ? { ...m, result } : m)),
    seeds,
  );
}

/** The bracket with `key` to be played again: its result and every result built on it dropped. */
export function withoutResult(
  matches: readonly BracketMatch[],
  seeds: readonly string[],
  key: string,
): BracketMatch[] {
  find(matches, key);
  return settle(
    matches.map((m) => {
      if (m.key !== key) return m;
      const { result: _dropped, ...rest } = m;
      return rest;
    }),
    seeds,
  );
}

/** What an admin's change does to the rest of the bracket, before it is made. */
export interface ChangePreview {
  /** Matches whose result the change drops (they are played again). */
  resultsDropped: string[];
  /** Matches whose teams change (`null` a bye, `undefined` not known yet). */
  teamsChanged: { key: string; before: [Slot, Slot]; after: [Slot, Slot] }[];
  /** Matches the change adds or removes (Swiss rounds built on the old results). */
  added: string[];
  removed: string[];
}

export function previewChange(
  before: readonly BracketMatch[],
  after: readonly BracketMatch[],
  seeds: readonly string[],
  changedKey: string,
): ChangePreview {
  const was = resolve(before, seeds);
  const now = resolve(after, seeds);
  const preview: ChangePreview = { resultsDropped: [], teamsChanged: [], added: [], removed: [] };
  for (const [key, old] of was) {
    const next = now.get(key);
    if (!next) {
      preview.removed.push(key);
      continue;
    }
    if (key !== changedKey && old.match.result && !next.match.result) {
      preview.resultsDropped.push(key);
    }
    if (old.teamA !== next.teamA || old.teamB !== next.teamB) {
      preview.teamsChanged.push({
        key,
        before: [old.teamA, old.teamB],
        after: [next.teamA, next.teamB],
      });
    }
  }
  for (const key of now.keys()) if (!was.has(key)) preview.added.push(key);
  return preview;
}

/** Matches both of whose teams are known and that wait for a result, in play order. */
export function playable(resolved: Resolved): ResolvedMatch[] {
  return [...resolved.values()].filter((r) => r.state === "ready");
}

/** Nothing is left to play. */
export function allDecided(resolved: Resolved): boolean {
  return [...resolved.values()].every((r) => r.state !== "pending" && r.state !== "ready");
}
