import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { BestOf, BracketConfig } from "../../lib/cupFields";
import { playable, resolve, type Resolved } from "./bracket";
import {
  checkConfig,
  createBracket,
  FORMAT_MESSAGES,
  GROUP_TEAMS_MAX,
  isFinished,
  recordResult,
  type Bracket,
} from "./format";
import { championOf, standings } from "./standings";
import { swissTarget } from "./swiss";

const RUNS = Number(process.env.PROPERTY_RUNS ?? (process.env.CI === "true" ? 100 : 60));

/** Generous: a property run plays whole cups, and the machine may be loaded. */
const LONG = 240_000;

const teamIds = (n: number) => Array.from({ length: n }, (_, i) => `team${i + 1}`);
const bestOf = fc.constantFrom<BestOf>(1, 3, 5);

/** Plays the bracket to the end, each match decided by the next draw (winner, loser's maps). */
function playOut(start: Bracket, draws: number[]): Bracket {
  let bracket = start;
  let i = 0;
  for (let guard = 0; guard < 2000; guard++) {
    const next = playable(resolve(bracket.matches, bracket.seeds))[0];
    if (!next) return bracket;
    const draw = draws[i++ % draws.length]!;
    const winner = draw % 2 === 0 ? next.teamA! : next.teamB!;
    const needed = Math.ceil(next.match.bestOf / 2);
    bracket = recordResult(bracket, next.match.key, {
      winner,
      winnerMaps: needed,
      loserMaps: Math.floor(draw / 2) % needed,
    });
  }
  throw new Error("bracket never finished");
}

function played(resolved: Resolved) {
  return [...resolved.values()].filter((r) => r.state === "done");
}

function lossesOf(resolved: Resolved): Map<string, number> {
  const losses = new Map<string, number>();
  for (const r of played(resolved)) losses.set(r.loser!, (losses.get(r.loser!) ?? 0) + 1);
  return losses;
}

/** Shared by every format: all teams still there, places consistent, wins and losses balance. */
function checkCommon(bracket: Bracket) {
  expect(isFinished(bracket)).toBe(true);
  const resolved = resolve(bracket.matches, bracket.seeds);
  const table = standings(bracket);
  expect(table.map((s) => s.team).sort()).toEqual([...bracket.seeds].sort());
  const games = played(resolved).length;
  const byes = [...resolved.values()].filter((r) => r.state === "bye").length;
  const wins = table.reduce((sum, s) => sum + s.wins, 0);
  const losses = table.reduce((sum, s) => sum + s.losses, 0);
  expect(losses).toBe(games);
  expect(wins).toBe(bracket.config.format === "swiss" ? games + byes : games);
  // Every team meets each opponent in a match it is in, and never itself.
  for (const r of played(resolved)) expect(r.teamA).not.toBe(r.teamB);
  // A place counts the teams strictly above it.
  for (const s of table) {
    if (s.place === null) continue;
    const above = table.filter(
      (o) => o.place !== null && o.place < s.place! && (o.group ?? 0) === (s.group ?? 0),
    ).length;
    expect(s.place).toBe(above + 1);
  }
  return { resolved, table, games };
}

const eliminationConfig = (format: BracketConfig["format"]) =>
  fc.record({
    format: fc.constant(format),
    bestOf,
    finalBestOf: bestOf,
    roundBestOf: fc.option(fc.array(bestOf, { maxLength: 6 }), { nil: undefined }),
    thirdPlace: fc.boolean(),
    grandFinalReset: fc.boolean(),
  });
const draws = fc.array(fc.nat({ max: 99 }), { minLength: 1, maxLength: 40 });

describe("single elimination", () => {
  test(
    "n-1 matches (+1 for third place with 4+ teams); one champion; each non-champion loses once",
    () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 2, max: 64 }),
          eliminationConfig("single_elimination"),
          draws,
          (n, config, d) => {
            const bracket = playOut(createBracket(config, teamIds(n)), d);
            const { resolved, table, games } = checkCommon(bracket);
            const third = config.thirdPlace && n >= 4;
            expect(games).toBe(n - 1 + (third ? 1 : 0));
            const champion = championOf(bracket)!;
            const losses = lossesOf(resolved);
            expect(losses.get(champion) ?? 0).toBe(0);
            const semiLosers = third
              ? new Set([resolved.get("3P")!.teamA, resolved.get("3P")!.teamB])
              : new Set();
            for (const team of bracket.seeds) {
              if (team === champion) continue;
              expect(losses.get(team)).toBe(
                semiLosers.has(team) ? (resolved.get("3P")!.winner === team ? 1 : 2) : 1,
              );
            }
            expect(table.filter((s) => s.place === 1)).toHaveLength(1);
            expect(table.find((s) => s.place === 2)?.team).toBe(resolved.get("F")!.loser);
            if (third) {
              expect(table.find((s) => s.team === resolved.get("3P")!.winner)?.place).toBe(3);
              expect(table.find((s) => s.team === resolved.get("3P")!.loser)?.place).toBe(4);
            }
            // The final plays the final's best-of.
            expect(resolved.get("F")!.match.bestOf).toBe(config.finalBestOf);
          },
        ),
        { numRuns: RUNS },
      );
    },
    LONG,
  );
});

describe("double elimination", () => {
  test(
    "everyone but the champion loses twice (the upper finalist once when it loses the only grand final)",
    () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 2, max: 64 }),
          eliminationConfig("double_elimination"),
          draws,
          (n, config, d) => {
            const bracket = playOut(createBracket(config, teamIds(n)), d);
            const { resolved, games } = checkCommon(bracket);
            const champion = championOf(bracket)!;
            const losses = lossesOf(resolved);
            const gf = resolved.get("GF")!;
            const reset = resolved.get("GF2");
            const resetPlayed = reset?.state === "done";
            // A reset is played exactly when it is on and the lower-bracket team won the first final.
            expect(resetPlayed).toBe(Boolean(config.grandFinalReset) && gf.winner === gf.teamB);
            expect(games).toBe(2 * n - 2 + (resetPlayed ? 1 : 0));
            expect(losses.get(champion) ?? 0).toBeLessThanOrEqual(1);
            for (const team of bracket.seeds) {
              if (team === champion) continue;
              const onceOnly = !resetPlayed && team === gf.loser && team === gf.teamA;
              expect(losses.get(team)).toBe(onceOnly ? 1 : 2);
            }
          },
        ),
        { numRuns: RUNS },
      );
    },
    LONG,
  );
});

describe("round robin", () => {
  test(
    "each pair of a group meets once, a team plays at most once a round, groups differ by one at most",
    () => {
      const config = fc.record({
        format: fc.constant("round_robin" as const),
        bestOf,
        finalBestOf: bestOf,
        groups: fc.integer({ min: 1, max: 8 }),
      });
      fc.assert(
        fc.property(fc.integer({ min: 2, max: 24 }), config, draws, (n, cfg, d) => {
          fc.pre(n / cfg.groups >= 2 && Math.ceil(n / cfg.groups) <= GROUP_TEAMS_MAX);
          const bracket = playOut(createBracket(cfg, teamIds(n)), d);
          const { resolved, table, games } = checkCommon(bracket);
          const sizes = new Map<number, number>();
          for (const s of table) sizes.set(s.group!, (sizes.get(s.group!) ?? 0) + 1);
          expect(sizes.size).toBe(cfg.groups);
          expect(Math.max(...sizes.values()) - Math.min(...sizes.values())).toBeLessThanOrEqual(1);
          expect(games).toBe([...sizes.values()].reduce((sum, k) => sum + (k * (k - 1)) / 2, 0));
          const pairs = new Set<string>();
          const perRound = new Set<string>();
          for (const r of played(resolved)) {
            pairs.add([r.teamA, r.teamB].sort().join("|"));
            for (const t of [r.teamA, r.teamB]) {
              const slot = `${r.match.round}:${t}`;
              expect(perRound.has(slot)).toBe(false);
              perRound.add(slot);
            }
          }
          expect(pairs.size).toBe(games);
          for (const s of table) expect(s.wins + s.losses).toBe(sizes.get(s.group!)! - 1);
        }),
        { numRuns: RUNS },
      );
    },
    LONG,
  );

  test("a group holds at most 16 teams: 17 in one group is refused, in two it is built", () => {
    const cfg = { format: "round_robin" as const, bestOf: 1 as const, finalBestOf: 1 as const };
    expect(() => createBracket({ ...cfg, groups: 1 }, teamIds(17))).toThrow(
      FORMAT_MESSAGES.groupTooBig.message,
    );
    expect(() => checkConfig({ ...cfg, groups: 4 }, 64)).not.toThrow();
    expect(() => checkConfig({ ...cfg, groups: 3 }, 64)).toThrow(
      FORMAT_MESSAGES.groupTooBig.message,
    );
    const groups = createBracket({ ...cfg, groups: 2 }, teamIds(17)).matches;
    // Groups of 9 and 8: 36 + 28 matches.
    expect(groups).toHaveLength(64);
  });
});

/** Whether any perfect pairing of `teams` (one left out when odd) avoids every met pair. */
function rematchFreeExists(teams: string[], met: Set<string>): boolean {
  if (teams.length <= 1) return true;
  if (teams.length % 2 === 1) {
    return teams.some((t) =>
      rematchFreeExists(
        teams.filter((x) => x !== t),
        met,
      ),
    );
  }
  const [first, ...rest] = teams as [string, ...string[]];
  return rest.some(
    (c) =>
      !met.has([first, c].sort().join("|")) &&
      rematchFreeExists(
        rest.filter((x) => x !== c),
        met,
      ),
  );
}

/** Whether some Swiss match paired teams of different records. */
function crossed(bracket: Bracket): boolean {
  const resolved = resolve(bracket.matches, bracket.seeds);
  const record = new Map<string, [number, number]>();
  for (const r of resolved.values()) {
    if (r.state !== "done") continue;
    const a = record.get(r.teamA!) ?? [0, 0];
    const b = record.get(r.teamB!) ?? [0, 0];
    if (a[0] !== b[0] || a[1] !== b[1]) return true;
    const win = r.winner === r.teamA;
    record.set(r.teamA!, win ? [a[0] + 1, a[1]] : [a[0], a[1] + 1]);
    record.set(r.teamB!, win ? [b[0], b[1] + 1] : [b[0] + 1, b[1]]);
  }
  return false;
}

describe("swiss", () => {
  test(
    "every team ends on N wins or N losses, plays once a round, and meets nobody twice when avoidable",
    () => {
      const config = fc.record({
        format: fc.constant("swiss" as const),
        bestOf,
        finalBestOf: bestOf,
        swissWins: fc.integer({ min: 1, max: 4 }),
        swissLosses: fc.integer({ min: 1, max: 4 }),
      });
      fc.assert(
        fc.property(fc.integer({ min: 2, max: 12 }), config, draws, (n, cfg, d) => {
          const bracket = playOut(createBracket(cfg, teamIds(n)), d);
          const { resolved, table } = checkCommon(bracket);
          const { wins, losses } = swissTarget(cfg);
          for (const s of table) {
            expect(s.wins === wins || s.losses === losses).toBe(true);
            expect(s.wins <= wins && s.losses <= losses).toBe(true);
            expect(s.swiss).toBe(s.wins === wins ? "advanced" : "eliminated");
          }
          const rounds = Math.max(...bracket.matches.map((m) => m.round));
          const met = new Set<string>();
          for (let round = 1; round <= rounds; round++) {
            const inRound = [...resolved.values()].filter((r) => r.match.round === round);
            const teams = inRound
              .flatMap((r) => [r.teamA, r.teamB])
              .filter((t): t is string => !!t);
            expect(new Set(teams).size).toBe(teams.length);
            const rematch = inRound.some(
              (r) => r.state === "done" && met.has([r.teamA, r.teamB].sort().join("|")),
            );
            if (rematch) expect(rematchFreeExists(teams, met)).toBe(false);
            for (const r of inRound) {
              if (r.state === "done") met.add([r.teamA, r.teamB].sort().join("|"));
            }
          }
        }),
        { numRuns: RUNS },
      );
    },
    LONG,
  );

  test(
    "16 teams, 3 wins / 3 losses: seed 1 meets seed 9, done in at most 5 rounds, 8 advance unless a rematch forced a cross-record pairing",
    () => {
      fc.assert(
        fc.property(draws, (d) => {
          const cfg: BracketConfig = {
            format: "swiss",
            bestOf: 1,
            finalBestOf: 3,
            swissWins: 3,
            swissLosses: 3,
          };
          const bracket = playOut(createBracket(cfg, teamIds(16)), d);
          const table = standings(bracket);
          // Avoiding a rematch comes before keeping records apart, so in rare draws (about 1 in
          // 1,000) a team meets another record and 9 teams reach 3 wins.
          const advanced = table.filter((s) => s.swiss === "advanced").length;
          expect(advanced === 8 || (advanced === 9 && crossed(bracket))).toBe(true);
          expect(Math.max(...bracket.matches.map((m) => m.round))).toBeLessThanOrEqual(5);
          // Round 1: seed 1 meets seed 9.
          const first = resolve(bracket.matches, bracket.seeds).get("S1-1")!;
          expect([first.teamA, first.teamB]).toEqual(["team1", "team9"]);
        }),
        { numRuns: Math.ceil(RUNS / 4) },
      );
    },
    LONG,
  );
});
