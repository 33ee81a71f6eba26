import { describe, expect, test } from "vitest";
import type { BracketConfig } from "../../lib/cupFields";
import { BRACKET_MESSAGES as M, resolve } from "./bracket";
import { seedOrder } from "./elimination";
import {
  createBracket,
  isFinished,
  previewOf,
  recordResult,
  replayMatch,
  type Bracket,
} from "./format";
import { championOf, standings } from "./standings";
import { seedTeams } from "./seeding";
import { pairSwiss, type SwissRecord } from "./swiss";

const SE: BracketConfig = {
  format: "single_elimination",
  bestOf: 1,
  finalBestOf: 3,
  thirdPlace: true,
};
const teams = (n: number) => Array.from({ length: n }, (_, i) => `t${i + 1}`);

function teamsOf(bracket: Bracket, key: string) {
  const r = resolve(bracket.matches, bracket.seeds).get(key)!;
  return [r.teamA, r.teamB];
}

/** Plays `key` as a 1:0 (or 2:0 in a BO3) win of `winner`. */
function win(bracket: Bracket, key: string, winner: string, override = false) {
  const bestOf = bracket.matches.find((m) => m.key === key)!.bestOf;
  return recordResult(
    bracket,
    key,
    { winner, winnerMaps: Math.ceil(bestOf / 2), loserMaps: 0 },
    override,
  );
}

describe("elimination shape", () => {
  test("seeds meet as in a tennis draw: 1–8, 4–5, 2–7, 3–6", () => {
    expect(seedOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
  });

  test("6 teams in an 8 bracket: seeds 1 and 2 get byes straight into the semi-finals", () => {
    const b = createBracket(SE, teams(6));
    const r = resolve(b.matches, b.seeds);
    expect(r.get("U1-1")!.state).toBe("bye");
    expect(r.get("U1-3")!.state).toBe("bye");
    expect(teamsOf(b, "U2-1")).toEqual(["t1", undefined]);
    expect(b.matches.find((m) => m.key === "F")!.bestOf).toBe(3);
  });
});

describe("admin changes", () => {
  /** An 8-team cup played to the final: t1, t4, t2, t3 win the quarters, t1 and t2 the semis. */
  function toFinal() {
    let b = createBracket(SE, teams(8));
    for (const [key, w] of [
      ["U1-1", "t1"],
      ["U1-2", "t4"],
      ["U1-3", "t2"],
      ["U1-4", "t3"],
      ["U2-1", "t1"],
      ["U2-2", "t2"],
    ] as const) {
      b = win(b, key, w);
    }
    return b;
  }

  test("a walkover decides the match with no maps and moves the winner on", () => {
    const b = recordResult(createBracket(SE, teams(8)), "U1-1", {
      winner: "t8",
      winnerMaps: 0,
      loserMaps: 0,
      walkover: true,
    });
    expect(teamsOf(b, "U2-1")[0]).toBe("t8");
    expect(b.matches.find((m) => m.key === "U1-1")!.result).toMatchObject({
      walkover: true,
      loser: "t1",
    });
  });

  test("a second result is refused; a bad series score is refused", () => {
    const b = win(createBracket(SE, teams(8)), "U1-1", "t1");
    expect(() => win(b, "U1-1", "t8")).toThrow(M.decided.message);
    expect(() => recordResult(b, "U1-2", { winner: "t4", winnerMaps: 2, loserMaps: 0 })).toThrow(
      M.badScore(1).message,
    );
    expect(() => win(b, "U2-1", "t1")).toThrow(M.notReady.message);
    expect(() => recordResult(b, "U1-2", { winner: "t1", winnerMaps: 1, loserMaps: 0 })).toThrow(
      M.notInMatch.message,
    );
  });

  test("overriding a quarter-final drops the semi-final built on it and shows what changes", () => {
    const before = toFinal();
    const after = win(before, "U1-1", "t8", true);
    const preview = previewOf(before, after, "U1-1");
    expect(preview.resultsDropped).toEqual(["U2-1"]);
    expect(preview.teamsChanged.map((c) => c.key)).toEqual(
      ["U1-1", "U2-1", "3P", "F"].filter((k) => k !== "U1-1"),
    );
    expect(teamsOf(after, "U2-1")).toEqual(["t8", "t4"]);
    // The other semi-final stands; the final waits for the replayed one.
    expect(teamsOf(after, "F")).toEqual([undefined, "t2"]);
  });

  test("overriding with the same winner (a corrected score) changes nothing downstream", () => {
    const before = toFinal();
    const after = recordResult(
      before,
      "U1-2",
      { winner: "t4", winnerMaps: 1, loserMaps: 0, walkover: false },
      true,
    );
    expect(previewOf(before, after, "U1-2")).toEqual({
      resultsDropped: [],
      teamsChanged: [],
      added: [],
      removed: [],
    });
  });

  test("a replay clears the match and what followed; played again, the cup finishes", () => {
    let b = replayMatch(toFinal(), "U2-2");
    expect(resolve(b.matches, b.seeds).get("U2-2")!.state).toBe("ready");
    expect(teamsOf(b, "F")).toEqual(["t1", undefined]);
    b = win(b, "U2-2", "t3");
    b = win(win(b, "3P", "t2"), "F", "t3");
    expect(isFinished(b)).toBe(true);
    expect(championOf(b)).toBe("t3");
    expect(
      standings(b)
        .slice(0, 4)
        .map((s) => [s.team, s.place]),
    ).toEqual([
      ["t3", 1],
      ["t1", 2],
      ["t2", 3],
      ["t4", 4],
    ]);
  });

  test("double elimination without a reset: the lower-bracket team that wins the grand final is champion", () => {
    const DE: BracketConfig = {
      format: "double_elimination",
      bestOf: 1,
      finalBestOf: 1,
      grandFinalReset: true,
    };
    let b = createBracket(DE, teams(4));
    b = win(win(win(b, "U1-1", "t1"), "U1-2", "t2"), "U2-1", "t1");
    b = win(win(b, "L1-1", "t4"), "L2-1", "t4");
    expect(teamsOf(b, "GF")).toEqual(["t1", "t4"]);
    b = win(b, "GF", "t4");
    expect(teamsOf(b, "GF2")).toEqual(["t4", "t1"]);
    b = win(b, "GF2", "t1");
    expect(championOf(b)).toBe("t1");
  });
});

describe("swiss pairing", () => {
  const rec = (
    team: string,
    seed: number,
    wins: number,
    losses: number,
    opponents: string[] = [],
  ): SwissRecord => ({
    team,
    seed,
    wins,
    losses,
    opponents,
    byes: 0,
    buchholz: 0,
  });

  test("within a record the strongest meets the weakest", () => {
    const ranked = [rec("a", 1, 1, 0), rec("b", 2, 1, 0), rec("c", 3, 1, 0), rec("d", 4, 1, 0)];
    expect(pairSwiss(ranked).pairs).toEqual([
      ["a", "d"],
      ["b", "c"],
    ]);
  });

  test("a rematch is avoided by looking past the first choice", () => {
    const ranked = [
      rec("a", 1, 1, 0, ["d"]),
      rec("b", 2, 1, 0, ["c"]),
      rec("c", 3, 1, 0, ["b"]),
      rec("d", 4, 1, 0, ["a"]),
    ];
    expect(pairSwiss(ranked).pairs).toEqual([
      ["a", "c"],
      ["b", "d"],
    ]);
  });

  test("an odd count: the lowest-ranked team gets the bye", () => {
    const ranked = [rec("a", 1, 1, 1), rec("b", 2, 1, 1), rec("c", 3, 1, 1)];
    expect(pairSwiss(ranked)).toEqual({ pairs: [["a", "b"]], bye: "c" });
  });

  test("6 teams, 2 wins or 2 losses: plays to a finish with byes counted as wins", () => {
    const cfg: BracketConfig = {
      format: "swiss",
      bestOf: 1,
      finalBestOf: 1,
      swissWins: 2,
      swissLosses: 2,
    };
    let b = createBracket(cfg, teams(6));
    for (let guard = 0; guard < 20 && !isFinished(b); guard++) {
      const next = [...resolve(b.matches, b.seeds).values()].find((r) => r.state === "ready")!;
      b = win(b, next.match.key, next.teamA!);
    }
    expect(isFinished(b)).toBe(true);
    expect(standings(b).filter((s) => s.swiss === "advanced").length).toBeGreaterThanOrEqual(2);
  });
});

describe("seeding", () => {
  test("manual keeps the admin's order; random is a permutation drawn from the given source", () => {
    expect(seedTeams(["a", "b", "c"], "manual", () => 0)).toEqual(["a", "b", "c"]);
    const drawn = seedTeams(["a", "b", "c", "d"], "random", () => 0);
    expect(drawn).toEqual(["b", "c", "d", "a"]);
    expect([...drawn].sort()).toEqual(["a", "b", "c", "d"]);
  });
});
