import type { Match, Player, Summary } from "@/lib/backend";

let counter = 0;

/** A complete player; every number defaults to 0 unless overridden. */
export function makePlayer(overrides: Partial<Player> = {}): Player {
  counter += 1;
  return {
    steamId: `765611980000${String(counter).padStart(5, "0")}`,
    name: `Player ${counter}`,
    team: "Counter-Terrorist",
    score: 0,
    kills: 0,
    deaths: 0,
    assists: 0,
    kdRatio: 0,
    mvp: 0,
    headshots: 0,
    chickenKills: 0,
    totalDamage: 0,
    bombPlants: 0,
    bombDefuses: 0,
    grenadeKills: 0,
    grenadeDamageDealt: 0,
    enemiesFlashed: 0,
    knifeKills: 0,
    zeusKills: 0,
    playTimeMinutes: 0,
    roundsPlayed: 0,
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
