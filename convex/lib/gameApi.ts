/**
 * Wire shapes of the game-server APIs the panel talks to: the HTTP plugin API (base `<url>/api`)
 * and the RCON proxy (`<url>/rcon/*`). The simulator in `dev/sim` serves exactly these shapes and
 * the Convex game-server clients parse them, so this file is the single contract between the two.
 * Documented for humans in `docs/game-server-api.md`.
 *
 * SteamID64 values are always strings: 17-digit ids do not fit in a JS number (2^53).
 * Shapes the panel stores are declared once, as validators in `validators.ts`; the wire types
 * below derive from them.
 */
import type { EndedMap, GameModeName, Match, Player, Summary, Team } from "./validators";
import type { LaunchPayload } from "./tournamentFields";

export type { RoundPhase, GameModeName } from "./validators";

/** A player's side as `/players` groups him. */
export type WireTeam = Team;

/** One player as `/players` reports him; the field list of `vPlayer`, nothing more. */
export type WirePlayer = Player;

/** `GET /players`: connected players by side, plus `offline` (seen on this map, stats kept). */
export interface WirePlayers {
  terrorists: WirePlayer[];
  counterTerrorists: WirePlayer[];
  spectators: WirePlayer[];
  offline: WirePlayer[];
}

/**
 * `GET /match`: every field of the stored match is always sent by the plugin (the clocks as time
 * left, stored as when they run out); `teamCT`/`teamT` are
 * the names CS2's team entities carry by side (`mp_teamname_1/2`, following the halftime swap),
 * `""` when none is set.
 */
export type WireMatch = Required<
  Omit<Match, "phaseEndsAt" | "bombEndsAt" | "unknown" | "upcoming">
> & {
  /**
   * Seconds left in the current phase (warmup, freezetime, the round, the pause before the next
   * round), null while no timer runs (paused, warmup held). A CounterStrikeSharp plugin reads it
   * from the game rules (`RoundStartTime` + `RoundTime`, `FreezePeriod`).
   */
  timeLeftSec: number | null;
  /** Seconds until the planted bomb explodes (the C4's `C4Blow`), null while none is planted. */
  bombTimeLeftSec: number | null;
  /**
   * The GOTV (CSTV) port (`tv_port`) while `tv_enable` is on, null while GOTV is off. A plugin
   * that leaves it out is read as "cannot tell", and the panel offers no GOTV link for it.
   */
  tvPort?: number | null;
  /**
   * How the server itself is doing, read by the plugin from the engine (`status`, `stats`): the
   * panel's health view takes it with the poll it makes anyway. Every field may be left out.
   */
  health?: WireHealth;
  /**
   * The last map played to its end on this server (from the game's match-end event), kept across
   * map changes until the next one ends; null while none has since the plugin started. A poll
   * that missed the deciding round and the map change learns from it how the map ended.
   */
  lastMap?: WireEndedMap | null;
};

/** `/match`'s `lastMap`: the map, its final score by side, and the server's time of the end. */
export type WireEndedMap = EndedMap;

/** `/match`'s `health` block. */
export interface WireHealth {
  /** `1.41.7.7/14177`, as `status` prints it. */
  version?: string;
  uptimeSec?: number;
  fps?: number;
  /** Server frame time, ms. */
  frameMs?: number;
  /** Each connected human's ping (ms) and packet loss (per cent). */
  links?: { name: string; ping: number; loss: number }[];
}

/** `GET /summary`: totals over every player seen on the current map. */
export type WireSummary = Summary;

/** `GET /status`: the cheap liveness check. */
export interface WireStatus {
  status: "Online";
  timestamp: string;
  serverName: string;
  mapName: string;
  playersOnline: number;
  maxPlayers: number;
  passwordProtected: boolean;
}

/** One entry of `GET /private/banlist` → `{ result: WireBan[] }`. `duration` in minutes, "0" = permanent. */
export interface WireBan {
  steamId: string;
  duration: string;
  reason?: string;
  bannedAt: string;
  expiresAt: string | null;
}

export interface WireBanList {
  result: WireBan[];
}

/**
 * `GET /private/backups`: CS2's round backup files on the server (`mp_backup_round_auto` on or
 * off, and each file with the rounds played when it was written and the score by side then).
 * `POST /private/backups/restore {"file": "<name>"}` loads one (`mp_backup_restore_load_file`).
 */
export interface WireBackups {
  auto: boolean;
  files: {
    file: string;
    round: number;
    scoreCT: number;
    scoreT: number;
    map: string;
    writtenAt: string;
  }[];
}

/** Answer of every private POST/PUT (`/private/*`) and of `POST /rcon/command`. */
export interface WireCommandResult {
  success: boolean;
  /** Console output, when the action produced any. */
  result?: string;
  message?: string;
}

/** Error body of every non-2xx answer. */
export interface WireError {
  error: string;
  details?: string;
}

/** `POST /private/launch_game` body. */
export type WireLaunchGame = LaunchPayload;

/** Header names. */
export const API_KEY_HEADER = "X-API-Key";
export const PROXY_HOST_HEADER = "X-Target-Host";
export const PROXY_PORT_HEADER = "X-Target-Port";
export const PROXY_PASSWORD_HEADER = "X-Rcon-Password";

/** Criteria accepted by `/players/top/{criterion}`. */
export const TOP_CRITERIA = [
  "score",
  "kills",
  "deaths",
  "assists",
  "kdRatio",
  "mvp",
  "headshots",
  "totalDamage",
  "knifeKills",
  "zeusKills",
  "chickenKills",
  "grenadeKills",
] as const;
export type TopCriterion = (typeof TOP_CRITERIA)[number];

/** Game modes → console values (`game_type`/`game_mode` pairs of CS2's gamemodes.txt). */
export const GAME_MODES: Record<
  GameModeName,
  { alias: string; gameType: number; gameMode: number }
> = {
  casual: { alias: "casual", gameType: 0, gameMode: 0 },
  competitive: { alias: "competitive", gameType: 0, gameMode: 1 },
  wingman: { alias: "wingman", gameType: 0, gameMode: 2 },
  arms_race: { alias: "armsrace", gameType: 1, gameMode: 0 },
  deathmatch: { alias: "deathmatch", gameType: 1, gameMode: 2 },
  custom: { alias: "custom", gameType: 3, gameMode: 0 },
};
