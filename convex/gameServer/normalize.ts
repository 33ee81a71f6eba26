/**
 * Turns untrusted game-server JSON into the panel's shapes. Anything malformed is rejected with a
 * GameServerError rather than stored: a broken server must never corrupt what viewers see.
 */
import type { WireMatch, WirePlayer, WirePlayers, WireSummary } from "../lib/gameApi";
import {
  vGameMode,
  vRoundPhase,
  type EndedMap,
  type Match,
  type Player,
  type Summary,
  type Team,
} from "../lib/validators";
import {
  GAME_NUMBERS,
  GAME_PLAYERS_MAX,
  gameNumber,
  gameText,
  type GameNumberKind,
  type GameTextKind,
} from "../lib/gameBounds";
import { GameServerError } from "./request";

const SHAPE_ERROR = "Unexpected response shape from server";

const GROUPS: [keyof WirePlayers, Team][] = [
  ["terrorists", "Terrorist"],
  ["counterTerrorists", "Counter-Terrorist"],
  ["spectators", "Spectator"],
  ["offline", "Offline"],
];

const PHASES: ReadonlySet<string> = new Set(vRoundPhase.members.map((m) => m.value));
const MODES: ReadonlySet<string> = new Set(vGameMode.members.map((m) => m.value));

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

export function normalizePlayer(raw: unknown, team: Team): Player {
  if (!isObject(raw)) throw new GameServerError(SHAPE_ERROR, null);
  const p = raw as Partial<Record<keyof WirePlayer, unknown>>;
  const num = (key: keyof WirePlayer, kind: GameNumberKind = "count") => gameNumber(p[key], kind);
  const str = (key: keyof WirePlayer, kind: GameTextKind) => gameText(p[key], kind);
  const kills = num("kills");
  const deaths = num("deaths");
  return {
    steamId: str("steamId", "steamId"),
    name: str("name", "name") || "—",
    team,
    score: num("score", "points"),
    kills,
    deaths,
    assists: num("assists"),
    kdRatio: gameNumber(
      p.kdRatio !== undefined ? p.kdRatio : deaths === 0 ? kills : kills / deaths,
      "ratio",
    ),
    mvp: num("mvp"),
    headshots: num("headshots"),
    chickenKills: num("chickenKills"),
    totalDamage: num("totalDamage", "damage"),
    bombPlants: num("bombPlants"),
    bombDefuses: num("bombDefuses"),
    grenadeKills: num("grenadeKills"),
    grenadeDamageDealt: num("grenadeDamageDealt", "damage"),
    enemiesFlashed: num("enemiesFlashed"),
    knifeKills: num("knifeKills"),
    zeusKills: num("zeusKills"),
    playTimeMinutes: num("playTimeMinutes", "minutes"),
    roundsPlayed: num("roundsPlayed", "round"),
    firstSeen: str("firstSeen", "time"),
    lastSeen: str("lastSeen", "time"),
    lastWeaponUsed: str("lastWeaponUsed", "weapon"),
  };
}

/** Flattens the four groups; a player's team is the group he is listed in. */
export function normalizePlayers(raw: unknown): Player[] {
  if (!isObject(raw)) throw new GameServerError(SHAPE_ERROR, null);
  const out: Player[] = [];
  for (const [group, team] of GROUPS) {
    const list = raw[group];
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw new GameServerError(SHAPE_ERROR, null);
    for (const p of list.slice(0, GAME_PLAYERS_MAX - out.length)) {
      out.push(normalizePlayer(p, team));
    }
  }
  return out;
}

/** A time left in seconds as the epoch ms it runs out at; undefined for null, junk or > 1 h. */
function endsAt(x: unknown, now: number): number | undefined {
  const { max } = GAME_NUMBERS.seconds;
  if (typeof x !== "number" || !Number.isFinite(x) || x < 0 || x > max) return undefined;
  return Math.round(now + x * 1000);
}

export function normalizeMatch(raw: unknown, now = Date.now()): Match {
  if (!isObject(raw)) throw new GameServerError(SHAPE_ERROR, null);
  const m = raw as Partial<Record<keyof WireMatch, unknown>>;
  if (typeof m.mapName !== "string") throw new GameServerError(SHAPE_ERROR, null);
  const phase = typeof m.roundPhase === "string" ? m.roundPhase : "";
  const mode = typeof m.gameMode === "string" ? m.gameMode : "";
  const match: Match = {
    serverName: gameText(m.serverName, "hostname"),
    mapName: gameText(m.mapName, "map"),
    scoreCT: gameNumber(m.scoreCT, "teamScore"),
    scoreT: gameNumber(m.scoreT, "teamScore"),
    playersOnline: gameNumber(m.playersOnline, "players"),
    roundPhase: (PHASES.has(phase) ? phase : "live") as Match["roundPhase"],
  };
  if (MODES.has(mode)) match.gameMode = mode as Match["gameMode"];
  if (m.round !== undefined) match.round = gameNumber(m.round, "round");
  if (m.maxRounds !== undefined) match.maxRounds = gameNumber(m.maxRounds, "maxRounds");
  const teamCT = gameText(m.teamCT, "team").trim();
  const teamT = gameText(m.teamT, "team").trim();
  if (teamCT) match.teamCT = teamCT;
  if (teamT) match.teamT = teamT;
  const phaseEnds = match.roundPhase === "paused" ? undefined : endsAt(m.timeLeftSec, now);
  const bombEnds = match.roundPhase === "live" ? endsAt(m.bombTimeLeftSec, now) : undefined;
  if (phaseEnds !== undefined) match.phaseEndsAt = phaseEnds;
  if (bombEnds !== undefined) match.bombEndsAt = bombEnds;
  return match;
}

/**
 * The last map a `/match` answer says was played to its end: null when it says none has, undefined
 * when it does not say (an older plugin) or says something that is not such a map.
 */
export function normalizeLastMap(raw: unknown): EndedMap | null | undefined {
  if (!isObject(raw) || !("lastMap" in raw)) return undefined;
  const ended = raw.lastMap;
  if (ended === null) return null;
  if (!isObject(ended)) return undefined;
  const mapName = gameText(ended.mapName, "map");
  const endedAt = gameText(ended.endedAt, "time");
  if (!mapName || !endedAt) return undefined;
  return {
    mapName,
    scoreCT: gameNumber(ended.scoreCT, "teamScore"),
    scoreT: gameNumber(ended.scoreT, "teamScore"),
    endedAt,
  };
}

/**
 * The GOTV port a `/match` answer reports: a port while GOTV is on, null while it is off,
 * undefined when the plugin does not say (or says something that is not a port).
 */
export function normalizeTvPort(raw: unknown): number | null | undefined {
  if (!isObject(raw) || !("tvPort" in raw)) return undefined;
  return raw.tvPort === null ? null : tvPortOf(raw.tvPort);
}

/** A TCP/UDP port number, from a number or a console's text; undefined for anything else. */
export function tvPortOf(x: unknown): number | undefined {
  const n =
    typeof x === "number"
      ? x
      : typeof x === "string" && /^\d{1,5}$/.test(x.trim())
        ? Number(x)
        : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 65535 ? n : undefined;
}

export function normalizeSummary(raw: unknown): Summary {
  if (!isObject(raw)) throw new GameServerError(SHAPE_ERROR, null);
  const s = raw as Partial<Record<keyof WireSummary, unknown>>;
  return {
    totalPlayers: gameNumber(s.totalPlayers, "total"),
    totalKills: gameNumber(s.totalKills, "total"),
    totalDeaths: gameNumber(s.totalDeaths, "total"),
    totalDamage: gameNumber(s.totalDamage, "totalDamage"),
    totalBombsPlanted: gameNumber(s.totalBombsPlanted, "total"),
    totalBombsDefused: gameNumber(s.totalBombsDefused, "total"),
  };
}
