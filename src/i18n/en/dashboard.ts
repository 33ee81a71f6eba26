import type uk from "../uk/dashboard";
import type { Translation } from "../types";

/** English texts: dashboard.*, summary.*. */
export default {
  "dashboard.matchTitle": "Current match",
  "dashboard.summaryTitle": "Overall statistics",
  "dashboard.server": "Server",
  "dashboard.map": "Map",
  "dashboard.score": "Score",
  "dashboard.playersOnline": "Players online",
  "dashboard.playersLastKnown": "Players (last data)",
  "dashboard.roundPhase": "Phase",
  "dashboard.gameMode": "Mode",
  "dashboard.round": "Round",
  "dashboard.roundOf": "{round} of {max}",
  "dashboard.noMatch": "No match data yet: the server has not been polled yet or is unreachable.",
  "dashboard.noSummary": "Overall statistics are not available yet.",
  "dashboard.offlineNote": "The server is offline right now — showing the last data received.",
  "dashboard.unknownScore":
    "Score and phase unknown: a server without MatchZy does not report them over RCON.",
  "dashboard.unknownSummary":
    "Overall statistics unknown: a server without the plugin or MatchZy does not report them over RCON.",
  "summary.totalPlayers": "Players this map",
  "summary.note":
    "Totals of the current map, including players who have already left the server, so they can be higher than on the scoreboard.",
  "summary.totalKills": "Kills",
  "summary.totalDeaths": "Deaths",
  "summary.totalDamage": "Damage dealt",
  "summary.totalBombsPlanted": "Bombs planted",
  "summary.totalBombsDefused": "Bombs defused",
} as const satisfies Translation<typeof uk>;
