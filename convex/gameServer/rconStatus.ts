/**
 * What a plain CS2 server says about itself over RCON, parsed into the panel's shapes. Pure, so
 * real replies kept as fixtures (convex/testing/rcon.fixtures.ts) test it without a server.
 *
 * - `status_json` (CS2): map, and every client with SteamID64, name and whether it is a bot.
 *   A client without a name and with SteamID64 0 is counted as `nameless`, never listed: a slot
 *   still connecting (the text's `65535 [NoChan] … challenging` ghost rows) or, on an `sv_lan 1`
 *   server that skips Steam's check, every human. Its `clients_bot`/`clients_human` totals count
 *   those slots too (a real sample: 12 + 1 = 13 against 10 named bots, 1 human and 2 nameless
 *   slots), so the panel counts the clients it can name, never the totals.
 * - `status` (CS2 text, or the older `# userid name uniqueid …` table): hostname, map (CS2 prints
 *   it only in `loaded spawngroup(  1)`), players. Ghost rows (`65535 [NoChan] … challenging`)
 *   are skipped, and so is GOTV's row (a `BOT` named as its master, listed while a `sourcetv[0]`
 *   line says GOTV is up). CS2's text has no SteamIDs; the older table's `STEAM_1:Y:Z` are read.
 *   So it is the fallback, and the authority on who is connected when `status_json` cannot name
 *   its clients.
 * - A cvar read: CS2 prints `game_type = 0`, older servers `"game_type" = "0" ( def. "0" )`.
 *
 * Neither command reports teams, scores, the round or its phase, or any player stat: CS2 has no
 * vanilla console command for them. Those are marked unknown, and MatchZy's events fill them in
 * where it runs.
 */
import { GAME_MODES } from "../lib/gameApi";
import { GAME_PLAYERS_MAX, gameText } from "../lib/gameBounds";
import { isSteamId64, parseSteamId } from "../lib/steamId";
import { NO_PLAYER_STATS } from "../lib/playerStats";
import type { GameModeName, Player } from "../lib/validators";

/** SteamID the panel stores for bots (the plugin API and MatchZy report them as "0" too). */
export const BOT_STEAM_ID = "0";

export interface RconClientRow {
  name: string;
  /** SteamID64, or "0" for a bot; null when the output has none (CS2's `status` text). */
  steamId: string | null;
  bot: boolean;
  /** The console's number for the client (`status` only): what `kickid` takes. */
  userId?: string;
}

export interface RconStatus {
  hostname?: string;
  map?: string;
  clients: RconClientRow[];
  /** `status_json` only: clients it lists without a name or SteamID (see above). */
  nameless?: number;
}

/** The names GOTV's client goes by when its master's name is not printed (`tv_name` defaults). */
const GOTV_NAMES = new Set(["SourceTV", "CSTV", "GOTV"]);

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/** `status_json`; null when the text is not its JSON (an older server, or an error line). */
export function parseStatusJson(text: string): RconStatus | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(raw) || !isObject(raw.server)) return null;
  const server = raw.server;
  const clients: RconClientRow[] = [];
  let nameless = 0;
  const list = Array.isArray(server.clients) ? server.clients.slice(0, GAME_PLAYERS_MAX) : [];
  // GOTV is a proxy, not a player: a bot of its default names while the server counts a proxy.
  let proxies = typeof server.clients_proxies === "number" ? server.clients_proxies : 0;
  for (const c of list) {
    if (!isObject(c)) continue;
    const name = typeof c.name === "string" ? gameText(c.name, "name") : "";
    const bot = c.bot === true;
    const id = typeof c.steamid64 === "string" ? c.steamid64 : String(c.steamid64 ?? "");
    if (bot && proxies > 0 && GOTV_NAMES.has(name)) proxies--;
    else if (bot) clients.push({ name: name || "BOT", steamId: BOT_STEAM_ID, bot });
    else if (name && isSteamId64(id)) clients.push({ name, steamId: id, bot });
    else nameless++;
  }
  const map = gameText(server.map, "map");
  return { ...(map ? { map } : {}), clients, ...(nameless > 0 ? { nameless } : {}) };
}

const CS2_ROW = /^\s*(\d+)\s+(BOT|[\d:]+)\s+\d+\s+\d+\s+(\w+)\s+.*'(.*)'\s*$/;
const CSGO_ROW = /^#\s*(\d+)\s+(?:\d+\s+)?"(.*)"\s+(\S+)\s+/;

/** `status` as CS2 prints it, or the older table; null when it is neither. */
export function parseStatus(text: string): RconStatus | null {
  const lines = text.split(/\r?\n/);
  const field = (name: string) => {
    const re = new RegExp(`^${name}\\s*:\\s*(.*)$`);
    for (const line of lines) {
      const m = re.exec(line.trim());
      if (m) return m[1]!.trim();
    }
    return undefined;
  };
  const rawHostname = field("hostname");
  const hostname = rawHostname === undefined ? undefined : gameText(rawHostname, "hostname");
  const spawn = /loaded spawngroup\(\s*1\)\s*:\s*SV:\s*\[1:\s*([^\s|\]]+)/.exec(text)?.[1];
  const rawMap = spawn ?? field("map")?.split(/\s/)[0];
  const map = rawMap === undefined ? undefined : gameText(rawMap, "map");
  if (hostname === undefined && map === undefined) return null;
  // GOTV's own client: listed as a bot while GOTV is up, named as its master (`tv_name`).
  const gotvUp =
    /^\s*sourcetv(?:\[\d+\])?\s*:/im.test(text) || /--- SourceTV\[\d+\] Status ---/.test(text);
  let gotv = gotvUp ? (/^Master "([^"\n]{1,128})"/m.exec(text)?.[1] ?? null) : undefined;
  const isGotv = (name: string) => (gotv === null ? GOTV_NAMES.has(name) : name === gotv);
  const clients: RconClientRow[] = [];
  // The players' table only: GOTV's own status after it lists its spectators in the old form.
  const end = lines.findIndex((l) => l.trim() === "#end");
  for (const line of end >= 0 ? lines.slice(0, end) : lines) {
    if (clients.length >= GAME_PLAYERS_MAX) break;
    const cs2 = CS2_ROW.exec(line);
    if (cs2) {
      const [, id, time, state, name] = cs2;
      if (id === "65535" || state !== "active" || !name) continue;
      const bot = time === "BOT";
      if (bot && gotv !== undefined && isGotv(name)) {
        gotv = undefined;
        continue;
      }
      clients.push({
        name: gameText(name, "name"),
        steamId: bot ? BOT_STEAM_ID : null,
        bot,
        userId: id,
      });
      continue;
    }
    const csgo = CSGO_ROW.exec(line);
    if (csgo) {
      const [, userId, name = "", uniqueId = ""] = csgo;
      const bot = uniqueId === "BOT";
      if (bot && gotv !== undefined && isGotv(name)) {
        gotv = undefined;
        continue;
      }
      const id = bot ? null : parseSteamId(uniqueId);
      clients.push({
        name: gameText(name, "name"),
        steamId: bot ? BOT_STEAM_ID : id?.kind === "id64" ? id.steamId : null,
        bot,
        userId,
      });
    }
  }
  return { ...(hostname ? { hostname } : {}), ...(map ? { map } : {}), clients };
}

/** The value of a cvar read (`name = value` or `"name" = "value" …`); undefined if not there. */
export function parseCvar(text: string, name: string): string | undefined {
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*"?([A-Za-z0-9_]+)"?\s*=\s*(.*)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const rest = m[2]!.trim();
    const quoted = /^"([^"]*)"/.exec(rest);
    return quoted ? quoted[1]! : rest;
  }
  return undefined;
}

/** The panel's mode for a `game_type`/`game_mode` pair, if it is one of ours. */
export function modeOf(gameType: number, gameMode: number): GameModeName | undefined {
  for (const [name, mode] of Object.entries(GAME_MODES)) {
    if (mode.gameType === gameType && mode.gameMode === gameMode) return name as GameModeName;
  }
  return undefined;
}

/** A connected client as a player whose side and stats the server did not report. */
export function unknownStatsPlayer(client: RconClientRow): Player {
  return {
    ...NO_PLAYER_STATS,
    steamId: client.steamId ?? "",
    name: client.name || "—",
    team: "Unknown",
    statsUnknown: true,
  };
}
