import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Match } from "@/lib/backend";
import { useMatchNow } from "./use-match-now";

const T = Date.UTC(2026, 10, 29, 18, 0, 0);
/** Round 7 over until T+7 s; round 8 buys until T+22 s and plays until T+137 s. */
const over: Match = {
  serverName: "S",
  mapName: "de_mirage",
  scoreCT: 4,
  scoreT: 3,
  playersOnline: 10,
  roundPhase: "over",
  round: 7,
  maxRounds: 24,
  phaseEndsAt: T + 7_000,
  upcoming: [
    { roundPhase: "freezetime", round: 8, endsAt: T + 22_000 },
    { roundPhase: "live", round: 8, endsAt: T + 137_000 },
  ],
};

describe("useMatchNow", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T);
  });
  afterEach(() => vi.useRealTimers());

  it("moves the match along its course when each phase runs out, fresh from then", () => {
    const snapshot = { match: over, updatedAt: T - 1_000 };
    const { result } = renderHook(() => useMatchNow(snapshot));
    expect(result.current?.match.roundPhase).toBe("over");
    expect(result.current?.updatedAt).toBe(T - 1_000);

    act(() => void vi.advanceTimersByTime(7_100));
    expect(result.current?.match).toMatchObject({ roundPhase: "freezetime", round: 8 });
    expect(result.current?.updatedAt).toBe(T + 7_000);

    act(() => void vi.advanceTimersByTime(15_000));
    expect(result.current?.match).toMatchObject({
      roundPhase: "live",
      round: 8,
      phaseEndsAt: T + 137_000,
    });
    expect(result.current?.match).not.toHaveProperty("upcoming");
    // Nothing more is announced: no timer is left running.
    expect(vi.getTimerCount()).toBe(0);
  });

  it("an answer whose course has moved on since it was written shows where it is now", () => {
    vi.setSystemTime(T + 30_000);
    const { result } = renderHook(() => useMatchNow({ match: over, updatedAt: T }));
    expect(result.current?.match).toMatchObject({ roundPhase: "live", round: 8 });
  });

  it("passes a match without a course, and no match, through unchanged", () => {
    const plain = { match: { ...over, upcoming: undefined }, updatedAt: T };
    expect(renderHook(() => useMatchNow(plain)).result.current).toBe(plain);
    expect(renderHook(() => useMatchNow(null)).result.current).toBeNull();
    expect(renderHook(() => useMatchNow(undefined)).result.current).toBeUndefined();
  });
});
