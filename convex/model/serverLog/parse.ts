/**
 * CS2's server log as `logaddress_add_http` posts it, read for what spectators see: kills, the
 * bomb, round ends. Pure, so real log lines are fixtures (parse.test.ts).
 *
 * What a POST looks like (Valve's `server_log_http_dispatcher.cpp` of the CS:GO source, which CS2
 * kept; checked against receivers that run on CS2: JensForstmann/tmt2, a Go receiver's headers):
 * - `Content-Type: text/plain`; the body is every line not yet acknowledged, each
 *   `MM/DD/YYYY - HH:MM:SS.mmm - <line>` and a newline, up to 250 KB per POST. One POST per
 *   listener is under way at a time; lines logged meanwhile go into the next one.
 * - Only `200 OK` acknowledges: after any other answer the same lines come again (with whatever
 *   was logged since). `410 Gone` removes the listener from the server. A POST times out after 10 s.
 * - Headers (read by nobody here; the secret is in the URL because CS2 cannot send our own):
 *   `X-Server-Addr`, `X-Timestamp`, `X-Tick-Start`, `X-Tick-End`, `X-SteamID`,
 *   `X-Server-Instance-Token`, `X-Server-Unique-Token` (only with `logaddress_token_secret`); CS2
 *   adds `X-Game-Map`, `X-Game-State`, `X-Game-ScoreCT`, `X-Game-ScoreT`,
 *   `X-LogBytes-BeginOffset`/`EndOffset` (seen by a CS2 receiver; not in the CS:GO source).
 * - Nothing is sent until `log on`: the dispatcher warns and waits while logging is off.
 *
 * Line forms (CS2, as tmt2's parser and its comments quote them):
 *   "Name<3><[U:1:12345678]><CT>" [622 2164 -97] killed "Bot<9><BOT><TERRORIST>" [1287 2165 1] with "ak47" (headshot penetrated)
 *   "Name<3><[U:1:12345678]><TERRORIST>" triggered "Planted_The_Bomb" at bombsite A
 *   "Name<4><[U:1:23456789]><CT>" triggered "Defused_The_Bomb"
 *   Team "CT" triggered "SFUI_Notice_Bomb_Defused" (CT "7") (T "3")
 *   World triggered "Round_Start"
 * The kill's parenthesised flags are any of `headshot`, `penetrated`, `noscope`, `throughsmoke`,
 * `attackerblind`, `attackerinair`, space-separated. Which of these CS2 writes for an assisted or
 * flash-assisted kill, and whether a site is always named after a plant, is not known to us: such
 * lines are skipped or read without the site. The older `L MM/DD/YYYY - HH:MM:SS: ` prefix (the UDP
 * and file log) is read too, for forwarders that relay it.
 */
import type { Side } from "../../lib/side";
import { parseSteamId } from "../../lib/steamId";
import type { Kill, KillPlayer } from "../../lib/killFeed";

export type LogEvent =
  | { kind: "kill"; kill: Kill }
  | { kind: "bombPlanted" }
  | { kind: "bombDefused" }
  | { kind: "roundStart" }
  | {
      kind: "roundEnd";
      winner: Side;
      /** The SFUI notice without its prefix: `Bomb_Defused`, `Target_Bombed`, `CTs_Win`, … */
      notice: string;
      scoreCT: number;
      scoreT: number;
    };

export interface ParsedLog {
  /** Lines that carried a log timestamp. */
  lines: number;
  /** What the panel uses, in the order it was logged. */
  events: LogEvent[];
}

const STAMP = String.raw`(\d{2}/\d{2}/\d{4} - \d{2}:\d{2}:\d{2}(?:\.\d{1,3})?)`;
/** The HTTP log's prefix (`… .mmm - `) or the file/UDP one (`L …: `). */
const LINE_RE = new RegExp(String.raw`^(?:L )?${STAMP}(?: - |: )(.*)$`);
const PLAYER = String.raw`"(.{1,128}?)<(\d{1,6})><([^<>"]{0,40})><(CT|TERRORIST|Unassigned|Spectator|)>"`;
const POSITION = String.raw`(?: \[-?\d+ -?\d+ -?\d+\])?`;
const KILL_RE = new RegExp(
  String.raw`^${PLAYER}${POSITION} killed ${PLAYER}${POSITION} with "([^"]{0,64})"(?: \(([a-z ]{0,80})\))?\s*$`,
);
const TRIGGER_RE = new RegExp(String.raw`^${PLAYER} triggered "([A-Za-z_]{1,40})"`);
const TEAM_RE =
  /^Team "(CT|TERRORIST)" triggered "SFUI_Notice_([A-Za-z_]{1,40})" \(CT "(\d{1,3})"\) \(T "(\d{1,3})"\)/;
const WORLD_RE = /^World triggered "(Round_Start|Round_End|Restart_Round_[A-Za-z0-9_]+)"/;
const WEAPON_RE = /^[a-z0-9_]{1,32}$/;
const NAME_MAX = 64;

function side(team: string): KillPlayer["side"] {
  return team === "CT" ? "CT" : team === "TERRORIST" ? "T" : undefined;
}

function player(name: string, id: string, team: string): KillPlayer {
  const bot = id === "BOT";
  const parsed = bot ? null : parseSteamId(id);
  const out: KillPlayer = {
    name: name.slice(0, NAME_MAX),
    steamId: parsed?.kind === "id64" ? parsed.steamId : "",
    bot,
  };
  const s = side(team);
  if (s) out.side = s;
  return out;
}

function readKill(stamp: string, m: RegExpExecArray): Kill {
  const flags = new Set((m[10] ?? "").split(" ").filter(Boolean));
  const weapon = (m[9] ?? "").toLowerCase();
  return {
    key: `${stamp}|${m[2]}|${m[6]}`,
    attacker: player(m[1]!, m[3]!, m[4]!),
    victim: player(m[5]!, m[7]!, m[8]!),
    weapon: WEAPON_RE.test(weapon) ? weapon : "?",
    headshot: flags.has("headshot"),
    penetrated: flags.has("penetrated"),
    noscope: flags.has("noscope"),
    throughSmoke: flags.has("throughsmoke"),
    attackerBlind: flags.has("attackerblind"),
  };
}

/** One log line's message (after its timestamp), or null when the panel does not use it. */
export function readLine(stamp: string, message: string): LogEvent | null {
  if (message.includes(" killed ")) {
    const m = KILL_RE.exec(message);
    return m ? { kind: "kill", kill: readKill(stamp, m) } : null;
  }
  if (message.startsWith("Team ")) {
    const m = TEAM_RE.exec(message);
    if (!m) return null;
    return {
      kind: "roundEnd",
      winner: m[1] === "CT" ? "CT" : "T",
      notice: m[2]!,
      scoreCT: Number(m[3]),
      scoreT: Number(m[4]),
    };
  }
  if (message.startsWith("World ")) {
    const m = WORLD_RE.exec(message);
    return m?.[1] === "Round_Start" ? { kind: "roundStart" } : null;
  }
  if (message.includes(" triggered ")) {
    const what = TRIGGER_RE.exec(message)?.[5];
    if (what === "Planted_The_Bomb") return { kind: "bombPlanted" };
    if (what === "Defused_The_Bomb") return { kind: "bombDefused" };
  }
  return null;
}

/** A POSTed body: its timestamped lines and the events among them. */
export function parseLogBody(body: string): ParsedLog {
  let lines = 0;
  const events: LogEvent[] = [];
  for (const raw of body.split("\n")) {
    const m = LINE_RE.exec(raw.replace(/\r$/, ""));
    if (!m) continue;
    lines++;
    const event = readLine(m[1]!, m[2]!);
    if (event) events.push(event);
  }
  return { lines, events };
}

/** What a batch leaves of the bomb: planted (and still ticking), gone, or not mentioned. */
export function bombAfter(events: LogEvent[]): "planted" | "gone" | null {
  let state: "planted" | "gone" | null = null;
  for (const event of events) {
    if (event.kind === "bombPlanted") state = "planted";
    else if (
      event.kind === "bombDefused" ||
      event.kind === "roundEnd" ||
      event.kind === "roundStart"
    ) {
      state = "gone";
    }
  }
  return state;
}

/** The batch's kills, newest first, at most `limit`. */
export function killsOf(events: LogEvent[], limit: number): Kill[] {
  const kills: Kill[] = [];
  for (let i = events.length - 1; i >= 0 && kills.length < limit; i--) {
    const event = events[i]!;
    if (event.kind === "kill") kills.push(event.kill);
  }
  return kills;
}

/**
 * A log timestamp (`MM/DD/YYYY - HH:MM:SS.mmm`, the game server's local time) as milliseconds on
 * one scale: only compared with other stamps of the same server, never with the panel's clock.
 */
export function stampMs(stamp: string): number {
  const m = /^(\d{2})\/(\d{2})\/(\d{4}) - (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?$/.exec(stamp);
  if (!m) return NaN;
  const ms = Number((m[7] ?? "0").padEnd(3, "0"));
  return Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2]), +m[4]!, +m[5]!, +m[6]!, ms);
}

/** The most kills of one batch counted by weapon (a batch after an outage may carry a match). */
export const LOGGED_KILLS_MAX = 2000;

/** Every kill of the batch as the match's weapon count needs it, in the order logged. */
export function loggedKillsOf(
  events: LogEvent[],
): { at: number; weapon: string; headshot: boolean }[] {
  const out: { at: number; weapon: string; headshot: boolean }[] = [];
  for (const event of events) {
    if (event.kind !== "kill" || out.length >= LOGGED_KILLS_MAX) continue;
    const at = stampMs(event.kill.key.slice(0, event.kill.key.indexOf("|")));
    if (!Number.isFinite(at)) continue;
    out.push({ at, weapon: event.kill.weapon, headshot: event.kill.headshot });
  }
  return out;
}

/** New kills in front of the stored ones, without those already stored; at most `limit`. */
export function mergeKills(stored: Kill[], fresh: Kill[], limit: number): Kill[] {
  const known = new Set(stored.map((k) => k.key));
  const added = fresh.filter((k) => !known.has(k.key));
  if (added.length === 0) return stored;
  return [...added, ...stored].slice(0, limit);
}
