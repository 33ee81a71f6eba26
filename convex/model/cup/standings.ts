/**
 * Standings from the resolved bracket. Groups and Swiss rank by record at any time (a group's
 * ranking counts wins, then the map difference, then the seed). Elimination places are given once
 * the bracket is decided: teams out at the same stage share a place (two semi-final losers are both
 * third), a stage reached later ranks higher, and the winner of a match ranks above its loser.
 */
import { resolve, allDecided } from "./bracket";
import type { Bracket } from "./format";
import { rankSwiss, swissActive, swissRecords, swissTarget } from "./swiss";

export interface Standing {
  team: string;
  seed: number;
  wins: number;
  losses: number;
  mapsWon: number;
  mapsLost: number;
  /** Group number in round robin. */
  group?: number;
  /** 1 is best; null while an elimination bracket is still being played. */
  place: number | null;
  /** Swiss: advanced on N wins, out on N losses, or still playing. */
  swiss?: "advanced" | "eliminated" | "playing";
}

export function standings(bracket: Bracket): Standing[] {
  const resolved = resolve(bracket.matches, bracket.seeds);
  const rows = new Map<string, Standing>();
  bracket.seeds.forEach((team, i) =>
    rows.set(team, { team, seed: i + 1, wins: 0, losses: 0, mapsWon: 0, mapsLost: 0, place: null }),
  );
  for (const r of resolved.values()) {
    if (r.match.group !== undefined) {
      for (const t of [r.teamA, r.teamB]) if (t) rows.get(t)!.group = r.match.group;
    }
    if (r.state !== "done") continue;
    const result = r.match.result!;
    const w = rows.get(result.winner)!;
    const l = rows.get(result.loser)!;
    w.wins++;
    l.losses++;
    w.mapsWon += result.winnerMaps;
    w.mapsLost += result.loserMaps;
    l.mapsWon += result.loserMaps;
    l.mapsLost += result.winnerMaps;
  }
  const format = bracket.config.format;
  if (format === "swiss") return swissStandings(bracket, rows, resolved);
  if (format === "round_robin") return groupStandings(rows);
  if (allDecided(resolved)) eliminationPlaces(bracket, rows, resolved);
  return [...rows.values()].sort(
    (x, y) => (x.place ?? Infinity) - (y.place ?? Infinity) || x.seed - y.seed,
  );
}

function groupStandings(rows: Map<string, Standing>): Standing[] {
  const sorted = [...rows.values()].sort(
    (x, y) =>
      (x.group ?? 0) - (y.group ?? 0) ||
      y.wins - x.wins ||
      y.mapsWon - y.mapsLost - (x.mapsWon - x.mapsLost) ||
      x.seed - y.seed,
  );
  const inGroup = new Map<number, number>();
  for (const row of sorted) {
    const n = (inGroup.get(row.group ?? 0) ?? 0) + 1;
    inGroup.set(row.group ?? 0, n);
    row.place = n;
  }
  return sorted;
}

function swissStandings(
  bracket: Bracket,
  rows: Map<string, Standing>,
  resolved: ReturnType<typeof resolve>,
): Standing[] {
  const records = swissRecords(bracket.seeds, resolved);
  const active = new Set(swissActive(bracket.config, records.values()).map((r) => r.team));
  const { wins } = swissTarget(bracket.config);
  return rankSwiss([...records.values()]).map((rec, i) => {
    const row = rows.get(rec.team)!;
    // A bye is a win in the record, with no maps.
    return {
      ...row,
      wins: rec.wins,
      place: i + 1,
      swiss: active.has(rec.team) ? "playing" : rec.wins >= wins ? "advanced" : "eliminated",
    };
  });
}

function eliminationPlaces(
  bracket: Bracket,
  rows: Map<string, Standing>,
  resolved: ReturnType<typeof resolve>,
): void {
  // Each team's last played match, and the rank of that match's stage (later stages rank higher).
  const stageRank = new Map<string, number>();
  const last = new Map<string, { stage: string; won: boolean }>();
  bracket.matches.forEach((m) => {
    const stage = `${m.section}:${m.round}`;
    if (!stageRank.has(stage)) stageRank.set(stage, stageRank.size);
    const r = resolved.get(m.key)!;
    if (r.state !== "done") return;
    last.set(r.winner!, { stage, won: true });
    last.set(r.loser!, { stage, won: false });
  });
  const score = (team: string) => {
    const exit = last.get(team);
    return exit ? stageRank.get(exit.stage)! * 2 + (exit.won ? 1 : 0) : -1;
  };
  const teams = [...rows.keys()];
  for (const team of teams) {
    const mine = score(team);
    rows.get(team)!.place = 1 + teams.filter((other) => score(other) > mine).length;
  }
}

/** The cup's winner once its bracket is decided: first place of elimination, top of the rest. */
export function championOf(bracket: Bracket): string | null {
  if (!allDecided(resolve(bracket.matches, bracket.seeds))) return null;
  if (bracket.config.format === "round_robin") {
    const top = standings(bracket).filter((s) => s.place === 1);
    return top.length === 1 ? top[0]!.team : null;
  }
  return standings(bracket).find((s) => s.place === 1)?.team ?? null;
}
