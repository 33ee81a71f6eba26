import { useEffect, useState } from "react";
import { courseStepStart, matchAt, nextCourseChange, type Match } from "@/lib/backend";

interface Shown {
  match: Match;
  updatedAt: number;
}

/**
 * The live match as it stands now: the backend writes a round's course once (its end, then the
 * buy time and the round, see `Match.upcoming`) and the screen moves on by itself when each phase
 * runs out. A phase the course moved on to counts as fresh from when it began, as the backend
 * counts it. Re-renders only at those moments.
 */
export function useMatchNow<T extends Shown>(snapshot: T | null | undefined): T | null | undefined {
  // Taken when the last course step began; a newer answer whose course has already moved on
  // from it is caught up by the timer below at once.
  const [now, setNow] = useState(() => Date.now());
  const changeAt = snapshot ? nextCourseChange(snapshot.match, now) : undefined;
  useEffect(() => {
    if (changeAt === undefined) return;
    const id = window.setTimeout(() => setNow(Date.now()), Math.max(0, changeAt - Date.now()) + 20);
    return () => window.clearTimeout(id);
  }, [changeAt]);
  if (!snapshot) return snapshot;
  const since = courseStepStart(snapshot.match, now);
  if (since === undefined) return snapshot;
  return {
    ...snapshot,
    match: matchAt(snapshot.match, now),
    updatedAt: Math.max(snapshot.updatedAt, since),
  };
}
