import { describe, expect, it, vi } from "vitest";
import {
  buildPickSchedule,
  parseCount,
  pickDuration,
  PICK_TIMING,
  runSchedule,
  shuffledName,
  type PickStep,
  type Timers,
} from "./pick-schedule";

describe("buildPickSchedule", () => {
  it("follows the pick animation: 2000 ms shuffle in 100 ms ticks, a reveal every 500 ms, then 1000 ms", () => {
    expect(PICK_TIMING).toEqual({ shuffleMs: 2000, tickMs: 100, revealMs: 500, endMs: 1000 });
    const steps = buildPickSchedule(3);
    const shuffles = steps.filter((s) => s.kind === "shuffle");
    expect(shuffles).toHaveLength(20);
    expect(shuffles.map((s) => s.at)).toEqual(Array.from({ length: 20 }, (_, i) => i * 100));
    expect(steps.filter((s) => s.kind === "reveal")).toEqual([
      { at: 2000, kind: "reveal", index: 0 },
      { at: 2500, kind: "reveal", index: 1 },
      { at: 3000, kind: "reveal", index: 2 },
    ]);
    expect(steps.at(-1)).toEqual({ at: 4500, kind: "done" });
    expect(pickDuration(3)).toBe(4500);
    const times = steps.map((s) => s.at);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it("counts the shuffle from the click: what ran while the server picked is not run again", () => {
    const steps = buildPickSchedule(2, PICK_TIMING, 700);
    const shuffles = steps.filter((s) => s.kind === "shuffle");
    expect(shuffles[0]).toEqual({ at: 0, kind: "shuffle", tick: 7 });
    expect(shuffles).toHaveLength(13);
    expect(steps.find((s) => s.kind === "reveal")).toEqual({ at: 1300, kind: "reveal", index: 0 });
    expect(steps.at(-1)).toEqual({ at: 3300, kind: "done" });
    // An answer later than the shuffle: the first player at once.
    const late = buildPickSchedule(1, PICK_TIMING, 2600);
    expect(late.filter((s) => s.kind === "shuffle")).toHaveLength(0);
    expect(late).toEqual([
      { at: 0, kind: "reveal", index: 0 },
      { at: 1500, kind: "done" },
    ]);
  });

  it("one player: done at 2000 + 500 + 1000 ms", () => {
    expect(buildPickSchedule(1).at(-1)).toEqual({ at: 3500, kind: "done" });
  });
});

describe("runSchedule", () => {
  it("plays the steps on injected timers and cancels the rest", () => {
    const queue: { fn: () => void; ms: number; id: number }[] = [];
    const timers: Timers = {
      setTimeout: (fn, ms) => {
        const id = queue.length;
        queue.push({ fn, ms, id });
        return id;
      },
      clearTimeout: vi.fn(),
    };
    const seen: PickStep[] = [];
    const cancel = runSchedule(buildPickSchedule(2), (s) => seen.push(s), timers);
    expect(queue.map((q) => q.ms)).toEqual([
      ...Array.from({ length: 20 }, (_, i) => i * 100),
      2000,
      2500,
      4000,
    ]);
    queue.slice(0, 21).forEach((q) => q.fn());
    expect(seen.at(-1)).toEqual({ at: 2000, kind: "reveal", index: 0 });
    cancel();
    expect(timers.clearTimeout).toHaveBeenCalledTimes(23);
  });
});

describe("parseCount", () => {
  it("keeps whole numbers ≥ 1; non-numeric becomes 1; below 1 or a fraction is refused", () => {
    expect(parseCount("3")).toBe(3);
    expect(parseCount(" 4 ")).toBe(4);
    expect(parseCount("abc")).toBe(1);
    expect(parseCount("")).toBe(1);
    expect(parseCount("2.7")).toBeNull();
    expect(parseCount("0")).toBeNull();
    expect(parseCount("-2")).toBeNull();
  });
});

describe("shuffledName", () => {
  it("cycles the pool, each slot at its own offset", () => {
    const pool = ["a", "b", "c", "d"];
    expect([0, 1, 2, 3, 4].map((tick) => shuffledName(pool, tick, 0))).toEqual([
      "a",
      "b",
      "c",
      "d",
      "a",
    ]);
    expect(shuffledName(pool, 0, 1)).toBe("d");
    expect(shuffledName([], 3, 0)).toBe("");
  });
});
