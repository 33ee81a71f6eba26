import { describe, expect, test } from "vitest";
import { halfBreakAfter } from "@/lib/backend";
import { ownScore, teamWins, verdict } from "./verdict";

describe("verdict", () => {
  test("the winner and the winner's score first; a draw", () => {
    expect(verdict({ teams: null, winner: "T", scoreCT: 3, scoreT: 5 })).toBe(
      "Перемогли Терористи 5:3",
    );
    expect(verdict({ teams: null, winner: "CT", scoreCT: 13, scoreT: 8 })).toBe(
      "Перемогли Спецпризначенці 13:8",
    );
    expect(verdict({ teams: null, winner: "draw", scoreCT: 6, scoreT: 6 })).toBe("Нічия 6:6");
    const teams = { CT: { name: "Alpha" }, T: { name: "Beta" } };
    expect(verdict({ teams, winner: "CT", scoreCT: 5, scoreT: 2 })).toBe("Перемогли Alpha 5:2");
  });

  test("careers print the player's own score first", () => {
    expect(ownScore("T", 3, 5)).toBe("5:3");
    expect(ownScore("CT", 3, 5)).toBe("3:5");
    expect(ownScore(null, 3, 5)).toBe("3:5");
  });
});

test("teamWins: a round's winner side flips with every half break after it", () => {
  const timeline = [
    { round: 1, winner: "T" as const },
    { round: 2, winner: "CT" as const },
    { round: 3, winner: null },
    { round: 4, winner: "CT" as const },
  ];
  // maxRounds 4: the halves end after round 2 (and 4): rounds 1–2 flip once.
  expect(teamWins(timeline, 4, halfBreakAfter)).toEqual(["CT", "T", null, "CT"]);
  expect(teamWins(timeline, null, halfBreakAfter)).toBeNull();
});
