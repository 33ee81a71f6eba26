/**
 * The match page's detail of a map the log followed, from the fold's state (pure): per player the
 * opening duels, multi-kills, clutches won and utility; per round the kills of each side, who
 * opened it and who clutched it; each side's money at every round's start.
 *
 * Opening kills and 3k/4k/5k are counted from the kill lines round by round, the way CS2's own
 * round_stats counts `firstk`, `3k`, `4k` and `5k` (the real logs agree round for round); utility
 * damage and enemies flashed are CS2's own round_stats numbers plus the last round's lines (no
 * block follows the last round).
 */
import type { BreakdownPlayer, BreakdownRound, MatchBreakdown } from "../../lib/history";
import { isSteamId64 } from "../../lib/steamId";
import { totalsOf, type LogMatchState } from "./matchLog";

export function breakdownOf(s: LogMatchState): MatchBreakdown {
  const rounds = s.rounds ?? [];
  const nameOf = (id: string) => s.players.find((p) => p.id === id)?.name || "—";
  const players: BreakdownPlayer[] = [];
  for (const p of s.players) {
    const t = totalsOf(p);
    if (t.kills + t.deaths + t.assists + t.damage === 0 && !p.side) continue;
    const multi = (n: number) =>
      rounds.filter((r) => r.multi.some((m) => m.id === p.id && Math.min(m.kills, 5) === n)).length;
    players.push({
      ...(isSteamId64(p.id) ? { steamId: p.id } : {}),
      name: p.name || "—",
      ...(p.side ? { side: p.side } : {}),
      firstKills: rounds.filter((r) => r.first?.killer === p.id).length,
      firstDeaths: rounds.filter((r) => r.first?.victim === p.id).length,
      k2: multi(2),
      k3: multi(3),
      k4: multi(4),
      k5: multi(5),
      clutches: rounds.filter((r) => r.clutch?.id === p.id).map((r) => r.clutch!.vs),
      utilityDamage: t.utilityDamage,
      enemiesFlashed: t.enemiesFlashed,
    });
  }
  const detail: BreakdownRound[] = rounds.map((r) => ({
    round: r.round,
    killsCT: r.kills.CT,
    killsT: r.kills.T,
    ...(r.first
      ? {
          first: {
            name: nameOf(r.first.killer),
            side: r.first.side,
            victim: nameOf(r.first.victim),
          },
        }
      : {}),
    ...(r.clutch
      ? { clutch: { name: nameOf(r.clutch.id), side: r.clutch.side, vs: r.clutch.vs } }
      : {}),
  }));
  return { players, rounds: detail, economy: s.economy };
}
