import { describe, expect, test } from "vitest";
import { courseStepStart, matchAt, nextCourseChange } from "./phaseCourse";
import { liveMatch } from "../testing/live.fixtures";
import type { Match } from "./validators";

/** Round 7 just ended: its pause runs to 10 s, round 8's buy time to 25 s, its play to 140 s. */
const over: Match = {
  ...liveMatch,
  round: 7,
  roundPhase: "over",
  phaseEndsAt: 10_000,
  upcoming: [
    { roundPhase: "freezetime", round: 8, endsAt: 25_000 },
    { roundPhase: "live", round: 8, endsAt: 140_000 },
  ],
};

describe("following a match's course", () => {
  test("until its phase runs out the match is as written", () => {
    expect(matchAt(over, 9_999)).toBe(over);
    expect(courseStepStart(over, 9_999)).toBeUndefined();
    expect(nextCourseChange(over, 9_999)).toBe(10_000);
  });

  test("then each announced phase in turn, with its round and clock", () => {
    const buying = matchAt(over, 10_000);
    expect(buying).toMatchObject({ roundPhase: "freezetime", round: 8, phaseEndsAt: 25_000 });
    expect(buying.upcoming).toEqual([{ roundPhase: "live", round: 8, endsAt: 140_000 }]);
    expect(courseStepStart(over, 12_000)).toBe(10_000);
    expect(nextCourseChange(over, 12_000)).toBe(25_000);

    const playing = matchAt(over, 30_000);
    expect(playing).toMatchObject({ roundPhase: "live", round: 8, phaseEndsAt: 140_000 });
    expect(playing).not.toHaveProperty("upcoming");
    expect(courseStepStart(over, 30_000)).toBe(25_000);
    // The round's end is not announced: nothing changes by the clock after the last step.
    expect(nextCourseChange(over, 30_000)).toBeUndefined();
    // Past the last step's clock the match stays in it (the next poll tells how the round ended).
    expect(matchAt(over, 500_000)).toEqual(playing);
  });

  test("the rest of the match is untouched, and no bomb outlives the round", () => {
    const withBomb: Match = { ...over, bombEndsAt: 9_000 };
    const at = matchAt(withBomb, 20_000);
    expect(at).not.toHaveProperty("bombEndsAt");
    expect(at).toMatchObject({ scoreCT: 3, scoreT: 2, mapName: "de_nuke", serverName: "S" });
  });

  test("a match without a course, or without a clock, never moves", () => {
    const plain: Match = { ...liveMatch, phaseEndsAt: 1_000 };
    expect(matchAt(plain, 5_000)).toBe(plain);
    const { phaseEndsAt: _e, ...noClock } = over;
    expect(matchAt(noClock, 50_000)).toBe(noClock);
    expect(nextCourseChange(noClock, 0)).toBeUndefined();
  });
});
