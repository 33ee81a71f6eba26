/**
 * Single and double elimination brackets over `teams` seeds. The bracket is the next power of two;
 * seeds past the team count are byes, placed against the top seeds (1 meets the last seed, the top
 * two can only meet in the final). Double elimination drops each upper round's losers into the
 * lower bracket in alternating order, so early rematches are rare.
 */
import type { BestOf, BracketConfig, BracketMatch, SlotSource } from "../../lib/cupFields";

export function bracketSize(teams: number): number {
  let size = 2;
  while (size < teams) size *= 2;
  return size;
}

/** Seeds in bracket order: slot pairs (0,1), (2,3), … meet in round 1. */
export function seedOrder(size: number): number[] {
  let order = [1, 2];
  while (order.length < size) {
    const n = order.length * 2;
    order = order.flatMap((s) => [s, n + 1 - s]);
  }
  return order;
}

export function roundBestOf(config: BracketConfig, round: number): BestOf {
  return config.roundBestOf?.[round - 1] ?? config.bestOf;
}

const seed = (s: number): SlotSource => ({ kind: "seed", seed: s });
const winner = (match: string): SlotSource => ({ kind: "winner", match });
const loser = (match: string): SlotSource => ({ kind: "loser", match });

/** Upper-bracket rounds; in single elimination the last one is the final (`F`). */
function upperRounds(
  config: BracketConfig,
  size: number,
  lastIsFinal: boolean,
): { matches: BracketMatch[]; keyOf: (round: number, i: number) => string } {
  const rounds = Math.log2(size);
  const keyOf = (round: number, i: number) =>
    lastIsFinal && round === rounds ? "F" : `U${round}-${i}`;
  const order = seedOrder(size);
  const matches: BracketMatch[] = [];
  for (let round = 1; round <= rounds; round++) {
    const count = size / 2 ** round;
    for (let i = 1; i <= count; i++) {
      const isFinal = lastIsFinal && round === rounds;
      matches.push({
        key: keyOf(round, i),
        section: isFinal ? "final" : "upper",
        round,
        order: i,
        bestOf: isFinal ? config.finalBestOf : roundBestOf(config, round),
        a: round === 1 ? seed(order[2 * i - 2]!) : winner(keyOf(round - 1, 2 * i - 1)),
        b: round === 1 ? seed(order[2 * i - 1]!) : winner(keyOf(round - 1, 2 * i)),
      });
    }
  }
  return { matches, keyOf };
}

export function singleElimination(config: BracketConfig, teams: number): BracketMatch[] {
  const size = bracketSize(teams);
  const rounds = Math.log2(size);
  const { matches, keyOf } = upperRounds(config, size, true);
  if (!config.thirdPlace || rounds < 2) return matches;
  const final = matches.pop()!;
  matches.push({
    key: "3P",
    section: "third",
    round: rounds,
    order: 1,
    bestOf: roundBestOf(config, rounds),
    a: loser(keyOf(rounds - 1, 1)),
    b: loser(keyOf(rounds - 1, 2)),
  });
  matches.push(final);
  return matches;
}

export function doubleElimination(config: BracketConfig, teams: number): BracketMatch[] {
  const size = bracketSize(teams);
  const rounds = Math.log2(size);
  const { matches, keyOf } = upperRounds(config, size, false);
  const lowerKey = (round: number, i: number) => `L${round}-${i}`;
  const lowerRounds = 2 * (rounds - 1);
  for (let round = 1; round <= lowerRounds; round++) {
    // Odd lower rounds pair the survivors; even ones meet the losers of the next upper round.
    const count = size / 2 ** (Math.floor((round + 1) / 2) + 1);
    const bestOf = roundBestOf(config, Math.floor(round / 2) + 1);
    for (let i = 1; i <= count; i++) {
      let a: SlotSource;
      let b: SlotSource;
      if (round === 1) {
        a = loser(keyOf(1, 2 * i - 1));
        b = loser(keyOf(1, 2 * i));
      } else if (round % 2 === 0) {
        const upper = round / 2 + 1;
        // Every other drop comes in reversed, keeping teams that met apart.
        const from = (round / 2) % 2 === 1 ? count + 1 - i : i;
        a = winner(lowerKey(round - 1, i));
        b = loser(keyOf(upper, from));
      } else {
        a = winner(lowerKey(round - 1, 2 * i - 1));
        b = winner(lowerKey(round - 1, 2 * i));
      }
      matches.push({ key: lowerKey(round, i), section: "lower", round, order: i, bestOf, a, b });
    }
  }
  const upperChampion = winner(keyOf(rounds, 1));
  const lowerChampion = lowerRounds > 0 ? winner(lowerKey(lowerRounds, 1)) : loser(keyOf(1, 1));
  const grandFinal = { section: "final", round: 1, order: 1, bestOf: config.finalBestOf } as const;
  matches.push({ ...grandFinal, key: "GF", a: upperChampion, b: lowerChampion });
  if (config.grandFinalReset) {
    matches.push({
      ...grandFinal,
      key: "GF2",
      section: "reset",
      round: 2,
      a: winner("GF"),
      b: loser("GF"),
      resetOf: "GF",
    });
  }
  return matches;
}
