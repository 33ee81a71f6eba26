import { NO_PLAYER_STATS } from "../lib/playerStats";
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
  return {
    ...NO_PLAYER_STATS,
    steamId,
    name,
    team: "Spectator",
    playTimeMinutes: 1,
    firstSeen: "2026-11-22T10:00:00.000Z",
    lastSeen: "2026-11-22T10:10:00.000Z",
  };
}
