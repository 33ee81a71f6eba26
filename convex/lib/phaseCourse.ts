/**
 * A stored match may announce the phases that follow its current one (`Match.upcoming`): the
 * next round's buy time once a round is over, the round's play once the buy time runs. Whoever
 * reads the match, the browser as much as the backend, sees it as it stands now by following
 * that course with the clock, so the server going from one announced phase to the next needs no
 * write. Pure, shared by convex/ and the panel.
 */
import type { Match } from "./validators";

/** The match at `now`: the phase of the course that runs then, and the steps still to come. */
export function matchAt(match: Match, now: number): Match {
  const steps = match.upcoming;
  if (!steps || steps.length === 0 || match.phaseEndsAt === undefined) return match;
  if (match.phaseEndsAt > now) return match;
  let passed = 0;
  while (passed < steps.length - 1 && steps[passed]!.endsAt <= now) passed += 1;
  const step = steps[passed]!;
  // A bomb never outlives its round, and the course only ever starts from a round's end.
  const { upcoming: _upcoming, bombEndsAt: _bomb, ...rest } = match;
  const at: Match = {
    ...rest,
    roundPhase: step.roundPhase,
    round: step.round,
    phaseEndsAt: step.endsAt,
  };
  const left = steps.slice(passed + 1);
  if (left.length > 0) at.upcoming = left;
  return at;
}

/** When the phase `matchAt` shows began, if the course moved it on (else undefined). */
export function courseStepStart(match: Match, now: number): number | undefined {
  const steps = match.upcoming;
  if (!steps?.length || match.phaseEndsAt === undefined || match.phaseEndsAt > now) {
    return undefined;
  }
  let start = match.phaseEndsAt;
  for (const step of steps.slice(0, -1)) {
    if (step.endsAt > now) break;
    start = step.endsAt;
  }
  return start;
}

/** When the shown phase next changes by the course alone: a timer for readers that re-render. */
export function nextCourseChange(match: Match, now: number): number | undefined {
  const shown = matchAt(match, now);
  return shown.upcoming?.length ? shown.phaseEndsAt : undefined;
}
