/**
 * What a poll keeps of the stored match: a poll reads the game server at one moment, through a
 * connection that may not see everything, while MatchZy's events and CS2's log report in between.
 * These pure functions merge the two so a viewer never sees a clock jitter, a logged bomb or the
 * team names vanish, or an event's newer round replaced by an older poll.
 */
import type { Match } from "../../lib/validators";

/**
 * A poll that lands within this long after a MatchZy event wrote the match may have been fetched
 * before the event happened (a poll takes up to its 4 s timeout): see `behindPush`.
 */
export const PUSH_GUARD_MS = 5_000;

/**
 * A phase's clock read again by a later poll lands a little away from the first reading (the
 * request's time, a loaded game server or deployment): within this, the stored end stands, so an
 * unchanged clock writes nothing. A clock only really moves within a phase when an admin changes
 * the round time, which is rare enough to show a few seconds late.
 */
export const CLOCK_JITTER_MS = 5_000;

function steady(stored: number | undefined, next: number | undefined): number | undefined {
  if (stored === undefined || next === undefined) return next;
  return Math.abs(stored - next) < CLOCK_JITTER_MS ? stored : next;
}

/** The poll's clocks, except where they only restate the stored ones of the same phase. */
export function steadyClocks(stored: Match | undefined, next: Match): Match {
  if (!stored || stored.roundPhase !== next.roundPhase || stored.round !== next.round) return next;
  const phaseEndsAt = steady(stored.phaseEndsAt, next.phaseEndsAt);
  const bombEndsAt = steady(stored.bombEndsAt, next.bombEndsAt);
  if (phaseEndsAt === next.phaseEndsAt && bombEndsAt === next.bombEndsAt) return next;
  const out: Match = { ...next };
  if (phaseEndsAt !== undefined) out.phaseEndsAt = phaseEndsAt;
  if (bombEndsAt !== undefined) out.bombEndsAt = bombEndsAt;
  return out;
}

/** CS2's default `mp_c4timer`: the log says when the bomb was planted, not when it will explode. */
export const C4_TIMER_MS = 40_000;

/**
 * A bomb CS2's log announced, kept by a poll that cannot see bombs (plain CS2 over RCON, which
 * reads no phase) while it is still ticking on the same map.
 */
export function keepLoggedBomb(stored: Match | undefined, next: Match, now: number): Match {
  if (next.bombEndsAt !== undefined || !next.unknown?.includes("phase")) return next;
  if (!stored?.bombEndsAt || stored.bombEndsAt <= now || stored.mapName !== next.mapName) {
    return next;
  }
  return { ...next, bombEndsAt: stored.bombEndsAt };
}

/**
 * Whether the teams changed sides between two reads of the same map: the names swapped, or the
 * match went from the first half of regulation into the second (CS2 swaps at halftime).
 */
export function sidesSwapped(stored: Match | undefined, next: Match): boolean {
  if (!stored || stored.mapName !== next.mapName) return false;
  const { teamCT, teamT } = stored;
  if (teamCT && teamT && teamCT !== teamT && next.teamCT === teamT && next.teamT === teamCT) {
    return true;
  }
  const max = next.maxRounds;
  if (!max || stored.round === undefined || next.round === undefined) return false;
  const half = Math.floor(max / 2);
  return stored.round <= half && next.round > half && next.round <= max;
}

/**
 * The team names a poll left out, from the stored match of the same map (MatchZy's events named
 * them): a plugin that does not report names must not make them blink on every poll. A new match
 * on the same map (warmup again, or the round count going back) drops them: the names stood on
 * the sides the teams ended the last one on, which the next one swaps back.
 */
export function keepTeamNames(stored: Match | undefined, next: Match): Match {
  if (!stored || next.teamCT || next.teamT || stored.mapName !== next.mapName) return next;
  if (!stored.teamCT && !stored.teamT) return next;
  if (next.roundPhase === "warmup" || (next.round ?? 0) < (stored.round ?? 0)) return next;
  return { ...next, teamCT: stored.teamCT, teamT: stored.teamT };
}

/**
 * The poll's match, unless it is older than what an event just wrote: same map, an earlier round,
 * within PUSH_GUARD_MS of the event. Then the event's scores, round and phase stay.
 */
export function behindPush(
  stored: { match: Match; pushedAt?: number } | null,
  next: Match,
  now: number,
): Match {
  const filled = fillFromPush(stored, next);
  if (filled) return filled;
  if (!stored?.pushedAt || now - stored.pushedAt >= PUSH_GUARD_MS) return next;
  const { scoreCT, scoreT, round, roundPhase, mapName } = stored.match;
  if (next.mapName !== mapName || next.round === undefined || round === undefined) return next;
  if (next.round >= round) return next;
  // The event's phase stands, and with it its clocks (none, when the event did not tell them).
  const { phaseEndsAt: _phase, bombEndsAt: _bomb, ...rest } = next;
  const kept: Match = { ...rest, scoreCT, scoreT, round, roundPhase };
  if (stored.match.phaseEndsAt !== undefined) kept.phaseEndsAt = stored.match.phaseEndsAt;
  if (stored.match.bombEndsAt !== undefined) kept.bombEndsAt = stored.match.bombEndsAt;
  return kept;
}

/**
 * A poll that cannot know scores, round and phase (plain CS2 over RCON) keeps those MatchZy's
 * events wrote for the same map, instead of marking them unknown again. Null when there is
 * nothing to keep.
 */
function fillFromPush(stored: { match: Match; pushedAt?: number } | null, next: Match) {
  if (!next.unknown || !stored?.pushedAt || stored.match.mapName !== next.mapName) return null;
  const { scoreCT, scoreT, round, roundPhase, unknown: storedUnknown } = stored.match;
  if (storedUnknown?.includes("score")) return null;
  const unknown = next.unknown.filter((f) => f !== "score" && f !== "phase");
  const match: Match = { ...next, scoreCT, scoreT, roundPhase };
  if (round !== undefined) match.round = round;
  // CS2's log tells the clocks, the halves and the teams' names, which such a poll cannot read,
  // and the course its clocks announce.
  if (!match.upcoming && stored.match.upcoming) match.upcoming = stored.match.upcoming;
  for (const key of ["phaseEndsAt", "bombEndsAt", "maxRounds"] as const) {
    if (match[key] === undefined && stored.match[key] !== undefined) match[key] = stored.match[key];
  }
  for (const key of ["teamCT", "teamT"] as const) {
    if (match[key] === undefined && stored.match[key] !== undefined) match[key] = stored.match[key];
  }
  if (unknown.length > 0) match.unknown = unknown;
  else delete match.unknown;
  return match;
}
