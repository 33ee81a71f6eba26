import { NO_PLAYER_STATS, type Match, type Player, type Summary } from "@/lib/backend";

let counter = 0;

/** A complete player; every number defaults to 0 unless overridden. */
export function makePlayer(overrides: Partial<Player> = {}): Player {
  counter += 1;
  return {
    ...NO_PLAYER_STATS,
    steamId: `765611980000${String(counter).padStart(5, "0")}`,
    name: `Player ${counter}`,
    team: "Counter-Terrorist",
    firstSeen: "2026-11-22T10:00:00.000Z",
    lastSeen: "2026-11-22T11:30:00.000Z",
    lastWeaponUsed: "ak47",
    ...overrides,
  };
}

export function makeMatch(overrides: Partial<Match> = {}): Match {
  return {
    serverName: "Server #1",
    mapName: "de_dust2",
    scoreCT: 7,
    scoreT: 5,
    playersOnline: 10,
    roundPhase: "live",
    ...overrides,
  };
}

export function makeSummary(overrides: Partial<Summary> = {}): Summary {
  return {
    totalPlayers: 12,
    totalKills: 164,
    totalDeaths: 159,
    totalDamage: 21870,
    totalBombsPlanted: 6,
    totalBombsDefused: 2,
    ...overrides,
  };
}
