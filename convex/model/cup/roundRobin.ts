/**
 * Round robin in groups: seeds are dealt to groups like cards in a snake (1, 2, 3, 3, 2, 1, …) so
 * the groups are even, and each group plays everyone once, scheduled by the circle method: every
 * round each team plays at most once, and with an odd group one team rests.
 */
import type { BracketConfig, BracketMatch } from "../../lib/cupFields";
import { roundBestOf } from "./elimination";

/** 0-based group of each seed position (0-based), snake order. */
export function groupOf(position: number, groups: number): number {
  const lap = Math.floor(position / groups);
  const at = position % groups;
  return lap % 2 === 0 ? at : groups - 1 - at;
}

/** Pairs of indexes into `size` entries, round by round (circle method). */
export function circleRounds(size: number): [number, number][][] {
  const slots: (number | null)[] = Array.from({ length: size }, (_, i) => i);
  if (size % 2 === 1) slots.push(null);
  const n = slots.length;
  const rounds: [number, number][][] = [];
  for (let r = 0; r < n - 1; r++) {
    const pairs: [number, number][] = [];
    for (let i = 0; i < n / 2; i++) {
      const a = slots[i]!;
      const b = slots[n - 1 - i]!;
      if (a !== null && b !== null) pairs.push(r % 2 === 0 ? [a, b] : [b, a]);
    }
    rounds.push(pairs);
    // Keep the first slot, rotate the rest by one.
    slots.splice(1, 0, slots.pop()!);
  }
  return rounds;
}

export function roundRobin(config: BracketConfig, teams: number): BracketMatch[] {
  const groups = config.groups ?? 1;
  const members: number[][] = Array.from({ length: groups }, () => []);
  for (let position = 0; position < teams; position++) {
    members[groupOf(position, groups)]!.push(position + 1);
  }
  const matches: BracketMatch[] = [];
  members.forEach((seeds, g) => {
    circleRounds(seeds.length).forEach((pairs, r) => {
      pairs.forEach(([a, b], i) => {
        matches.push({
          key: `G${g + 1}-R${r + 1}-${i + 1}`,
          section: "group",
          group: g + 1,
          round: r + 1,
          order: i + 1,
          bestOf: roundBestOf(config, r + 1),
          a: { kind: "seed", seed: seeds[a]! },
          b: { kind: "seed", seed: seeds[b]! },
        });
      });
    });
  });
  // Play order: round by round across groups.
  return matches.sort((x, y) => x.round - y.round || x.group! - y.group! || x.order - y.order);
}
