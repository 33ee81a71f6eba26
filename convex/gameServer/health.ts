/**
 * What a game server says about its own health, from answers the poll receives anyway: the
 * plugin's `/match` `health` block (plugin API and RCON proxy), and over direct RCON the
 * `status_json` header, the `status` text (version, each player's ping and loss) and `stats`
 * (frames per second, frame time). Everything is bounded here: a server is attacker controlled.
 */
import { GAME_PLAYERS_MAX, gameNumber, gameText } from "../lib/gameBounds";
import type { PlayerLink, PollHealth } from "../lib/validators";

/** Players whose link is kept: the 64 slots of a server. */
const LINKS_MAX = 64;

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

const isNumeric = (x: unknown) =>
  (typeof x === "number" && Number.isFinite(x)) ||
  (typeof x === "string" && /^\s*\d+(\.\d+)?\s*$/.test(x));

/** The build number of a `1.41.7.7/14177` version; undefined when it has none. */
export function buildOf(version: string): number | undefined {
  const m = /\/(\d{1,9})\b/.exec(version);
  return m ? gameNumber(m[1], "build") : undefined;
}

function linksOf(raw: unknown): PlayerLink[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const links: PlayerLink[] = [];
  for (const x of raw.slice(0, GAME_PLAYERS_MAX)) {
    if (!isObject(x) || links.length >= LINKS_MAX) continue;
    const name = gameText(x.name, "name");
    if (!name) continue;
    links.push({
      name,
      ping: gameNumber(x.ping, "millis"),
      loss: gameNumber(x.loss, "lossPercent"),
    });
  }
  return links;
}

/** `/match`'s `health` block; undefined when the plugin sends none. */
export function normalizeHealth(raw: unknown): PollHealth | undefined {
  if (!isObject(raw) || !isObject(raw.health)) return undefined;
  const h = raw.health;
  const health: PollHealth = {};
  const version = gameText(h.version, "version").trim();
  if (version) {
    health.version = version;
    const build = buildOf(version);
    if (build !== undefined) health.build = build;
  }
  if (isNumeric(h.uptimeSec)) health.uptimeSec = gameNumber(h.uptimeSec, "uptime");
  if (isNumeric(h.fps)) health.fps = gameNumber(h.fps, "fps");
  if (isNumeric(h.frameMs)) health.frameMs = gameNumber(h.frameMs, "seconds");
  const links = linksOf(h.links);
  if (links) health.links = links;
  return health;
}

/** `status_json`'s header: the process uptime and the build. */
export function healthFromStatusJson(text: string): PollHealth {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {};
  }
  if (!isObject(raw)) return {};
  const health: PollHealth = {};
  if (isNumeric(raw.process_uptime)) health.uptimeSec = gameNumber(raw.process_uptime, "uptime");
  if (isNumeric(raw.build_version)) health.build = gameNumber(raw.build_version, "build");
  return health;
}

// `  id     time ping loss      state   rate adr name` rows of CS2's `status`.
// The name is everything between the first quote after the address and the last one.
const STATUS_ROW = /^\s*\d+\s+(?:BOT|[\d:]+)\s+(\d+)\s+(\d+)\s+\w+\s+[^']*'(.*)'\s*$/;

/** CS2's `status` text: the version line and each human's ping and loss. */
export function healthFromStatus(text: string): PollHealth {
  const health: PollHealth = {};
  const links: PlayerLink[] = [];
  for (const line of text.split(/\r?\n/, 400)) {
    const version = /^version\s*:\s*(\S+)/.exec(line.trim());
    if (version) {
      health.version = gameText(version[1], "version");
      const build = buildOf(health.version);
      if (build !== undefined) health.build = build;
      continue;
    }
    if (/^\s*\d+\s+BOT\s/.test(line) || links.length >= LINKS_MAX) continue;
    const row = STATUS_ROW.exec(line);
    const name = row ? gameText(row[3], "name") : "";
    if (row && name) {
      links.push({
        name,
        ping: gameNumber(row[1], "millis"),
        loss: gameNumber(row[2], "lossPercent"),
      });
    }
  }
  if (links.length > 0 || health.version) health.links = links;
  return health;
}

/**
 * CS2's `stats`:
 *
 *     CPU   NetIn   NetOut    Uptime  Maps   FPS   Players  Svms    +-ms   ~tick
 *     10.0      0.0      0.0       5     0  128.00       0    0.88    0.12    0.45
 *
 * The column names say where FPS and the frame time (`Svms`) are; uptime is in minutes.
 */
export function healthFromStats(text: string): PollHealth {
  const lines = text.split(/\r?\n/, 20).map((l) => l.trim());
  const at = lines.findIndex((l) => /\bFPS\b/i.test(l));
  if (at < 0 || at + 1 >= lines.length) return {};
  const names = lines[at]!.split(/\s+/).map((n) => n.toLowerCase());
  const values = lines[at + 1]!.split(/\s+/);
  const value = (name: string) => {
    const i = names.indexOf(name);
    return i >= 0 && isNumeric(values[i]) ? values[i] : undefined;
  };
  const health: PollHealth = {};
  const fps = value("fps");
  const svms = value("svms");
  if (fps !== undefined) health.fps = gameNumber(fps, "fps");
  if (svms !== undefined) health.frameMs = gameNumber(svms, "seconds");
  return health;
}
