/**
 * The random-pick animation as a pure schedule: a 2000 ms shuffle in 100 ms ticks, then
 * the chosen players revealed one by one every 500 ms, then 1000 ms more before the result.
 */
export const PICK_TIMING = { shuffleMs: 2000, tickMs: 100, revealMs: 500, endMs: 1000 } as const;
export type PickTiming = { [K in keyof typeof PICK_TIMING]: number };

export type PickStep =
  | { at: number; kind: "shuffle"; tick: number }
  | { at: number; kind: "reveal"; index: number }
  | { at: number; kind: "done" };

/**
 * Every step with its time (ms from now), in order. `elapsedMs`: how long the shuffle has already
 * run (it starts on the click, while the server picks), so the first reveal still comes 2000 ms
 * after the click, or at once when the answer came later than that.
 */
export function buildPickSchedule(
  chosenCount: number,
  timing: PickTiming = PICK_TIMING,
  elapsedMs = 0,
): PickStep[] {
  const steps: PickStep[] = [];
  const ticks = Math.ceil(timing.shuffleMs / timing.tickMs);
  for (let tick = Math.ceil(elapsedMs / timing.tickMs); tick < ticks; tick++) {
    steps.push({ at: tick * timing.tickMs - elapsedMs, kind: "shuffle", tick });
  }
  const revealFrom = Math.max(timing.shuffleMs - elapsedMs, 0);
  for (let index = 0; index < chosenCount; index++) {
    steps.push({ at: revealFrom + index * timing.revealMs, kind: "reveal", index });
  }
  steps.push({ at: revealFrom + chosenCount * timing.revealMs + timing.endMs, kind: "done" });
  return steps;
}

/** Whole-animation length: 2000 + 500·n + 1000 ms. */
export function pickDuration(chosenCount: number, timing: PickTiming = PICK_TIMING): number {
  return timing.shuffleMs + chosenCount * timing.revealMs + timing.endMs;
}

/**
 * The count field: a whole number of at least 1; anything non-numeric (or empty) becomes 1.
 * A number below 1 or with a fraction is null: the form says so instead of picking one player.
 */
export function parseCount(raw: string): number | null {
  const text = raw.trim();
  const n = Number(text);
  if (text === "" || !Number.isFinite(n)) return 1;
  return Number.isInteger(n) && n >= 1 ? n : null;
}

/** The name a slot shows on a shuffle tick: cycles the pool, each slot at its own offset. */
export function shuffledName(pool: readonly string[], tick: number, slot: number): string {
  if (pool.length === 0) return "";
  return pool[(tick + slot * 3) % pool.length]!;
}

export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

/** Plays a schedule on the given timers; returns a function that cancels what is left. */
export function runSchedule(
  steps: readonly PickStep[],
  onStep: (step: PickStep) => void,
  timers: Timers = realTimers,
): () => void {
  const ids = steps.map((step) => timers.setTimeout(() => onStep(step), step.at));
  return () => ids.forEach((id) => timers.clearTimeout(id));
}
