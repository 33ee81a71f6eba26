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
 * Each line's grammar is in lines.ts; this file reads a body: the timestamps, the multi-line
 * `round_stats` block (JSON_BEGIN … JSON_END, written as a round starts with every player's totals
 * before it), and what a batch means for the kill feed and the bomb. The older
 * `L MM/DD/YYYY - HH:MM:SS: ` prefix (the UDP and file log) is read too, for forwarders that relay it.
 */
import type { Kill, KillPlayer } from "../../lib/killFeed";
import { readLogLine, type LogLine, type LogPlayer } from "./lines";
import { readRoundStats, type RoundStats } from "./roundStats";

/** A line the panel reads, with its log timestamp (the game server's local time). */
export type LogEvent = (LogLine | { kind: "roundStats"; stats: RoundStats }) & { stamp: string };

export interface ParsedLog {
  /** Lines that carried a log timestamp. */
  lines: number;
  /** What the panel uses, in the order it was logged. */
  events: LogEvent[];
}

const STAMP = String.raw`(\d{2}/\d{2}/\d{4} - \d{2}:\d{2}:\d{2}(?:\.\d{1,3})?)`;
/** The HTTP log's prefix (`… .mmm - `) or the file/UDP one (`L …: `). */
const LINE_RE = new RegExp(String.raw`^(?:L )?${STAMP}(?: - |: )(.*)$`);
/** The most rows one round_stats block may hold (a full server and its bots). */
const BLOCK_MAX_LINES = 80;

/** A POSTed body: its timestamped lines and the events among them. */
export function parseLogBody(body: string): ParsedLog {
  let lines = 0;
  const events: LogEvent[] = [];
  /** The rows of an open round_stats block, or null outside one. */
  let block: string[] | null = null;
  for (const raw of body.split("\n")) {
    const m = LINE_RE.exec(raw.replace(/\r$/, ""));
    if (!m) continue;
    lines++;
    const stamp = m[1]!;
    const message = m[2]!;
    if (message === "JSON_BEGIN{") {
      block = [];
      continue;
    }
    if (block) {
      // The block is written in one go; a row it cannot hold ends it unread.
      if (message === "}}JSON_END") {
        const stats = readRoundStats(block);
        if (stats) events.push({ kind: "roundStats", stats, stamp });
        block = null;
        continue;
      }
      if (message.startsWith('"') && !message.includes("<") && block.length < BLOCK_MAX_LINES) {
        block.push(message);
        continue;
      }
      block = null;
    }
    const line = readLogLine(message);
    if (line) events.push({ ...line, stamp });
  }
  return { lines, events };
}

/** A line's player as the kill feed shows one. */
export function feedPlayer(p: LogPlayer): KillPlayer {
  return {
    name: p.name.slice(0, 64),
    steamId: p.steamId,
    bot: p.bot,
    ...(p.side ? { side: p.side } : {}),
  };
}

/** A kill line as the feed stores it; its key is the line's own identity. */
export function feedKill(e: Extract<LogEvent, { kind: "kill" }>): Kill {
  return {
    key: `${e.stamp}|${e.attacker.userId}|${e.victim.userId}`,
    attacker: feedPlayer(e.attacker),
    victim: feedPlayer(e.victim),
    weapon: e.weapon,
    headshot: e.headshot,
    penetrated: e.penetrated,
    noscope: e.noscope,
    throughSmoke: e.throughSmoke,
    attackerBlind: e.attackerBlind,
  };
}

/** What a batch leaves of the bomb: planted (and still ticking), gone, or not mentioned. */
export function bombAfter(events: LogEvent[]): "planted" | "gone" | null {
  let state: "planted" | "gone" | null = null;
  for (const event of events) {
    if (event.kind === "bombPlanted") state = "planted";
    else if (
      event.kind === "bombDefusedBy" ||
      event.kind === "roundWon" ||
      event.kind === "roundEnd" ||
      event.kind === "roundStart" ||
      event.kind === "freezeStart"
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
    if (event.kind === "kill") kills.push(feedKill(event));
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

/** A kill as the match's weapon count needs it: when (ms, the server's clock) and what it was. */
export interface LoggedKill {
  at: number;
  /** Who killed whom with what: with `at`, the kill's identity (the file log stamps whole seconds). */
  key: string;
  weapon: string;
  headshot: boolean;
}

/** Every kill of the batch as the match's weapon count needs it, in the order logged. */
export function loggedKillsOf(events: LogEvent[]): LoggedKill[] {
  const out: LoggedKill[] = [];
  for (const event of events) {
    if (event.kind !== "kill" || out.length >= LOGGED_KILLS_MAX) continue;
    const at = stampMs(event.stamp);
    if (!Number.isFinite(at)) continue;
    const key = `${event.attacker.userId}|${event.victim.userId}|${event.weapon}`;
    out.push({ at, key, weapon: event.weapon, headshot: event.headshot });
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
