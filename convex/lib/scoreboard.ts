/**
 * The live scoreboard by side: built from a polled player list or from a MatchZy event's player
 * stats. Pure; shared by the backend (what is stored) and the web app (ordering).
 */
import type { Side } from "./side";
import type { MatchzyStatsTeam } from "./matchzyEvents";
import { isSteamId64 } from "./steamId";
import type { BoardLine, Player } from "./validators";

/** At most this many lines (two sides of a full 10-slot server, plus room for substitutes). */
export const MAX_BOARD_LINES = 24;

function adr(damage: number, rounds: number): number {
  return rounds > 0 ? Math.round(damage / rounds) : 0;
}

/** Kills first, then fewer deaths, then name: the order scoreboards list a side in. */
export function byScoreboardOrder(a: BoardLine, b: BoardLine): number {
  return b.kills - a.kills || a.deaths - b.deaths || a.name.localeCompare(b.name, "uk");
}

/** The players on a side (spectators and players who left are not on the board). */
export function boardFromPlayers(players: Player[]): BoardLine[] {
  const lines: BoardLine[] = [];
  for (const p of players) {
    const side = p.team === "Counter-Terrorist" ? "CT" : p.team === "Terrorist" ? "T" : null;
    if (!side) continue;
    lines.push({
      steamId: p.steamId,
      name: p.name,
      side,
      bot: !isSteamId64(p.steamId),
      kills: p.kills,
      deaths: p.deaths,
      assists: p.assists,
      adr: adr(p.totalDamage, p.roundsPlayed),
      mvps: p.mvp,
    });
  }
  return lines.sort(byScoreboardOrder).slice(0, MAX_BOARD_LINES);
}

/** A MatchZy team's players on the side it played the round on. */
export function boardFromTeams(teams: { team: MatchzyStatsTeam; side: Side }[]): BoardLine[] {
  const lines: BoardLine[] = [];
  for (const { team, side } of teams) {
    for (const p of team.players ?? []) {
      const s = p.stats;
      lines.push({
        steamId: p.steamid,
        name: p.name.slice(0, 128) || "—",
        side,
        bot: !isSteamId64(p.steamid),
        kills: s.kills ?? 0,
        deaths: s.deaths ?? 0,
        assists: s.assists ?? 0,
        adr: adr(s.damage ?? 0, s.rounds_played ?? 0),
        mvps: s.mvp ?? 0,
      });
    }
  }
  return lines.sort(byScoreboardOrder).slice(0, MAX_BOARD_LINES);
}

/** Who plays on which side: a change here is shown at once, stats at the slower cadence. */
export function boardRoster(lines: BoardLine[] | undefined): string {
  return (lines ?? [])
    .map((l) => `${l.steamId}:${l.name}:${l.side}`)
    .sort()
    .join("|");
}
