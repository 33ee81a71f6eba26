/**
 * One poll of a plain CS2 server over RCON: the commands it sends on one connection and how
 * their replies become the panel's match, totals and player list. Pure apart from `exec`, so it
 * runs against fixtures in tests and over a real connection in the direct-RCON action.
 */
import { GAME_NUMBERS, gameNumber, gameText } from "../lib/gameBounds";
import { ACTION_TEXTS } from "../lib/texts/actions";
import type { Match, Player, PollResult, Summary } from "../lib/validators";
import { healthFromStats, healthFromStatus, healthFromStatusJson } from "./health";
import { tvPortOf } from "./normalize";
import {
  modeOf,
  parseCvar,
  parseStatus,
  parseStatusJson,
  unknownStatsPlayer,
  type RconStatus,
} from "./rconStatus";

export type Exec = (command: string) => Promise<string>;

/** Cvars read on every poll, after `status_json`. */
const CVARS = [
  "hostname",
  "game_type",
  "game_mode",
  "mp_maxrounds",
  "tv_enable",
  "tv_port",
] as const;

const ZERO_SUMMARY: Summary = {
  totalPlayers: 0,
  totalKills: 0,
  totalDeaths: 0,
  totalDamage: 0,
  totalBombsPlanted: 0,
  totalBombsDefused: 0,
};

/** Thrown when the replies are not what a CS2 server says (the address is some other service). */
export class RconPollError extends Error {}

/**
 * Runs the poll's commands in order and builds the result. `status_json` is CS2's; a server that
 * does not know it is read from `status` instead (names only: CS2 prints no SteamIDs there).
 */
export async function pollOverRcon(
  exec: Exec,
  withPlayers: boolean,
): Promise<Extract<PollResult, { ok: true }>> {
  const jsonText = await exec("status_json");
  const json = parseStatusJson(jsonText);
  // Clients status_json cannot name (every human on an `sv_lan 1` server, or slots still
  // connecting): the text names who is really connected.
  const statusText = !json || json.nameless ? await exec("status") : undefined;
  const status = json ? withNameless(json, statusText) : parseStatus(statusText ?? "");
  if (!status?.map) throw new RconPollError(ACTION_TEXTS["refusal.actions.rconNotCs2"]);
  const cvars: Partial<Record<(typeof CVARS)[number], string>> = {};
  for (const name of CVARS) cvars[name] = parseCvar(await exec(name), name);
  const gameType = Number(cvars.game_type);
  const gameMode = Number(cvars.game_mode);
  const maxRounds = Number(cvars.mp_maxrounds);
  const knownMaxRounds =
    Number.isInteger(maxRounds) && maxRounds > 0 && maxRounds <= GAME_NUMBERS.maxRounds.max;
  const mode = cvars.game_type && cvars.game_mode ? modeOf(gameType, gameMode) : undefined;
  const match: Match = {
    serverName: gameText(cvars.hostname ?? status.hostname, "hostname"),
    mapName: status.map,
    scoreCT: 0,
    scoreT: 0,
    playersOnline: gameNumber(status.clients.length, "players"),
    roundPhase: "live",
    ...(mode ? { gameMode: mode } : {}),
    ...(knownMaxRounds ? { maxRounds } : {}),
    unknown: ["score", "phase", "totals"],
  };
  const players: Player[] = status.clients.map(unknownStatsPlayer);
  const tvPort = gotvPort(cvars.tv_enable, cvars.tv_port);
  // The version line, pings and frame rate ride with the players' fetch (every 15-30 s while
  // someone watches), not every 5 s poll: two more commands on the same connection.
  const health = {
    ...healthFromStatusJson(jsonText),
    ...(withPlayers || statusText !== undefined
      ? healthFromStatus(statusText ?? (await exec("status")))
      : {}),
    ...(withPlayers ? healthFromStats(await exec("stats")) : {}),
  };
  return {
    ok: true,
    match,
    summary: ZERO_SUMMARY,
    ...(withPlayers ? { players } : {}),
    ...(tvPort !== undefined ? { tvPort } : {}),
    health,
  };
}

/**
 * `status_json` with nameless clients, read with `status`: its active rows are who is connected
 * (ghost slots are not rows), each with the SteamID status_json gave its name where one did.
 */
function withNameless(json: RconStatus, statusText: string | undefined): RconStatus {
  const text = parseStatus(statusText ?? "");
  if (!text) return json;
  const ids = new Map<string, string | null>();
  for (const c of json.clients) ids.set(c.name, ids.has(c.name) ? null : c.steamId);
  const clients = text.clients.map((c) => ({
    ...c,
    steamId: c.steamId ?? ids.get(c.name) ?? null,
  }));
  return { ...json, clients, nameless: json.nameless! };
}

/**
 * GOTV from `tv_enable` (CS2 prints `true`/`false`, older servers 1/0) and `tv_port`: the port
 * while it is on, null while off, undefined when the server did not answer either read.
 */
export function gotvPort(enable: string | undefined, port: string | undefined) {
  if (enable === undefined) return undefined;
  const on = enable === "true" || enable === "1";
  if (!on) return enable === "false" || enable === "0" ? null : undefined;
  // CS2's default tv_port, should the read fail while GOTV is on.
  return tvPortOf(port) ?? 27020;
}
