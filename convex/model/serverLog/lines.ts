/**
 * The grammar of one CS2 log line (the text after its timestamp), for every form the panel reads.
 * Pure: real log lines are its fixtures (lines.test.ts, and the real logs the replay tests read).
 *
 * Player names, chat and team names are free text inside these lines: a name may hold `"`, `<` and
 * `>`, and a chat line can spell out a whole other line. So the grammar is anchored at both ends,
 * and it is made unambiguous by one rule: a player appears as `"<name><userid><steam id>[<team>]"`,
 * and the part `<userid><steam id>[<team>]"` (a *player end*) never occurs inside free text. A
 * line whose free text holds one is read as nothing (it could be another line). Every form then
 * has a fixed number of player ends at fixed places, and the fixed parts between and after them
 * are matched exactly, so no text a player controls can move where a form's fields are read.
 * Lines that do not start with `"` (World, Team, MatchStatus, Game Over, cvars, rcon echoes) are
 * written by the game alone; their only free part (a team name) is at their very end.
 *
 * Numbers are bounded here to what CS2 can write (a hostile forwarder can send anything).
 */
import { GAME_NUMBERS, GAME_TEXT } from "../../lib/gameBounds";
import type { Side } from "../../lib/side";
import { parseSteamId } from "../../lib/steamId";

/** A player as a line names one. */
export interface LogPlayer {
  name: string;
  /** The server's slot/user id (`<12>`): tells two players of one name apart. */
  userId: number;
  /** SteamID64; "" for a bot or an id the log does not give. */
  steamId: string;
  bot: boolean;
  /** The side the line puts the player on; absent for spectators, unassigned, or not given. */
  side?: Side;
}

export type LogTeam = Side | "Spectator" | "Unassigned";

/** A kill's flags, as CS2 writes them in parentheses after the weapon. */
export interface KillFlags {
  headshot: boolean;
  penetrated: boolean;
  noscope: boolean;
  throughSmoke: boolean;
  attackerBlind: boolean;
}

export type LogLine =
  | ({ kind: "kill"; attacker: LogPlayer; victim: LogPlayer; weapon: string } & KillFlags)
  | {
      kind: "attack";
      attacker: LogPlayer;
      victim: LogPlayer;
      weapon: string;
      damage: number;
      /** The victim's health after the hit. */
      health: number;
    }
  | { kind: "assist"; assister: LogPlayer; victim: LogPlayer; flash: boolean }
  /** `"<victim>" blinded for 2.78 by "<attacker>" from flashbang entindex 552 `. */
  | { kind: "blinded"; victim: LogPlayer; attacker: LogPlayer; seconds: number }
  | { kind: "suicide"; player: LogPlayer; weapon: string }
  | { kind: "bombPlanted"; player: LogPlayer; site?: string }
  | { kind: "bombDefusedBy"; player: LogPlayer }
  | { kind: "purchase"; player: LogPlayer; item: string }
  | { kind: "chat"; player: LogPlayer; teamOnly: boolean; text: string }
  | { kind: "connected"; player: LogPlayer }
  | { kind: "entered"; player: LogPlayer }
  | { kind: "disconnected"; player: LogPlayer; reason: string }
  | { kind: "switched"; player: LogPlayer; from: LogTeam; to: LogTeam }
  | { kind: "roundStart" }
  | { kind: "roundEnd" }
  | { kind: "freezeStart" }
  | { kind: "matchStart"; map: string }
  | { kind: "matchReloaded"; map: string }
  | { kind: "gameCommencing" }
  | { kind: "warmupStart" }
  | { kind: "warmupEnd" }
  | { kind: "restartRound"; seconds: number }
  /** `Team "CT" triggered "SFUI_Notice_…"` (a round won) or the World's `SFUI_Notice_Round_Draw`. */
  | { kind: "roundWon"; winner: Side | null; notice: string; scoreCT: number; scoreT: number }
  | { kind: "teamScored"; side: Side; score: number; players: number }
  | { kind: "matchScore"; scoreCT: number; scoreT: number; map: string; roundsPlayed: number }
  /** A side's team name (`MatchStatus: Team playing "CT": …`); "" when the team is unset. */
  | { kind: "teamName"; side: Side; name: string }
  | {
      kind: "gameOver";
      mode: string;
      map: string;
      scoreCT: number;
      scoreT: number;
      minutes: number;
    }
  | { kind: "cvar"; name: string; value: string }
  /** An rcon `mp_backup_restore_load_file`: the match goes back to a saved round. */
  | { kind: "restore"; file: string };

/** What CS2 allows (lib/gameBounds.ts): names 128 bytes, team names 64; chat 127 characters. */
export const NAME_MAX = GAME_TEXT.name;
export const CHAT_MAX = 256;
export const TEAM_NAME_MAX = GAME_TEXT.team;
/** A line longer than this is not one CS2 writes (its longest, a round_stats row, is ~300). */
export const LINE_MAX = 2048;

/** The scores, player counts and timers CS2 can reach (lib/gameBounds.ts); a hit's damage. */
export const SCORE_MAX = GAME_NUMBERS.teamScore.max;
const COUNT_MAX = GAME_NUMBERS.players.max;
const SECONDS_MAX = GAME_NUMBERS.seconds.max;
const DAMAGE_MAX = 1000;

/** A whole number within 0..max, or null: what a log number may be before anything uses it. */
export function boundedInt(text: string | undefined, max: number): number | null {
  if (text === undefined || !/^-?\d{1,9}$/.test(text)) return null;
  const n = Number(text);
  return n >= 0 && n <= max ? n : null;
}

/** `<userid><steam id>` and an optional `<team>`, then the closing quote: one player's end. */
const END = String.raw`<(\d{1,6})><(\[U:1:\d{1,10}\]|STEAM_[01]:[01]:\d{1,10}|BOT|Console)>(?:<(CT|TERRORIST|Unassigned|Spectator|Console|)>)?"`;
/** Anything that could be read as a player's end: it may never occur inside free text. */
const END_LIKE = /<\d+><[^<>]*>(?:<[^<>]*>)?"/;
const END_LIKE_ALL = /<\d+><[^<>]*>(?:<[^<>]*>)?"/g;
const NAME = String.raw`([^\n]{0,${NAME_MAX * 2}}?)`;
const P = String.raw`"${NAME}${END}`;
const POS = String.raw` \[-?\d{1,6} -?\d{1,6} -?\d{1,6}\]`;
const WEAPON = String.raw`"([a-z0-9_]{1,40})"`;

const KILL_RE = new RegExp(
  String.raw`^${P}${POS} killed ${P}${POS} with ${WEAPON}(?: \(((?:headshot|penetrated|noscope|throughsmoke|attackerblind|attackerinair)(?: (?:headshot|penetrated|noscope|throughsmoke|attackerblind|attackerinair)){0,5})\))?$`,
);
const ATTACK_RE = new RegExp(
  String.raw`^${P}${POS} attacked ${P}${POS} with ${WEAPON} \(damage "(\d{1,5})"\) \(damage_armor "\d{1,5}"\) \(health "(-?\d{1,5})"\) \(armor "-?\d{1,5}"\) \(hitgroup "[a-z ]{1,20}"\)$`,
);
const ASSIST_RE = new RegExp(String.raw`^${P} (assisted|flash-assisted) killing ${P}$`);
const BLINDED_RE = new RegExp(
  String.raw`^${P} blinded for (\d{1,2}\.\d{1,3}) by ${P} from flashbang entindex \d{1,6} ?$`,
);
const SUICIDE_RE = new RegExp(String.raw`^${P}${POS} committed suicide with ${WEAPON}$`);
const TRIGGER_RE = new RegExp(
  String.raw`^${P} triggered "(Planted_The_Bomb|Defused_The_Bomb)"(?: at bombsite ([AB]))?$`,
);
const PURCHASE_RE = new RegExp(String.raw`^${P} purchased "([a-z0-9_]{1,40})"$`);
const CHAT_RE = new RegExp(String.raw`^${P} (say|say_team) "([^\n]{0,${CHAT_MAX * 2}})"$`);
const CONNECTED_RE = new RegExp(String.raw`^${P} connected, address "[^"\n]{0,64}"$`);
const ENTERED_RE = new RegExp(String.raw`^${P} entered the game$`);
const DISCONNECTED_RE = new RegExp(
  String.raw`^${P} disconnected \(reason "([A-Za-z0-9_ .#:-]{0,120})"\)$`,
);
const SWITCHED_RE = new RegExp(
  String.raw`^${P} switched from team <(CT|TERRORIST|Unassigned|Spectator)> to <(CT|TERRORIST|Unassigned|Spectator)>$`,
);

const WORLD_RE =
  /^World triggered "(Round_Start|Round_End|Game_Commencing|Warmup_Start|Warmup_End|Match_Start|Match_Reloaded|Restart_Round_\((\d{1,4})_seconds?\))"(?: on "([a-z0-9_]{1,64})")?$/;
const ROUND_WON_RE =
  /^(?:Team "(CT|TERRORIST)"|World) triggered "SFUI_Notice_([A-Za-z_]{1,40})" \(CT "(\d{1,4})"\) \(T "(\d{1,4})"\)$/;
const SCORED_RE = /^Team "(CT|TERRORIST)" scored "(\d{1,4})" with "(\d{1,3})" players$/;
const MATCH_SCORE_RE =
  /^MatchStatus: Score: (\d{1,4}):(\d{1,4}) on map "([a-z0-9_]{1,64})" RoundsPlayed: (-?\d{1,4})$/;
const TEAM_NAME_RE = /^(?:MatchStatus: )?Team playing "(CT|TERRORIST)": ([^\n]{1,256})$/;
const TEAM_UNSET_RE = /^MatchStatus: Team "(CT|TERRORIST)" is unset\.$/;
const GAME_OVER_RE =
  /^Game Over: ([a-z0-9_]{1,32}) {1,2}([a-z0-9_]{1,64}) score (\d{1,4}):(\d{1,4}) after (\d{1,5}) min$/;
/** Both cvar forms: `"mp_maxrounds" = "24"` (the dump) and `server_cvar: "mp_maxrounds" "24"`. */
const CVAR_RE =
  /^(?:"([a-z0-9_]{1,64})" = "([^"\n]{0,64})"|server_cvar: "([a-z0-9_]{1,64})" "([^"\n]{0,64})")$/;
const RESTORE_RE =
  /^rcon from "[0-9a-fA-F.:[\]]{1,64}": command "mp_backup_restore_load_file "?([A-Za-z0-9_.-]{1,128})"?;?"$/;

function sideOf(team: string | undefined): Side | undefined {
  return team === "CT" ? "CT" : team === "TERRORIST" ? "T" : undefined;
}

function teamOf(team: string): LogTeam {
  return team === "CT" ? "CT" : team === "TERRORIST" ? "T" : (team as LogTeam);
}

/** One player from a match's groups at `i` (name, userid, steam id, team); null if out of bounds. */
function playerAt(m: RegExpExecArray, i: number): LogPlayer | null {
  const name = m[i]!;
  const userId = boundedInt(m[i + 1], 999_999);
  if (userId === null || name.length > NAME_MAX) return null;
  const id = m[i + 2]!;
  const bot = id === "BOT";
  const parsed = bot || id === "Console" ? null : parseSteamId(id);
  const player: LogPlayer = {
    name,
    userId,
    steamId: parsed?.kind === "id64" ? parsed.steamId : "",
    bot,
  };
  const side = sideOf(m[i + 3]);
  if (side) player.side = side;
  return player;
}

/** How many player ends the message holds: each form needs exactly its own number. */
function endsIn(message: string): number {
  return message.match(END_LIKE_ALL)?.length ?? 0;
}

function score(text: string | undefined): number | null {
  return boundedInt(text, SCORE_MAX);
}

function playerLine(message: string): LogLine | null {
  const ends = endsIn(message);
  if (ends === 2) {
    let m = KILL_RE.exec(message);
    if (m) {
      const attacker = playerAt(m, 1);
      const victim = playerAt(m, 5);
      if (!attacker || !victim) return null;
      const flags = new Set((m[10] ?? "").split(" "));
      return {
        kind: "kill",
        attacker,
        victim,
        weapon: m[9]!,
        headshot: flags.has("headshot"),
        penetrated: flags.has("penetrated"),
        noscope: flags.has("noscope"),
        throughSmoke: flags.has("throughsmoke"),
        attackerBlind: flags.has("attackerblind"),
      };
    }
    m = ATTACK_RE.exec(message);
    if (m) {
      const attacker = playerAt(m, 1);
      const victim = playerAt(m, 5);
      const damage = boundedInt(m[10], DAMAGE_MAX);
      const health = Math.max(0, Math.min(DAMAGE_MAX, Number(m[11])));
      if (!attacker || !victim || damage === null) return null;
      return { kind: "attack", attacker, victim, weapon: m[9]!, damage, health };
    }
    m = ASSIST_RE.exec(message);
    if (m) {
      const assister = playerAt(m, 1);
      const victim = playerAt(m, 6);
      if (!assister || !victim) return null;
      return { kind: "assist", assister, victim, flash: m[5] === "flash-assisted" };
    }
    m = BLINDED_RE.exec(message);
    if (m) {
      const victim = playerAt(m, 1);
      const attacker = playerAt(m, 6);
      if (!victim || !attacker) return null;
      return { kind: "blinded", victim, attacker, seconds: Number(m[5]) };
    }
    return null;
  }
  if (ends === 0) {
    // The cvar dump (`"mp_maxrounds" = "24"`) is the one game line that starts with a quote.
    const m = CVAR_RE.exec(message);
    return m?.[1] !== undefined ? { kind: "cvar", name: m[1], value: m[2]! } : null;
  }
  if (ends !== 1) return null;
  // One player end: the player is everything before it, the rest is the form's fixed text and
  // (for chat) the message, which therefore holds no player end either.
  let m = CHAT_RE.exec(message);
  if (m) {
    const player = playerAt(m, 1);
    const text = m[6]!;
    if (!player || text.length > CHAT_MAX) return null;
    return { kind: "chat", player, teamOnly: m[5] === "say_team", text };
  }
  m = SUICIDE_RE.exec(message);
  if (m) {
    const player = playerAt(m, 1);
    return player ? { kind: "suicide", player, weapon: m[5]! } : null;
  }
  m = TRIGGER_RE.exec(message);
  if (m) {
    const player = playerAt(m, 1);
    if (!player) return null;
    if (m[5] === "Defused_The_Bomb") return { kind: "bombDefusedBy", player };
    return { kind: "bombPlanted", player, ...(m[6] ? { site: m[6] } : {}) };
  }
  m = PURCHASE_RE.exec(message);
  if (m) {
    const player = playerAt(m, 1);
    return player ? { kind: "purchase", player, item: m[5]! } : null;
  }
  m = SWITCHED_RE.exec(message);
  if (m) {
    const player = playerAt(m, 1);
    return player ? { kind: "switched", player, from: teamOf(m[5]!), to: teamOf(m[6]!) } : null;
  }
  m = CONNECTED_RE.exec(message);
  if (m) {
    const player = playerAt(m, 1);
    return player ? { kind: "connected", player } : null;
  }
  m = ENTERED_RE.exec(message);
  if (m) {
    const player = playerAt(m, 1);
    return player ? { kind: "entered", player } : null;
  }
  m = DISCONNECTED_RE.exec(message);
  if (m) {
    const player = playerAt(m, 1);
    return player ? { kind: "disconnected", player, reason: m[5]! } : null;
  }
  return null;
}

function worldLine(message: string): LogLine | null {
  const m = WORLD_RE.exec(message);
  if (!m) return null;
  const what = m[1]!;
  const map = m[3];
  if (what === "Match_Start") return map ? { kind: "matchStart", map } : null;
  if (what === "Match_Reloaded") return map ? { kind: "matchReloaded", map } : null;
  if (map) return null;
  if (what === "Round_Start") return { kind: "roundStart" };
  if (what === "Round_End") return { kind: "roundEnd" };
  if (what === "Game_Commencing") return { kind: "gameCommencing" };
  if (what === "Warmup_Start") return { kind: "warmupStart" };
  if (what === "Warmup_End") return { kind: "warmupEnd" };
  const seconds = boundedInt(m[2], SECONDS_MAX);
  return seconds === null ? null : { kind: "restartRound", seconds };
}

function gameLine(message: string): LogLine | null {
  let m = ROUND_WON_RE.exec(message);
  if (m) {
    const scoreCT = score(m[3]);
    const scoreT = score(m[4]);
    if (scoreCT === null || scoreT === null) return null;
    const team = sideOf(m[1]);
    // A team's notice names the winner; the World's (a draw, a restored round) names none.
    if (!team && m[2] !== "Round_Draw") return null;
    return { kind: "roundWon", winner: team ?? null, notice: m[2]!, scoreCT, scoreT };
  }
  if (message.startsWith("World ")) return worldLine(message);
  if ((m = SCORED_RE.exec(message))) {
    const s = score(m[2]);
    const players = boundedInt(m[3], COUNT_MAX);
    if (s === null || players === null) return null;
    return { kind: "teamScored", side: sideOf(m[1])!, score: s, players };
  }
  if ((m = MATCH_SCORE_RE.exec(message))) {
    const scoreCT = score(m[1]);
    const scoreT = score(m[2]);
    const played = Number(m[4]);
    if (scoreCT === null || scoreT === null || played < -1 || played > GAME_NUMBERS.round.max) {
      return null;
    }
    return { kind: "matchScore", scoreCT, scoreT, map: m[3]!, roundsPlayed: played };
  }
  if ((m = TEAM_NAME_RE.exec(message))) {
    const name = m[2]!.trim();
    if (name.length > TEAM_NAME_MAX) return null;
    return { kind: "teamName", side: sideOf(m[1])!, name };
  }
  if ((m = TEAM_UNSET_RE.exec(message))) return { kind: "teamName", side: sideOf(m[1])!, name: "" };
  if (message === "Starting Freeze period") return { kind: "freezeStart" };
  if ((m = GAME_OVER_RE.exec(message))) {
    const scoreCT = score(m[3]);
    const scoreT = score(m[4]);
    const minutes = boundedInt(m[5], 24 * 60);
    if (scoreCT === null || scoreT === null || minutes === null) return null;
    return { kind: "gameOver", mode: m[1]!, map: m[2]!, scoreCT, scoreT, minutes };
  }
  if ((m = CVAR_RE.exec(message))) {
    return { kind: "cvar", name: (m[1] ?? m[3])!, value: (m[2] ?? m[4])! };
  }
  if ((m = RESTORE_RE.exec(message))) return { kind: "restore", file: m[1]! };
  return null;
}

/** One line's message (after its timestamp), or null when it is no line the panel reads. */
export function readLogLine(message: string): LogLine | null {
  if (message.length > LINE_MAX) return null;
  if (message.startsWith('"')) return playerLine(message);
  // Only a player's line starts with a quote (and the round_stats rows, read as a block); every
  // other form starts with the game's own words, so no player text can stand at its start.
  if (END_LIKE.test(message) && !message.startsWith("rcon from ")) return null;
  return gameLine(message);
}
