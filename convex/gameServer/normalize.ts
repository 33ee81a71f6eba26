/**
 * Turns untrusted game-server JSON into the panel's shapes. Anything malformed is rejected with a
 * GameServerError rather than stored: a broken server must never corrupt what viewers see.
 */
import type { WireMatch, WirePlayer, WirePlayers, WireSummary } from "../lib/gameApi";
import {
  vGameMode,
  vRoundPhase,
  type Match,
  type Player,
  type Summary,
  type Team,
} from "../lib/validators";
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

function num(x: unknown): number {
  const n = typeof x === "number" ? x : typeof x === "string" ? Number(x) : NaN;
  return Number.isFinite(n) ? n : 0;
}

function str(x: unknown, max = 128): string {
  return typeof x === "string" ? x.slice(0, max) : typeof x === "number" ? String(x) : "";
}

export function normalizePlayer(raw: unknown, team: Team): Player {
  if (!isObject(raw)) throw new GameServerError(SHAPE_ERROR, null);
  const p = raw as Partial<Record<keyof WirePlayer, unknown>>;
  const kills = num(p.kills);
  const deaths = num(p.deaths);
  return {
    steamId: str(p.steamId, 32),
    name: str(p.name) || "—",
    team,
    score: num(p.score),
    kills,
    deaths,
    assists: num(p.assists),
    kdRatio:
      p.kdRatio !== undefined
        ? num(p.kdRatio)
        : deaths === 0
          ? kills
          : Math.round((kills / deaths) * 100) / 100,
    mvp: num(p.mvp),
    headshots: num(p.headshots),
    chickenKills: num(p.chickenKills),
    totalDamage: num(p.totalDamage),
    bombPlants: num(p.bombPlants),
    bombDefuses: num(p.bombDefuses),
    grenadeKills: num(p.grenadeKills),
    grenadeDamageDealt: num(p.grenadeDamageDealt),
    enemiesFlashed: num(p.enemiesFlashed),
    knifeKills: num(p.knifeKills),
    zeusKills: num(p.zeusKills),
    playTimeMinutes: num(p.playTimeMinutes),
    roundsPlayed: num(p.roundsPlayed),
    firstSeen: str(p.firstSeen, 40),
    lastSeen: str(p.lastSeen, 40),
    lastWeaponUsed: str(p.lastWeaponUsed, 64),
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
    for (const p of list.slice(0, 256)) out.push(normalizePlayer(p, team));
  }
  return out;
}

/** A time left in seconds as the epoch ms it runs out at; undefined for null, junk or > 1 h. */
function endsAt(x: unknown, now: number): number | undefined {
  if (typeof x !== "number" || !Number.isFinite(x) || x < 0 || x > 3600) return undefined;
  return Math.round(now + x * 1000);
}

export function normalizeMatch(raw: unknown, now = Date.now()): Match {
  if (!isObject(raw)) throw new GameServerError(SHAPE_ERROR, null);
  const m = raw as Partial<Record<keyof WireMatch, unknown>>;
  if (typeof m.mapName !== "string") throw new GameServerError(SHAPE_ERROR, null);
  const phase = str(m.roundPhase);
  const mode = str(m.gameMode);
  const match: Match = {
    serverName: str(m.serverName),
    mapName: str(m.mapName),
    scoreCT: num(m.scoreCT),
    scoreT: num(m.scoreT),
    playersOnline: num(m.playersOnline),
    roundPhase: (PHASES.has(phase) ? phase : "live") as Match["roundPhase"],
  };
  if (MODES.has(mode)) match.gameMode = mode as Match["gameMode"];
  if (m.round !== undefined) match.round = num(m.round);
  if (m.maxRounds !== undefined) match.maxRounds = num(m.maxRounds);
  const teamCT = str(m.teamCT, 64).trim();
  const teamT = str(m.teamT, 64).trim();
  if (teamCT) match.teamCT = teamCT;
  if (teamT) match.teamT = teamT;
  const phaseEnds = match.roundPhase === "paused" ? undefined : endsAt(m.timeLeftSec, now);
  const bombEnds = match.roundPhase === "live" ? endsAt(m.bombTimeLeftSec, now) : undefined;
  if (phaseEnds !== undefined) match.phaseEndsAt = phaseEnds;
  if (bombEnds !== undefined) match.bombEndsAt = bombEnds;
  return match;
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
    totalPlayers: num(s.totalPlayers),
    totalKills: num(s.totalKills),
    totalDeaths: num(s.totalDeaths),
    totalDamage: num(s.totalDamage),
    totalBombsPlanted: num(s.totalBombsPlanted),
    totalBombsDefused: num(s.totalBombsDefused),
  };
}
