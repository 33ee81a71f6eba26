import { describe, expect, test } from "vitest";
import { CLOCK_JITTER_MS } from "./matchMerge";
import { followsCourse, learnTiming, withCourse, type RoundTiming } from "./roundCourse";
import { liveMatch } from "../../testing/live.fixtures";
import type { Match } from "../../lib/validators";

const base: Match = { ...liveMatch, maxRounds: 24, round: 7, scoreCT: 4, scoreT: 3 };
const over: Match = { ...base, roundPhase: "over", phaseEndsAt: 10_000 };
const buying: Match = { ...base, round: 8, roundPhase: "freezetime", phaseEndsAt: 25_000 };
const playing: Match = { ...base, round: 8, roundPhase: "live", phaseEndsAt: 140_000 };
const timing = { freezeMs: 15_000, roundMs: 115_000 };

describe("learning a server's round timing", () => {
  test("the buy time from a round's end to the next buy time, the round time after it", () => {
    const afterFreeze = learnTiming(over, buying, undefined);
    expect(afterFreeze).toEqual({ freezeMs: 15_000 });
    expect(learnTiming(buying, playing, afterFreeze)).toEqual(timing);
  });

  test("a phase the course began, read with another clock, tells the new setting", () => {
    // The course began round 8's buy time at 10 s; the server says it ends at 30 s, not 25 s.
    const longer = { ...buying, phaseEndsAt: 30_000 };
    expect(learnTiming(buying, longer, timing, 10_000)).toEqual({ ...timing, freezeMs: 20_000 });
    const shorter = { ...playing, phaseEndsAt: 115_000 };
    expect(learnTiming(playing, shorter, timing, 25_000)).toEqual({ ...timing, roundMs: 90_000 });
    // A bomb's clock, another round or a length no server sets: nothing learnt.
    const planted = { ...shorter, bombEndsAt: 60_000 };
    expect(learnTiming(playing, planted, timing, 25_000)).toBe(timing);
    expect(learnTiming(playing, { ...shorter, round: 9 }, timing, 25_000)).toBe(timing);
    expect(learnTiming(buying, { ...buying, phaseEndsAt: 500_000 }, timing, 10_000)).toBe(timing);
  });

  test("only whole transitions of one map and round count, and only times a server can set", () => {
    expect(learnTiming(over, { ...buying, round: 9 }, undefined)).toBeUndefined();
    expect(learnTiming(over, { ...buying, mapName: "de_inferno" }, timing)).toBe(timing);
    expect(learnTiming(buying, { ...playing, round: 9 }, undefined)).toBeUndefined();
    expect(learnTiming(over, playing, undefined)).toBeUndefined();
    // A hostile or broken server: a buy time of ten minutes, a round of two seconds.
    expect(learnTiming(over, { ...buying, phaseEndsAt: 610_000 }, undefined)).toBeUndefined();
    expect(learnTiming(buying, { ...playing, phaseEndsAt: 27_000 }, undefined)).toBeUndefined();
    const { phaseEndsAt: _e, ...noClock } = buying;
    expect(learnTiming(over, noClock, timing)).toBe(timing);
  });
});

describe("the course a round's end announces", () => {
  test("the next round's buy time and play, once both times are known", () => {
    expect(withCourse(over, timing).upcoming).toEqual([
      { roundPhase: "freezetime", round: 8, endsAt: 25_000 },
      { roundPhase: "live", round: 8, endsAt: 140_000 },
    ]);
    expect(withCourse(over, { freezeMs: 15_000 }).upcoming).toEqual([
      { roundPhase: "freezetime", round: 8, endsAt: 25_000 },
    ]);
    expect(withCourse(buying, timing).upcoming).toEqual([
      { roundPhase: "live", round: 8, endsAt: 140_000 },
    ]);
  });

  test("nothing where what follows is not certain or the timing is not known", () => {
    const none = (m: Match, t: RoundTiming = timing) => withCourse(m, t).upcoming;
    expect(none(over, {})).toBeUndefined();
    expect(none(playing)).toBeUndefined();
    expect(none({ ...over, roundPhase: "paused" })).toBeUndefined();
    // The half (sides swap, maybe a halftime), the last round of regulation, overtime, a winner.
    expect(none({ ...over, round: 12, scoreCT: 6, scoreT: 6 })).toBeUndefined();
    expect(none({ ...over, round: 24, scoreCT: 12, scoreT: 12 })).toBeUndefined();
    expect(none({ ...over, round: 25, scoreCT: 13, scoreT: 12 })).toBeUndefined();
    expect(none({ ...over, round: 20, scoreCT: 13, scoreT: 7 })).toBeUndefined();
    expect(none({ ...over, maxRounds: undefined })).toBeUndefined();
    // A phase or score the server does not tell (a plain server over RCON); totals do not matter.
    expect(none({ ...over, unknown: ["phase"] })).toBeUndefined();
    expect(none({ ...over, unknown: ["score"] })).toBeUndefined();
    expect(none({ ...over, unknown: ["totals"] })).toHaveLength(2);
  });

  test("a course written before is replaced, never kept beside a new phase", () => {
    const stale = withCourse(over, timing);
    expect(withCourse({ ...stale, roundPhase: "live" }, timing)).not.toHaveProperty("upcoming");
  });
});

describe("a poll on the course writes nothing", () => {
  const course = withCourse(over, timing);

  test("the phase the course is in, or the one it has just left, with the same clocks", () => {
    expect(followsCourse(course, buying, 12_000)).toBe(true);
    expect(followsCourse(course, { ...buying, phaseEndsAt: 26_000 }, 12_000)).toBe(true);
    expect(followsCourse(course, playing, 30_000)).toBe(true);
    expect(followsCourse(course, over, 9_000)).toBe(true);
    // A poll sent just before the buy time began, stored just after.
    expect(followsCourse(course, over, 11_000)).toBe(true);
  });

  test("anything else is news", () => {
    // A phase long run out, read again: the server did not move on.
    expect(followsCourse(course, over, 10_000 + CLOCK_JITTER_MS + 1)).toBe(false);
    // A tactical timeout, a longer buy time, another score, a bomb, a new round.
    expect(followsCourse(course, { ...buying, roundPhase: "paused" }, 12_000)).toBe(false);
    const later = { ...buying, phaseEndsAt: 25_000 + CLOCK_JITTER_MS };
    expect(followsCourse(course, later, 12_000)).toBe(false);
    expect(followsCourse(course, { ...playing, scoreT: 4 }, 30_000)).toBe(false);
    expect(followsCourse(course, { ...playing, bombEndsAt: 70_000 }, 30_000)).toBe(false);
    expect(followsCourse(course, { ...playing, round: 9 }, 30_000)).toBe(false);
    expect(followsCourse(course, { ...playing, playersOnline: 9 }, 30_000)).toBe(false);
    // Without a course there is nothing to follow: the usual comparison decides.
    expect(followsCourse(over, over, 9_000)).toBe(false);
  });
});
