import type { Match, Player } from "../lib/validators";

/** A live match on Nuke as a poll reads it. */
export const liveMatch: Match = {
  serverName: "S",
  mapName: "de_nuke",
  scoreCT: 3,
  scoreT: 2,
  playersOnline: 8,
  roundPhase: "live",
};

/** A human on a server as its player list reads them (no stats yet). */
export function playerOnServer(steamId: string, name: string): Player {
  const zero = { score: 0, kills: 0, deaths: 0, assists: 0, kdRatio: 0, mvp: 0, headshots: 0 };
  return {
    ...zero,
    steamId,
    name,
    team: "Spectator",
    chickenKills: 0,
    totalDamage: 0,
    bombPlants: 0,
    bombDefuses: 0,
    grenadeKills: 0,
    grenadeDamageDealt: 0,
    enemiesFlashed: 0,
    knifeKills: 0,
    zeusKills: 0,
    playTimeMinutes: 1,
    roundsPlayed: 0,
    firstSeen: "2026-11-22T10:00:00.000Z",
    lastSeen: "2026-11-22T10:10:00.000Z",
    lastWeaponUsed: "",
  };
}
