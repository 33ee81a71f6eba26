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
import { CHAT_TEXT_MAX, CONDUCT_NAME_MAX, type ChatIn } from "../../lib/conductFields";
import { cutText, gameText } from "../../lib/gameBounds";
import { isSteamId64 } from "../../lib/steamId";
import { readLogLine, type LogLine, type LogPlayer } from "./lines";
import { FOLD_CVARS, FOLD_KINDS, lineId, type FoldEvent, type FoldLine } from "./matchLog";
import { readRoundStats, type RoundStats } from "./roundStats";

/** A line the panel reads, with its log timestamp (the game server's local time). */
export type LogEvent = (LogLine | { kind: "roundStats"; stats: RoundStats }) & {
  stamp: string;
  /**
   * The line's identity within its stamp: its text's hash and how many times the same text came
   * before it at that stamp (a cvar set back and forth within a second is three lines).
   */
  id: number;
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
/** The most rows one round_stats block may hold (a full server and its bots). */
const BLOCK_MAX_LINES = 80;

/** A POSTed body: its timestamped lines and the events among them. */
export function parseLogBody(body: string): ParsedLog {
  let lines = 0;
  const events: LogEvent[] = [];
  /** The rows of an open round_stats block, or null outside one. */
  let block: string[] | null = null;
  let blockText = "";
  let seenStamp = "";
  const seen = new Map<number, number>();
  const idOf = (stamp: string, text: string) => {
    if (stamp !== seenStamp) {
      seen.clear();
      seenStamp = stamp;
    }
    const h = lineId(text);
    const n = seen.get(h) ?? 0;
    seen.set(h, n + 1);
    return n === 0 ? h : lineId(`${n}#${text}`);
  };
  for (const raw of body.split("\n")) {
    const m = LINE_RE.exec(raw.replace(/\r$/, ""));
    if (!m) continue;
    lines++;
    const stamp = m[1]!;
    const message = m[2]!;
    if (message === "JSON_BEGIN{") {
      block = [];
      blockText = "";
      continue;
    }
    if (block) {
      // The block is written in one go; a row it cannot hold ends it unread.
      if (message === "}}JSON_END") {
        const stats = readRoundStats(block);
        if (stats) {
          events.push({ kind: "roundStats", stats, stamp, id: idOf(stamp, blockText) });
        }
        block = null;
        continue;
      }
      if (message.startsWith('"') && !message.includes("<") && block.length < BLOCK_MAX_LINES) {
        block.push(message);
        blockText += message;
        continue;
      }
      block = null;
    }
    const line = readLogLine(message);
    if (!line) continue;
    events.push({ ...line, stamp, id: idOf(stamp, message) });
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

/** The batch's lines the match fold reads, with their log time and identity, in the order logged. */
export function foldEventsOf(events: LogEvent[]): FoldEvent[] {
  const out: FoldEvent[] = [];
  for (const event of events) {
    if (!FOLD_KINDS.has(event.kind)) continue;
    const at = stampMs(event.stamp);
    if (!Number.isFinite(at)) continue;
    const { stamp: _stamp, id, ...line } = event;
    // Of the cvars only those the match needs travel on (a dump also holds passwords).
    if (line.kind === "cvar" && !FOLD_CVARS.has(line.name)) continue;
    out.push({ at, id, line: line as FoldLine });
  }
  return out;
}

/** The most chat lines one batch hands on (a batch after an outage may carry a whole match). */
export const CHAT_LINES_MAX = 300;

/**
 * The batch's chat of real players (bots and the console never chat), in the order logged: the
 * text stays data, never read as another line (lines.ts). Each line's age is measured against the
 * batch's last stamp, so lines that waited in a big batch keep their spacing.
 */
export function chatOf(events: LogEvent[]): ChatIn[] {
  const chat = events.filter(
    (e): e is Extract<LogEvent, { kind: "chat" }> =>
      e.kind === "chat" && !e.player.bot && isSteamId64(e.player.steamId),
  );
  const last = events.length > 0 ? stampMs(events[events.length - 1]!.stamp) : NaN;
  return chat.slice(-CHAT_LINES_MAX).map((e) => {
    const at = stampMs(e.stamp);
    const ago = Number.isFinite(at) && Number.isFinite(last) ? Math.max(0, last - at) : 0;
    return {
      key: `${e.stamp}#${e.id}`,
      ago: Math.min(ago, 24 * 3600_000),
      name: gameText(e.player.name, "name").slice(0, CONDUCT_NAME_MAX),
      steamId: e.player.steamId,
      ...(e.player.side ? { side: e.player.side } : {}),
      teamOnly: e.teamOnly,
      text: cutText(e.text.replace(CONTROL_CHARS, ""), CHAT_TEXT_MAX),
    };
  });
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
