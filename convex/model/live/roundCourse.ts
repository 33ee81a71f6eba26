/**
 * How a round goes on between its end and the next one's play: the end's pause
 * (`mp_round_restart_delay`), the buy time (`mp_freezetime`), the round (`mp_roundtime`). The
 * plugin's poll tells the phase and its time left but not these settings, so the poller learns
 * the last two from the transitions it sees and, once known, writes the course with the round's
 * end (`Match.upcoming`): the buy time starting and the round going live then show on every
 * screen without a write, which is two viewer wakes a round fewer. A poll that finds the server
 * on its course writes nothing; one that does not (a tactical pause, a changed setting, the
 * half) writes what it read, as before.
 */
import { sameJson } from "../../lib/sameJson";
import { matchAt } from "../../lib/phaseCourse";
import type { CourseStep, Match } from "../../lib/validators";
import { CLOCK_JITTER_MS } from "./matchMerge";

/** The durations learnt from this server's rounds (ms). */
export interface RoundTiming {
  freezeMs?: number;
  roundMs?: number;
}

/** What a server may set: `mp_freezetime` up to a minute, `mp_roundtime` up to an hour. */
const FREEZE_MS = { min: 1_000, max: 120_000 };
const ROUND_MS = { min: 5_000, max: 3_600_000 };

function within(ms: number, bounds: { min: number; max: number }): boolean {
  return Number.isFinite(ms) && ms >= bounds.min && ms <= bounds.max;
}

/**
 * The timing after one more poll: the buy time is the gap from the end of a round's end pause to
 * the end of the next round's buy time; the round's time, from the buy time's end to the round's.
 * Only whole transitions seen by two reads count, and only values a server can set. `stepStart`:
 * when the course began the phase `before` shows, if it did; a read of that phase then tells its
 * length too, which is how a changed `mp_freezetime` or `mp_roundtime` is learnt again.
 */
export function learnTiming(
  before: Match | undefined,
  next: Match,
  prior: RoundTiming | undefined,
  stepStart?: number,
): RoundTiming | undefined {
  const from = before?.phaseEndsAt;
  const to = next.phaseEndsAt;
  if (!before || from === undefined || to === undefined || before.round === undefined) {
    return prior;
  }
  if (before.mapName !== next.mapName || next.round === undefined) return prior;
  if (stepStart !== undefined && before.roundPhase === next.roundPhase) {
    // A bomb's clock says nothing of the round's.
    if (before.round !== next.round || next.bombEndsAt !== undefined) return prior;
    const length = to - stepStart;
    if (next.roundPhase === "freezetime" && within(length, FREEZE_MS)) {
      return { ...prior, freezeMs: length };
    }
    if (next.roundPhase === "live" && within(length, ROUND_MS)) {
      return { ...prior, roundMs: length };
    }
    return prior;
  }
  const gap = to - from;
  if (before.roundPhase === "over" && next.roundPhase === "freezetime") {
    if (next.round !== before.round + 1 || !within(gap, FREEZE_MS)) return prior;
    return { ...prior, freezeMs: gap };
  }
  if (before.roundPhase === "freezetime" && next.roundPhase === "live") {
    if (next.round !== before.round || !within(gap, ROUND_MS)) return prior;
    return { ...prior, roundMs: gap };
  }
  return prior;
}

/**
 * Whether a next round follows this one's end as any other: not at the half (CS2 swaps sides and
 * may hold a halftime), not at the end of regulation or in overtime, not once a team has won.
 */
function nextRoundPlain(match: Match): boolean {
  const { round, maxRounds, scoreCT, scoreT } = match;
  if (round === undefined || !maxRounds || maxRounds < 2) return false;
  const half = Math.floor(maxRounds / 2);
  return round < maxRounds && round !== half && Math.max(scoreCT, scoreT) <= half;
}

/** The match with the course its timing makes certain, and none where nothing is. */
export function withCourse(match: Match, timing: RoundTiming | undefined): Match {
  const { upcoming: _old, ...bare } = match;
  const end = match.phaseEndsAt;
  const unread = match.unknown?.some((f) => f === "phase" || f === "score");
  if (end === undefined || match.round === undefined || unread) return bare;
  const steps: CourseStep[] = [];
  if (match.roundPhase === "over" && timing?.freezeMs && nextRoundPlain(match)) {
    const round = match.round + 1;
    const freezeEnd = end + timing.freezeMs;
    steps.push({ roundPhase: "freezetime", round, endsAt: freezeEnd });
    if (timing.roundMs) {
      steps.push({ roundPhase: "live", round, endsAt: freezeEnd + timing.roundMs });
    }
  } else if (match.roundPhase === "freezetime" && timing?.roundMs) {
    steps.push({ roundPhase: "live", round: match.round, endsAt: end + timing.roundMs });
  }
  return steps.length > 0 ? { ...bare, upcoming: steps } : bare;
}

function timeline(match: Match): CourseStep[] {
  if (match.round === undefined || match.phaseEndsAt === undefined) return [];
  const now: CourseStep = {
    roundPhase: match.roundPhase,
    round: match.round,
    endsAt: match.phaseEndsAt,
  };
  return [now, ...(match.upcoming ?? [])];
}

function withoutPhase(match: Match) {
  const {
    roundPhase: _p,
    round: _r,
    phaseEndsAt: _e,
    bombEndsAt: _b,
    upcoming: _u,
    ...rest
  } = match;
  return rest;
}

/**
 * Whether a poll only reads what the stored course already says: the same match but for the
 * phase, which is a step of the course with the same clock (within a poll's jitter), and that
 * step has not long run out (a poll's request may leave before the change it stores after).
 */
export function followsCourse(stored: Match, next: Match, now: number): boolean {
  if (!stored.upcoming?.length || next.bombEndsAt !== undefined) return false;
  if (!sameJson(withoutPhase(matchAt(stored, now)), withoutPhase(next))) return false;
  const step = timeline(stored).find(
    (s) => s.roundPhase === next.roundPhase && s.round === next.round,
  );
  if (!step || next.phaseEndsAt === undefined) return false;
  if (Math.abs(step.endsAt - next.phaseEndsAt) >= CLOCK_JITTER_MS) return false;
  return step.endsAt > now - CLOCK_JITTER_MS;
}

/**
 * What a new reading of the phase stores: the match as its course has it now when the reading
 * only follows that course (so nothing is written), else the reading with the course its timing
 * makes certain. `stored` as written, `shown` the same moved along its course to `now`.
 */
export function coursed(
  stored: Match,
  shown: Match,
  read: Match,
  timing: RoundTiming | undefined,
  now: number,
): Match {
  return followsCourse(stored, read, now) ? shown : withCourse(read, timing);
}
