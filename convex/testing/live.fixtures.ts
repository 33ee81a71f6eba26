import type { Match } from "../lib/validators";

/** A live match on Nuke as a poll reads it. */
export const liveMatch: Match = {
  serverName: "S",
  mapName: "de_nuke",
  scoreCT: 3,
  scoreT: 2,
  playersOnline: 8,
  roundPhase: "live",
};
