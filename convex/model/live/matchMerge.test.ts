import { describe, expect, test } from "vitest";
import type { Match } from "../../lib/validators";
import { liveMatch as match } from "../../testing/live.fixtures";
import {
  behindPush,
  CLOCK_JITTER_MS,
  keepLoggedBomb,
  keepTeamNames,
  sidesSwapped,
  steadyClocks,
} from "./matchMerge";

describe("round and bomb clocks", () => {
  const live: Match = { ...match, round: 6, phaseEndsAt: 100_000 };

  test("a later poll of the same phase that only restates the clock changes nothing", () => {
    const again = { ...live, phaseEndsAt: 100_000 + CLOCK_JITTER_MS - 1 };
    expect(steadyClocks(live, again)).toEqual(live);
    // The bomb is planted: that is news.
    const planted = { ...again, bombEndsAt: 140_000 };
    expect(steadyClocks(live, planted)).toEqual({ ...live, bombEndsAt: 140_000 });
    // A new phase or round, or a clock that moved (a pause ended), replaces the stored one.
    const over = { ...live, roundPhase: "over" as const, phaseEndsAt: 107_000 };
    expect(steadyClocks(live, over)).toBe(over);
    const moved = { ...live, phaseEndsAt: 100_000 + CLOCK_JITTER_MS };
    expect(steadyClocks(live, moved)).toBe(moved);
    expect(steadyClocks(undefined, live)).toBe(live);
  });

  test("a poll behind a MatchZy event keeps the event's phase and its clocks", () => {
    const pushed: Match = { ...match, round: 7, roundPhase: "over" };
    const stale: Match = { ...match, round: 6, roundPhase: "live", phaseEndsAt: 9, bombEndsAt: 9 };
    const kept = behindPush({ match: pushed, pushedAt: 1_000 }, stale, 2_000);
    expect(kept).toMatchObject({ round: 7, roundPhase: "over" });
    expect(kept).not.toHaveProperty("phaseEndsAt");
    expect(kept).not.toHaveProperty("bombEndsAt");
  });
});

describe("a bomb from CS2's log", () => {
  const rcon: Match = { ...match, unknown: ["score", "phase"] };
  const logged: Match = { ...rcon, bombEndsAt: 50_000 };

  test("a poll that cannot see bombs keeps it while it ticks on the same map", () => {
    expect(keepLoggedBomb(logged, rcon, 10_000)).toEqual(logged);
    expect(keepLoggedBomb(logged, rcon, 50_000)).toBe(rcon);
    expect(keepLoggedBomb(logged, { ...rcon, mapName: "de_inferno" }, 10_000)).not.toHaveProperty(
      "bombEndsAt",
    );
  });

  test("a poll that sees the phase (the plugin) decides itself", () => {
    const plugin: Match = { ...match };
    expect(keepLoggedBomb({ ...match, bombEndsAt: 50_000 }, plugin, 10_000)).toBe(plugin);
    const own = { ...rcon, bombEndsAt: 45_000 };
    expect(keepLoggedBomb(logged, own, 10_000)).toBe(own);
  });
});

describe("halftime", () => {
  test("the sides swap when the names do, or when play passes half of regulation", () => {
    const first: Match = { ...match, round: 12, maxRounds: 24, teamCT: "A", teamT: "B" };
    expect(sidesSwapped(first, { ...first, round: 13 })).toBe(true);
    expect(sidesSwapped(first, { ...first, round: 12, teamCT: "B", teamT: "A" })).toBe(true);
    expect(sidesSwapped(first, { ...first, round: 12 })).toBe(false);
    expect(sidesSwapped({ ...first, round: 13 }, { ...first, round: 14 })).toBe(false);
    expect(sidesSwapped(first, { ...first, mapName: "de_dust2", round: 13 })).toBe(false);
  });
});

describe("team names a poll does not report", () => {
  // The last round of a match: MatchZy's event named the teams on their second-half sides.
  const ended: Match = { ...match, round: 8, roundPhase: "over", teamCT: "Beta", teamT: "Alpha" };
  const { teamCT: _ct, teamT: _t, ...unnamed } = ended;

  test("kept while the same match goes on", () => {
    expect(keepTeamNames(ended, { ...unnamed, round: 8 })).toMatchObject({ teamCT: "Beta" });
    expect(keepTeamNames(ended, { ...unnamed, round: 9, roundPhase: "freezetime" })).toMatchObject({
      teamCT: "Beta",
      teamT: "Alpha",
    });
  });

  test("dropped when the next match starts on the same map: warmup, or round 1 again", () => {
    const warmup: Match = { ...unnamed, round: 0, scoreCT: 0, scoreT: 0, roundPhase: "warmup" };
    expect(keepTeamNames(ended, warmup)).not.toHaveProperty("teamCT");
    const first: Match = { ...unnamed, round: 1, scoreCT: 0, scoreT: 0, roundPhase: "freezetime" };
    expect(keepTeamNames(ended, first)).not.toHaveProperty("teamCT");
    expect(keepTeamNames(ended, { ...unnamed, mapName: "de_anubis" })).not.toHaveProperty("teamT");
  });
});

describe("a plain server's poll under what CS2's log told", () => {
  test("keeps the log's score, phase, clocks and the round's course", () => {
    const rcon: Match = { ...match, unknown: ["score", "phase", "totals"] };
    const logged: Match = {
      ...match,
      round: 7,
      roundPhase: "over",
      phaseEndsAt: 10_000,
      upcoming: [{ roundPhase: "freezetime", round: 8, endsAt: 25_000 }],
      unknown: ["totals"],
    };
    const kept = behindPush({ match: logged, pushedAt: 1_000 }, rcon, 60_000);
    expect(kept).toEqual({ ...logged, unknown: ["totals"] });
  });
});
