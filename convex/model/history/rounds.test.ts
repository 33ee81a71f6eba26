/** The round log (pure): winners from events or score changes, reasons only where sent. */
import { describe, expect, test } from "vitest";
import type { TrackedMatch } from "../../lib/history";
import { halfBreakAfter, roundEndOf } from "../../lib/rounds";
import { marksAfter, pollWinner } from "./rounds";

const tracked = (scoreCT: number, scoreT: number, startedAt = 1): TrackedMatch => ({
  state: "open",
  startedAt,
  mapName: "de_nuke",
  scoreCT,
  scoreT,
  rounds: scoreCT + scoreT,
  lines: [],
  updatedAt: 1,
});

describe("pollWinner", () => {
  test("the side whose score went up", () => {
    expect(pollWinner({ scoreCT: 3, scoreT: 2 }, { scoreCT: 4, scoreT: 2 }, 6, 24)).toBe("CT");
    expect(pollWinner({ scoreCT: 3, scoreT: 2 }, { scoreCT: 3, scoreT: 3 }, 6, 24)).toBe("T");
    expect(pollWinner({ scoreCT: 3, scoreT: 2 }, { scoreCT: 5, scoreT: 2 }, 6, 24)).toBeNull();
  });

  test("a swap seen after the first round of a new half: that round was played on the new sides", () => {
    // MR24, 7:5 after round 12; round 13 on swapped sides, the old CT team (7) is T and wins: 5:8.
    expect(pollWinner({ scoreCT: 7, scoreT: 5 }, { scoreCT: 5, scoreT: 8 }, 13, 24)).toBe("T");
    expect(pollWinner({ scoreCT: 7, scoreT: 5 }, { scoreCT: 6, scoreT: 7 }, 13, 24)).toBe("CT");
  });

  test("a swap seen after the round that ended a half: that round was played on the old sides", () => {
    // MR8: CT 3:0, T wins round 4 (3:1), the poll already sees the swap: CT 1, T 3.
    expect(pollWinner({ scoreCT: 3, scoreT: 0 }, { scoreCT: 1, scoreT: 3 }, 4, 8)).toBe("T");
    expect(pollWinner({ scoreCT: 3, scoreT: 0 }, { scoreCT: 0, scoreT: 4 }, 4, 8)).toBe("CT");
    // Into overtime (MR24, 12:11, swap after round 24 as well).
    expect(pollWinner({ scoreCT: 12, scoreT: 11 }, { scoreCT: 12, scoreT: 12 }, 24, 24)).toBe("T");
  });

  test("unknown when the halves are unknown or a tie reads both ways", () => {
    expect(
      pollWinner({ scoreCT: 3, scoreT: 0 }, { scoreCT: 1, scoreT: 3 }, 4, undefined),
    ).toBeNull();
    // 2:2 before the halftime round: 3:2 is CT winning unswapped or T winning swapped.
    expect(pollWinner({ scoreCT: 2, scoreT: 2 }, { scoreCT: 3, scoreT: 2 }, 4, 8)).toBeNull();
    // Both readings agree: 2:1, then 2:2 is T winning either way.
    expect(pollWinner({ scoreCT: 2, scoreT: 1 }, { scoreCT: 2, scoreT: 2 }, 4, 8)).toBe("T");
    expect(pollWinner({ scoreCT: 1, scoreT: 1 }, { scoreCT: 2, scoreT: 1 }, 3, 8)).toBe("CT");
  });
});

describe("marksAfter", () => {
  test("a score far past what CS2 plays builds only the marks the strip keeps", () => {
    // Building every round up to 1e15 would never finish; only the last 60 are built.
    const marks = marksAfter([], tracked(0, 0), tracked(1e15, 0), undefined);
    expect(marks).toHaveLength(60);
    expect(marks[0]!.round).toBe(1e15 - 59);
  });

  test("polls across halftime: MR8, CT CT CT T CT CT, the swap first seen after round 4", () => {
    const mr8 = (scoreCT: number, scoreT: number): TrackedMatch => ({
      ...tracked(scoreCT, scoreT),
      maxRounds: 8,
    });
    const polls = [mr8(0, 0), mr8(1, 0), mr8(2, 0), mr8(3, 0), mr8(1, 3), mr8(2, 3), mr8(3, 3)];
    let marks = marksAfter([], null, polls[0]!, undefined);
    for (let i = 1; i < polls.length; i++) {
      marks = marksAfter(marks, polls[i - 1]!, polls[i]!, undefined);
    }
    expect(marks.map((m) => m.winner)).toEqual(["CT", "CT", "CT", "T", "CT", "CT"]);
    // Round 4's score as it stood on the sides it was played on; round 5's after the swap.
    expect(marks[3]).toMatchObject({ round: 4, scoreCT: 3, scoreT: 1 });
    expect(marks[4]).toMatchObject({ round: 5, scoreCT: 2, scoreT: 3 });
  });

  test("polls: the winner of one round, unknown for rounds a poll skipped; never a reason", () => {
    const one = marksAfter([], tracked(0, 0), tracked(1, 0), undefined);
    expect(one).toEqual([{ round: 1, winner: "CT", scoreCT: 1, scoreT: 0 }]);
    const skipped = marksAfter(one, tracked(1, 0), tracked(2, 2), undefined);
    expect(skipped.map((m) => m.winner)).toEqual(["CT", null, null, null]);
    expect(skipped.every((m) => m.reason === undefined)).toBe(true);
    expect(skipped.at(-1)).toMatchObject({ round: 4, scoreCT: 2, scoreT: 2 });
  });

  test("events: winner and reason; an event after the poll adds its reason to the poll's mark", () => {
    const pushed = marksAfter([], tracked(0, 0), tracked(0, 1), {
      winner: "T",
      reason: "bomb",
      scored: true,
    });
    expect(pushed).toEqual([{ round: 1, winner: "T", reason: "bomb", scoreCT: 0, scoreT: 1 }]);
    const polled = marksAfter([], tracked(0, 0), tracked(1, 0), undefined);
    const enriched = marksAfter(polled, tracked(1, 0), tracked(1, 0), {
      winner: "CT",
      reason: "defused",
      scored: true,
    });
    expect(enriched).toEqual([
      { round: 1, winner: "CT", reason: "defused", scoreCT: 1, scoreT: 0 },
    ]);
  });

  test("another match's tracker counts from round 1; the log is bounded", () => {
    expect(marksAfter([], tracked(5, 0), tracked(0, 1, 99), undefined)).toEqual([
      { round: 1, winner: null, scoreCT: 0, scoreT: 1 },
    ]);
    const long = marksAfter([], null, { ...tracked(40, 40), rounds: 80 }, undefined);
    expect(long).toHaveLength(60);
    expect(long.at(-1)!.round).toBe(80);
  });
});

test("round ends and halves", () => {
  expect([1, 7, 8, 9, 10, 12, 13].map(roundEndOf)).toEqual([
    "bomb",
    "defused",
    "elimination",
    "elimination",
    undefined,
    "time",
    "time",
  ]);
  expect([12, 24, 27, 30, 13].map((r) => halfBreakAfter(r, 24))).toEqual([
    true,
    true,
    true,
    true,
    false,
  ]);
});
