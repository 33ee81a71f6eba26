/**
 * Swiss as Valve runs it: teams with the same record meet, the strongest of a record against the
 * weakest (by the difficulty of the opponents they beat, then the seed), nobody meets a team twice
 * while any other pairing exists, and a team leaves on its N-th win (advances) or N-th loss (out).
 * Matches that can advance or eliminate a team play the final's best-of. When an odd number is
 * left, the lowest-ranked team that has not had one gets a bye, which counts as a win.
 */
import type { BracketConfig, BracketMatch, SlotSource } from "../../lib/cupFields";
import type { Resolved } from "./bracket";
import { roundBestOf } from "./elimination";

export interface SwissRecord {
  team: string;
  seed: number;
  wins: number;
  losses: number;
  opponents: string[];
  byes: number;
  /** Sum of the opponents' wins minus losses. */
  buchholz: number;
}

/** Past this many tries the pairing gives up on avoiding every rematch. */
const SEARCH_BUDGET = 50_000;

export function swissRecords(
  seeds: readonly string[],
  resolved: Resolved,
): Map<string, SwissRecord> {
  const records = new Map<string, SwissRecord>();
  seeds.forEach((team, i) =>
    records.set(team, {
      team,
      seed: i + 1,
      wins: 0,
      losses: 0,
      opponents: [],
      byes: 0,
      buchholz: 0,
    }),
  );
  for (const r of resolved.values()) {
    if (r.state === "bye" && r.winner) {
      const rec = records.get(r.winner)!;
      rec.wins++;
      rec.byes++;
    }
    if (r.state !== "done") continue;
    const w = records.get(r.winner!)!;
    const l = records.get(r.loser!)!;
    w.wins++;
    l.losses++;
    w.opponents.push(l.team);
    l.opponents.push(w.team);
  }
  for (const rec of records.values()) {
    rec.buchholz = rec.opponents.reduce((sum, o) => {
      const opp = records.get(o)!;
      return sum + opp.wins - opp.losses;
    }, 0);
  }
  return records;
}

export const swissTarget = (config: BracketConfig) => ({
  wins: config.swissWins ?? 3,
  losses: config.swissLosses ?? 3,
});

/** Best first: more wins, fewer losses, harder opponents, better seed. */
export function rankSwiss(records: readonly SwissRecord[]): SwissRecord[] {
  return [...records].sort(
    (x, y) => y.wins - x.wins || x.losses - y.losses || y.buchholz - x.buchholz || x.seed - y.seed,
  );
}

export interface SwissPairing {
  pairs: [string, string][];
  bye: string | null;
}

/**
 * Pairs the ranked teams: each takes the lowest-ranked team of its own record still free, else the
 * nearest record. A full search (within a budget) finds a pairing without rematches whenever one
 * exists; only then are rematches allowed.
 */
export function pairSwiss(ranked: readonly SwissRecord[]): SwissPairing {
  return search(ranked, false) ?? search(ranked, true)!;
}

function search(ranked: readonly SwissRecord[], allowRematch: boolean): SwissPairing | null {
  let budget = SEARCH_BUDGET;
  const met = (x: SwissRecord, y: SwissRecord) => x.opponents.includes(y.team);
  const distance = (x: SwissRecord, y: SwissRecord) =>
    Math.abs(x.wins - y.wins) + Math.abs(x.losses - y.losses);

  const pairRest = (free: SwissRecord[]): [string, string][] | null => {
    if (free.length === 0) return [];
    if (--budget < 0) return null;
    const [first, ...rest] = free as [SwissRecord, ...SwissRecord[]];
    const candidates = rest
      .map((c, i) => ({ c, i }))
      .filter(({ c }) => allowRematch || !met(first, c))
      .sort((x, y) => {
        const d = distance(first, x.c) - distance(first, y.c);
        if (d !== 0) return d;
        if (allowRematch && met(first, x.c) !== met(first, y.c)) return met(first, x.c) ? 1 : -1;
        // Within a record the weakest first; across records the strongest of the nearer pool.
        return distance(first, x.c) === 0 ? y.i - x.i : x.i - y.i;
      });
    for (const { c } of candidates) {
      const tail = pairRest(rest.filter((r) => r !== c));
      if (tail) return [[first.team, c.team], ...tail];
      if (budget < 0) return null;
    }
    return null;
  };

  if (ranked.length % 2 === 0) {
    const pairs = pairRest([...ranked]);
    return pairs ? { pairs, bye: null } : null;
  }
  // The bye goes to the lowest-ranked team without one, if the rest can then be paired.
  const byeOrder = [...ranked].reverse().sort((x, y) => x.byes - y.byes);
  for (const byeTeam of byeOrder) {
    const pairs = pairRest(ranked.filter((r) => r !== byeTeam));
    if (pairs) return { pairs, bye: byeTeam.team };
    if (budget < 0) return null;
  }
  return null;
}

const team = (id: string): SlotSource => ({ kind: "team", team: id });

/** Round 1: seed 1 meets the first seed of the lower half (1–9, 2–10, … with 16 teams). */
export function swissFirstRound(config: BracketConfig, teams: number): BracketMatch[] {
  const half = Math.floor(teams / 2);
  const matches: BracketMatch[] = [];
  for (let i = 1; i <= half; i++) {
    matches.push({
      key: `S1-${i}`,
      section: "swiss",
      round: 1,
      order: i,
      bestOf: deciderBestOf(config, 0, 0, 0, 0, 1),
      a: { kind: "seed", seed: i },
      b: { kind: "seed", seed: half + i },
    });
  }
  if (teams % 2 === 1) matches.push(byeMatch(1, { kind: "seed", seed: teams }, half + 1));
  return matches;
}

function byeMatch(round: number, who: SlotSource, order: number): BracketMatch {
  return {
    key: `S${round}-bye`,
    section: "swiss",
    round,
    order,
    bestOf: 1,
    a: who,
    b: { kind: "none" },
  };
}

function deciderBestOf(
  config: BracketConfig,
  winsA: number,
  lossesA: number,
  winsB: number,
  lossesB: number,
  round: number,
) {
  const { wins, losses } = swissTarget(config);
  const decides = [winsA, winsB].includes(wins - 1) || [lossesA, lossesB].includes(losses - 1);
  return decides ? config.finalBestOf : roundBestOf(config, round);
}

/** Teams still playing: fewer than N wins and fewer than N losses. */
export function swissActive(config: BracketConfig, records: Iterable<SwissRecord>): SwissRecord[] {
  const { wins, losses } = swissTarget(config);
  return [...records].filter((r) => r.wins < wins && r.losses < losses);
}

/** The next round's matches once every match so far is decided; none when the Swiss is over. */
export function swissNextRound(
  config: BracketConfig,
  matches: readonly BracketMatch[],
  seeds: readonly string[],
  resolved: Resolved,
): BracketMatch[] {
  const open = [...resolved.values()].some((r) => r.state === "pending" || r.state === "ready");
  if (open) return [];
  const records = swissRecords(seeds, resolved);
  const active = swissActive(config, records.values());
  if (active.length === 0) return [];
  const round = Math.max(0, ...matches.map((m) => m.round)) + 1;
  const { pairs, bye } = pairSwiss(rankSwiss(active));
  const next: BracketMatch[] = pairs.map(([x, y], i) => {
    const a = records.get(x)!;
    const b = records.get(y)!;
    return {
      key: `S${round}-${i + 1}`,
      section: "swiss",
      round,
      order: i + 1,
      bestOf: deciderBestOf(config, a.wins, a.losses, b.wins, b.losses, round),
      a: team(x),
      b: team(y),
    };
  });
  if (bye) next.push(byeMatch(round, team(bye), pairs.length + 1));
  return next;
}
