/**
 * What a CS2 server can report, as bounds: every number and string a game server sends (plugin
 * API, RCON proxy, direct RCON, MatchZy push, CS2's log) passes through `gameNumber` /
 * `gameText` before anything loops over it, stores it or ranks it. A server is attacker
 * controlled: a score of 1e308 must not drive a loop, a kill count of 1e15 must not top a
 * leaderboard, a 200,000-character hostname must not ride along in every dashboard read.
 *
 * The ceilings are generous (no real map reaches them) yet keep every sum far below 2^53 and
 * every per-round loop short. Pure and dependency-free: shared by the backend and its tests.
 */

/** Inclusive `[min, max]` of each kind of number, and whether it is a whole number. */
export const GAME_NUMBERS = {
  /** A team's rounds won on one map: regulation (30) plus a very long overtime. */
  teamScore: { min: 0, max: 999, integer: true },
  /** A round number, or rounds played on one map (both teams' scores together). */
  round: { min: 0, max: 1998, integer: true },
  /** `mp_maxrounds`. */
  maxRounds: { min: 0, max: 999, integer: true },
  /** Players on one server at once (CS2's hard limit is 64 slots). */
  players: { min: 0, max: 64, integer: true },
  /** A player's scoreboard points on one map: team kills and suicides take it below zero. */
  points: { min: -9_999, max: 99_999, integer: true },
  /** A per-map count (kills, deaths, assists, MVPs, headshots, plants, flashes, …). */
  count: { min: 0, max: 9_999, integer: true },
  /** Damage one player dealt on one map (at most 100 health per hit player, many rounds). */
  damage: { min: 0, max: 9_999_999, integer: true },
  /** Kills per death, to two decimals. */
  ratio: { min: 0, max: 9_999, integer: false },
  /** Minutes a player has been on the server. */
  minutes: { min: 0, max: 525_600, integer: true },
  /** A summary total over every player seen on one map (count × players kept). */
  total: { min: 0, max: 9_999_999, integer: true },
  /** A summary damage total over every player seen on one map. */
  totalDamage: { min: 0, max: 999_999_999, integer: true },
  /** A timer in seconds (phase or bomb time left, a round's duration). */
  seconds: { min: 0, max: 3_600, integer: false },
  /** A map's number in a series (MatchZy's `map_number`, 0-based) or maps in a series. */
  mapNumber: { min: 0, max: 9, integer: true },
  /** A player's ping, or a request's round trip, in milliseconds. */
  millis: { min: 0, max: 600_000, integer: true },
  /** A player's packet loss, in per cent. */
  lossPercent: { min: 0, max: 100, integer: true },
  /** Server frames per second (CS2 servers run at 64 ticks; `stats` reports up to a few hundred). */
  fps: { min: 0, max: 10_000, integer: false },
  /** How long the server process has run, in seconds (ten years at most). */
  uptime: { min: 0, max: 315_360_000, integer: true },
  /** CS2's build number (`status`: `1.41.7.7/14177`; `status_json`: `build_version`). */
  build: { min: 0, max: 999_999_999, integer: true },
} as const;
export type GameNumberKind = keyof typeof GAME_NUMBERS;

/** Longest text of each kind, in UTF-16 units (CS2 itself cuts names at 128 bytes). */
export const GAME_TEXT = {
  /** A player's name. */
  name: 128,
  /** The server's `hostname`. */
  hostname: 128,
  /** A map, including a workshop path (`workshop/3070596702/de_cache`). */
  map: 128,
  /** A team's name (`mp_teamname_1`, MatchZy's teams). */
  team: 64,
  /** A SteamID in any of its forms (`STEAM_1:0:1`, `[U:1:2]`, 17 digits). */
  steamId: 32,
  /** A weapon's class name. */
  weapon: 64,
  /** A date-time as the plugin writes it. */
  time: 40,
  /** The game's version as `status` prints it (`1.41.7.7/14177`). */
  version: 40,
} as const;
export type GameTextKind = keyof typeof GAME_TEXT;

/**
 * The most bytes read from one game-server answer (plugin API, RCON proxy): a full `/players`
 * with every field filled stays far below it.
 */
export const GAME_BODY_MAX_BYTES = 256 * 1024;

/**
 * Players kept from one `/players` answer: the 64 on the server and those seen earlier on the
 * map (`offline`), which a long map can accumulate.
 */
export const GAME_PLAYERS_MAX = 256;

/**
 * A number a game server reported, as CS2 could have produced it: numeric strings are read,
 * anything that is not a finite number is 0, the value is clamped to its kind's range and
 * rounded (whole kinds to integers, the rest to two decimals).
 */
export function gameNumber(x: unknown, kind: GameNumberKind): number {
  const { min, max, integer } = GAME_NUMBERS[kind];
  const n = typeof x === "number" ? x : typeof x === "string" && x.trim() !== "" ? Number(x) : NaN;
  if (!Number.isFinite(n)) return clamp(0, min, max);
  const rounded = integer ? Math.round(n) : Math.round(n * 100) / 100;
  return clamp(rounded, min, max);
}

/** Whether `x` is a number CS2 could report as this kind, unchanged by `gameNumber`. */
export function isGameNumber(x: unknown, kind: GameNumberKind): x is number {
  return typeof x === "number" && gameNumber(x, kind) === x;
}

function clamp(n: number, min: number, max: number): number {
  // `+ 0` turns -0 into 0, which would otherwise survive into stored JSON as "-0".
  return Math.min(max, Math.max(min, n)) + 0;
}

/**
 * C0 and C1 control characters, DEL, and the Unicode line and paragraph separators: none of them
 * is ever part of what a player or a server shows, and they break XML (the badge), terminals and
 * one-line layouts.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * A string a game server reported, as CS2 could have produced it: numbers read as text, anything
 * else "", control characters removed, cut to its kind's length (never inside a surrogate pair).
 */
export function gameText(x: unknown, kind: GameTextKind): string {
  const raw = typeof x === "string" ? x : typeof x === "number" ? String(x) : "";
  return cutText(raw.replace(CONTROL, ""), GAME_TEXT[kind]);
}

/** `text` cut to at most `max` UTF-16 units without splitting a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/** Whether `x` holds a control character `gameText` would remove. */
export function hasControlCharacters(x: string): boolean {
  return x.search(CONTROL) !== -1;
}
