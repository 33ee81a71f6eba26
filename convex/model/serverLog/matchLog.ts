/**
 * The match as CS2's own log tells it, folded line by line (pure): map, phase and its clock, the
 * score by side, the teams' names as they change sides, every round's winner and how it ended,
 * and each player's numbers (the `round_stats` block's totals at a round's start plus the round's
 * kill lines), up to `Game Over`. Any CS2 server with `logaddress_add_http` gives all of this,
 * without a plugin or MatchZy.
 *
 * What the log says and how it is read:
 * - `World triggered "Match_Start"` (re)starts a match; the `MatchStatus: Score … RoundsPlayed: N`
 *   after it says whether it is warmup (-1) or the match (0 and on). `Restart_Round` and a new
 *   `Match_Start` start over; `Game Over: … score CT:T` ends it.
 * - A round is won by `Team "X" triggered "SFUI_Notice_…" (CT "a") (T "b")`; the notice says how.
 *   A notice whose rounds do not grow (the World's `SFUI_Notice_Round_Draw` after
 *   `mp_backup_restore_load_file`) sets the score back: the rounds after it were undone.
 * - The sides swap at halftime: the score by side swaps at the next round's start. The teams'
 *   names come from `MatchStatus: Team playing "CT": …`, which CS2 updates a round late after the
 *   swap, so a name already held by the other team is not moved.
 * - A player's numbers: kills of enemies (a team kill adds none), deaths (suicides too), assists
 *   on enemies, damage dealt (capped by the victim's health), as the `round_stats` rows count them.
 *
 * Batches CS2 sends again are folded once: the fold remembers the newest stamp it applied and
 * which lines it applied at that stamp.
 */
import { v } from "convex/values";
import {
  halfBreakAfter,
  MAX_ROUND_MARKS,
  vRoundMark,
  type RoundEnd,
  type RoundMark,
} from "../../lib/rounds";
import { otherSide, vSide, type Side } from "../../lib/side";
import type { LogLine, LogPlayer } from "./lines";
import type { RoundStats } from "./roundStats";

/** A folded line: its log time (ms, the server's clock), its identity and what it says. */
export interface FoldEvent {
  at: number;
  /** The line's identity within its stamp (a hash of its text). */
  id: number;
  line: FoldLine;
}

/** The lines the fold reads (the rest of a log changes nothing it keeps). */
export type FoldLine =
  | Extract<
      LogLine,
      {
        kind:
          | "kill"
          | "attack"
          | "assist"
          | "blinded"
          | "suicide"
          | "bombPlanted"
          | "bombDefusedBy"
          | "switched"
          | "roundStart"
          | "freezeStart"
          | "matchStart"
          | "warmupStart"
          | "restartRound"
          | "roundWon"
          | "matchScore"
          | "teamName"
          | "gameOver"
          | "cvar";
      }
    >
  | { kind: "roundStats"; stats: RoundStats };

/** The cvars the match's clock and halves are read from. */
export const FOLD_CVARS = new Set([
  "mp_maxrounds",
  "mp_roundtime",
  "mp_roundtime_defuse",
  "mp_freezetime",
  "mp_c4timer",
]);

export const FOLD_KINDS = new Set<string>([
  "kill",
  "attack",
  "assist",
  "blinded",
  "suicide",
  "bombPlanted",
  "bombDefusedBy",
  "switched",
  "roundStart",
  "freezeStart",
  "matchStart",
  "warmupStart",
  "restartRound",
  "roundWon",
  "matchScore",
  "teamName",
  "gameOver",
  "cvar",
  "roundStats",
]);

export interface LogStats {
  kills: number;
  deaths: number;
  assists: number;
  headshots: number;
  damage: number;
}

/** What a player's utility did: damage dealt by grenades and fire, enemies blinded. */
export interface UtilityStats {
  utilityDamage: number;
  enemiesFlashed: number;
}

export interface LogMatchPlayer {
  /** SteamID64, or `bot:<name>` for a bot. */
  id: string;
  name: string;
  side?: Side;
  /** The totals for the map before this round (the last round_stats block). */
  base: LogStats & UtilityStats & { mvps: number };
  /** This round's, from its lines (utility absent in a state stored before it was kept). */
  round: LogStats & Partial<UtilityStats>;
  /** Health left this round (for the damage a hit really dealt). */
  hp: number;
}

export type LogPhase = "warmup" | "freezetime" | "live" | "over";

/** A played round as its lines told it (players by fold id): the match page's round detail. */
export interface LogRound {
  round: number;
  kills: { CT: number; T: number };
  /** The round's first kill of an enemy. */
  first?: { killer: string; victim: string; side: Side };
  /** Players with two kills or more. */
  multi: { id: string; kills: number }[];
  /** The winning side's last player alive and the enemies alive when they became the last. */
  clutch?: { id: string; side: Side; vs: number };
}

/** The round being played: who is alive, its first kill, and each side's last player alive. */
export interface LogRoundNow {
  alive: string[];
  /** Enemies killed this round by each player, with the side they killed for. */
  kills: { id: string; side: Side; kills: number }[];
  first?: LogRound["first"];
  lone: { id: string; side: Side; vs: number }[];
}

export interface LogMatchState {
  map: string;
  phase: LogPhase;
  /** A match is on (after its Match_Start with RoundsPlayed ≥ 0, until the next one). */
  live: boolean;
  /** A Match_Start came; the next MatchStatus tells whether it is warmup or the match. */
  pending?: boolean;
  /** Log time of the match's start, and the panel's time of it (the record's identity). */
  startedLog?: number;
  startedAt?: number;
  round: number;
  scoreCT: number;
  scoreT: number;
  /** The team that started on CT ("A") and the other, by name; and where A plays now. */
  teamA?: string;
  teamB?: string;
  teamASide: Side;
  /** Rounds played when the sides last swapped (so one swap is never taken twice). */
  swappedAt?: number;
  maxRounds?: number;
  /** Seconds: mp_roundtime(_defuse) in minutes × 60, mp_freezetime, mp_c4timer. */
  roundTime?: number;
  freezeTime?: number;
  c4Time?: number;
  /** When the phase's and the bomb's clocks run out (log time). */
  phaseEndsLog?: number;
  bombEndsLog?: number;
  marks: RoundMark[];
  players: LogMatchPlayer[];
  plants: number;
  defuses: number;
  /** Money per side at each round's start (the match page's economy chart). */
  economy: { round: number; CT: number; T: number }[];
  /** The rounds played, as their lines told them (absent in a state stored before it was kept). */
  rounds?: LogRound[];
  now?: LogRoundNow;
  /** The match's end as `Game Over` said it. */
  over?: { scoreCT: number; scoreT: number; minutes: number; mode: string };
  /** The newest log time folded, and the ids of the lines folded at it. */
  through?: number;
  ids: number[];
}

export const EMPTY_LOG_MATCH: LogMatchState = {
  map: "",
  phase: "warmup",
  live: false,
  round: 0,
  scoreCT: 0,
  scoreT: 0,
  teamASide: "CT",
  marks: [],
  players: [],
  plants: 0,
  defuses: 0,
  economy: [],
  ids: [],
};

/** Players kept per match (a full server and its bots). */
const MAX_PLAYERS = 64;
const ZERO: LogStats = { kills: 0, deaths: 0, assists: 0, headshots: 0, damage: 0 };

/** How a round ended, from its notice. */
export function reasonOf(notice: string): RoundEnd | undefined {
  switch (notice) {
    case "Target_Bombed":
      return "bomb";
    case "Bomb_Defused":
      return "defused";
    case "CTs_Win":
    case "Terrorists_Win":
      return "elimination";
    case "Target_Saved":
    case "Hostages_Not_Rescued":
      return "time";
    default:
      return undefined;
  }
}

/** A text's 32-bit FNV-1a hash: a line's identity within its stamp. */
export function lineId(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function idOf(p: LogPlayer): string | null {
  if (p.steamId) return p.steamId;
  return p.bot && p.name ? `bot:${p.name.slice(0, 64)}` : null;
}

function playerOf(s: LogMatchState, p: LogPlayer): LogMatchPlayer | null {
  const id = idOf(p);
  if (!id) return null;
  let row = s.players.find((x) => x.id === id);
  if (!row) {
    if (s.players.length >= MAX_PLAYERS) return null;
    row = {
      id,
      name: p.name.slice(0, 64),
      base: { ...ZERO, mvps: 0, utilityDamage: 0, enemiesFlashed: 0 },
      round: { ...ZERO },
      hp: 100,
    };
    s.players.push(row);
  }
  row.name = p.name.slice(0, 64) || row.name;
  if (p.side) row.side = p.side;
  return row;
}

function clone(s: LogMatchState): LogMatchState {
  return {
    ...s,
    marks: s.marks.map((m) => ({ ...m })),
    players: s.players.map((p) => ({ ...p, base: { ...p.base }, round: { ...p.round } })),
    economy: [...s.economy],
    ...(s.rounds ? { rounds: [...s.rounds] } : {}),
    ...(s.now
      ? {
          now: {
            ...s.now,
            alive: [...s.now.alive],
            kills: s.now.kills.map((k) => ({ ...k })),
            lone: [...s.now.lone],
          },
        }
      : {}),
    ids: [...s.ids],
  };
}

function resetMatch(s: LogMatchState, map: string, at: number, offset: number): void {
  s.map = map;
  s.pending = true;
  s.live = false;
  s.startedLog = at;
  s.startedAt = at + offset;
  s.round = 0;
  s.scoreCT = 0;
  s.scoreT = 0;
  s.teamASide = "CT";
  delete s.teamA;
  delete s.teamB;
  delete s.swappedAt;
  delete s.over;
  delete s.bombEndsLog;
  s.marks = [];
  s.plants = 0;
  s.defuses = 0;
  // CS2 writes the first round's block just before Match_Start: its money is the match's.
  s.economy = s.economy.filter((e) => e.round === 1);
  s.rounds = [];
  delete s.now;
  s.players = s.players.map((p) => ({
    ...p,
    base: { ...ZERO, mvps: 0, utilityDamage: 0, enemiesFlashed: 0 },
    round: { ...ZERO },
    hp: 100,
  }));
}

/** The score by side at a round's start: a swap of the two numbers is the halftime. */
function scoreAtRoundStart(s: LogMatchState, ct: number, t: number): void {
  const played = ct + t;
  const swapped =
    s.live &&
    s.swappedAt !== played &&
    played > 0 &&
    ((ct === s.scoreT && t === s.scoreCT && ct !== t) ||
      (ct === t && ct === s.scoreCT && halfBreakAfter(played, s.maxRounds)));
  if (swapped) {
    s.teamASide = otherSide(s.teamASide);
    s.swappedAt = played;
  }
  s.scoreCT = ct;
  s.scoreT = t;
}

function seconds(value: string, scale = 1): number | undefined {
  const n = Number(value) * scale;
  return Number.isFinite(n) && n >= 0 && n <= 3600 ? Math.round(n) : undefined;
}

function readCvar(s: LogMatchState, name: string, value: string): void {
  switch (name) {
    case "mp_maxrounds": {
      const n = Number(value);
      if (Number.isInteger(n) && n >= 0 && n <= 100) s.maxRounds = n || undefined;
      break;
    }
    case "mp_roundtime_defuse":
    case "mp_roundtime": {
      const t = seconds(value, 60);
      // The defuse maps' own round time wins over the general one when set.
      if (t && (name === "mp_roundtime_defuse" || !s.map.startsWith("de_") || !s.roundTime)) {
        s.roundTime = t;
      }
      break;
    }
    case "mp_freezetime":
      s.freezeTime = seconds(value);
      break;
    case "mp_c4timer":
      s.c4Time = seconds(value);
      break;
  }
}

function apply(s: LogMatchState, at: number, line: FoldLine, offset: number): void {
  switch (line.kind) {
    case "matchStart":
      resetMatch(s, line.map, at, offset);
      return;
    case "matchScore":
      if (line.map) s.map = line.map;
      if (line.roundsPlayed < 0) {
        s.live = false;
        s.pending = false;
        s.phase = "warmup";
        return;
      }
      if (s.pending) {
        s.pending = false;
        s.live = true;
        s.phase = "freezetime";
      }
      if (s.live && !s.over) scoreAtRoundStart(s, line.scoreCT, line.scoreT);
      return;
    case "warmupStart":
      s.live = false;
      s.phase = "warmup";
      delete s.phaseEndsLog;
      return;
    case "restartRound":
      delete s.bombEndsLog;
      s.phaseEndsLog = at + line.seconds * 1000;
      return;
    case "cvar":
      readCvar(s, line.name, line.value);
      return;
    case "teamName": {
      if (!line.name) return;
      const isA = s.teamASide === line.side;
      const other = isA ? s.teamB : s.teamA;
      // CS2 names the sides a round late after the swap: a name the other team holds stays.
      if (line.name === other) return;
      if (isA) s.teamA = line.name;
      else s.teamB = line.name;
      return;
    }
    case "freezeStart":
      delete s.bombEndsLog;
      if (!s.live || s.over) return;
      s.phase = "freezetime";
      if (s.freezeTime !== undefined) s.phaseEndsLog = at + s.freezeTime * 1000;
      else delete s.phaseEndsLog;
      return;
    case "roundStats":
      readRoundStats(s, line.stats);
      return;
    case "roundStart":
      for (const p of s.players) p.hp = 100;
      delete s.bombEndsLog;
      if (!s.live || s.over) return;
      s.now = { alive: s.players.filter((p) => p.side).map((p) => p.id), kills: [], lone: [] };
      s.phase = "live";
      if (s.roundTime) s.phaseEndsLog = at + s.roundTime * 1000;
      else delete s.phaseEndsLog;
      return;
    case "roundWon":
      roundWon(s, at, line);
      return;
    case "gameOver":
      if (!s.live || s.over) return;
      s.over = {
        scoreCT: line.scoreCT,
        scoreT: line.scoreT,
        minutes: line.minutes,
        mode: line.mode,
      };
      s.scoreCT = line.scoreCT;
      s.scoreT = line.scoreT;
      s.phase = "over";
      delete s.phaseEndsLog;
      delete s.bombEndsLog;
      return;
    case "bombPlanted":
      if (!s.live || s.over) return;
      s.plants++;
      s.bombEndsLog = at + (s.c4Time ?? 40) * 1000;
      return;
    case "bombDefusedBy":
      delete s.bombEndsLog;
      return;
    case "switched": {
      const row = playerOf(s, line.player);
      if (!row) return;
      if (line.to === "CT" || line.to === "T") row.side = line.to;
      else delete row.side;
      return;
    }
    default:
      playerLine(s, line);
  }
}

/** Grenades and fire: what CS2's round_stats counts as utility damage. */
const UTILITY = new Set(["hegrenade", "inferno", "molotov", "incgrenade", "flashbang", "decoy"]);

/**
 * A player died this round: off the alive list, and a side left with one player alive (and
 * enemies) has its possible clutch, counted once per round, from that moment.
 */
function died(s: LogMatchState, id: string | undefined): void {
  const now = s.now;
  if (!now || id === undefined) return;
  now.alive = now.alive.filter((a) => a !== id);
  const sideOf = (a: string) => s.players.find((p) => p.id === a)?.side;
  for (const side of ["CT", "T"] as const) {
    if (now.lone.some((l) => l.side === side)) continue;
    const mine = now.alive.filter((a) => sideOf(a) === side);
    const vs = now.alive.filter((a) => sideOf(a) === otherSide(side)).length;
    if (mine.length === 1 && vs > 0) now.lone = [...now.lone, { id: mine[0]!, side, vs }];
  }
}

function playerLine(
  s: LogMatchState,
  line: Extract<FoldLine, { kind: "kill" | "attack" | "assist" | "blinded" | "suicide" }>,
): void {
  if (!s.live || s.over) return;
  if (line.kind === "suicide") {
    const p = playerOf(s, line.player);
    if (p) p.round.deaths++;
    died(s, p?.id);
    return;
  }
  if (line.kind === "blinded") {
    const a = playerOf(s, line.attacker);
    const victim = playerOf(s, line.victim);
    const enemy = !!line.attacker.side && line.attacker.side !== line.victim.side;
    // A flash that blinds a dead player (spectating) blinds nobody.
    const alive = !s.now || (!!victim && s.now.alive.includes(victim.id));
    if (a && enemy && alive) a.round.enemiesFlashed = (a.round.enemiesFlashed ?? 0) + 1;
    return;
  }
  if (line.kind === "assist") {
    const a = playerOf(s, line.assister);
    playerOf(s, line.victim);
    if (a && line.assister.side !== line.victim.side) a.round.assists++;
    return;
  }
  const attacker = playerOf(s, line.attacker);
  const victim = playerOf(s, line.victim);
  const enemy = !!line.attacker.side && line.attacker.side !== line.victim.side;
  if (line.kind === "kill") {
    if (victim) victim.round.deaths++;
    if (attacker && enemy && attacker !== victim) {
      attacker.round.kills++;
      if (line.headshot) attacker.round.headshots++;
      const now = s.now;
      if (now) {
        const side = line.attacker.side!;
        if (!now.first && victim) now.first = { killer: attacker.id, victim: victim.id, side };
        const row = now.kills.find((k) => k.id === attacker.id);
        if (row) row.kills++;
        else now.kills.push({ id: attacker.id, side, kills: 1 });
      }
    }
    died(s, victim?.id);
    return;
  }
  const dealt = victim ? Math.min(line.damage, victim.hp) : line.damage;
  if (victim) victim.hp = line.health;
  if (attacker && enemy) {
    attacker.round.damage += dealt;
    if (UTILITY.has(line.weapon)) {
      attacker.round.utilityDamage = (attacker.round.utilityDamage ?? 0) + dealt;
    }
  }
}

function readRoundStats(s: LogMatchState, stats: RoundStats): void {
  if (s.map && stats.map !== s.map) return;
  s.map = stats.map;
  const money = { CT: 0, T: 0 };
  for (const row of stats.players) if (row.side) money[row.side] += row.money;
  if (!s.live || s.over) {
    if (stats.round === 1) s.economy = [{ round: 1, ...money }];
    if (s.over) return;
  }
  const listed = new Set(stats.players.map((row) => row.steamId));
  for (const p of s.players) {
    // A player the block has no row for (a bot: CS2 lists bots without an account id) keeps
    // the round's numbers from its lines.
    if (s.live && !listed.has(p.id)) {
      for (const k of ["kills", "deaths", "assists", "headshots", "damage"] as const) {
        p.base[k] += p.round[k];
      }
      p.base.utilityDamage += p.round.utilityDamage ?? 0;
      p.base.enemiesFlashed += p.round.enemiesFlashed ?? 0;
    }
    p.round = { ...ZERO };
    p.hp = 100;
  }
  if (!s.live) return;
  s.round = stats.round;
  scoreAtRoundStart(s, stats.scoreCT, stats.scoreT);
  for (const row of stats.players) {
    let p = s.players.find((x) => x.id === row.steamId);
    if (!p) {
      if (s.players.length >= MAX_PLAYERS) continue;
      p = {
        id: row.steamId,
        name: "",
        base: { ...ZERO, mvps: 0, utilityDamage: 0, enemiesFlashed: 0 },
        round: { ...ZERO },
        hp: 100,
      };
      s.players.push(p);
    }
    if (row.side) p.side = row.side;
    p.base = {
      kills: row.kills,
      deaths: row.deaths,
      assists: row.assists,
      headshots: row.headshots,
      damage: row.damage,
      mvps: row.mvps,
      utilityDamage: row.utilityDamage,
      enemiesFlashed: row.enemiesFlashed,
    };
  }
  s.economy = [
    ...s.economy.filter((e) => e.round < stats.round),
    { round: stats.round, ...money },
  ].slice(-MAX_ROUND_MARKS);
}

/** The round just won, from its kill lines: kills by side, its opening, multi-kills, a clutch. */
function playedRound(s: LogMatchState, round: number, winner: Side): LogRound {
  const kills = { CT: 0, T: 0 };
  const multi: LogRound["multi"] = [];
  for (const k of s.now?.kills ?? []) {
    kills[k.side] += k.kills;
    if (k.kills >= 2) multi.push({ id: k.id, kills: k.kills });
  }
  const first = s.now?.first;
  const lone = s.now?.lone.find((l) => l.side === winner);
  return {
    round,
    kills,
    ...(first ? { first } : {}),
    multi,
    ...(lone ? { clutch: lone } : {}),
  };
}

function roundWon(
  s: LogMatchState,
  at: number,
  line: Extract<FoldLine, { kind: "roundWon" }>,
): void {
  delete s.bombEndsLog;
  if (!s.live || s.over) return;
  const total = line.scoreCT + line.scoreT;
  const before = s.marks.at(-1)?.round ?? s.scoreCT + s.scoreT;
  if (total === before + 1 && line.winner) {
    const reason = reasonOf(line.notice);
    s.marks = [
      ...s.marks,
      {
        round: total,
        winner: line.winner,
        ...(reason ? { reason } : {}),
        scoreCT: line.scoreCT,
        scoreT: line.scoreT,
      },
    ].slice(-MAX_ROUND_MARKS);
    if (line.notice === "Bomb_Defused") s.defuses++;
    s.rounds = [
      ...(s.rounds ?? []).filter((r) => r.round < total),
      playedRound(s, total, line.winner),
    ].slice(-MAX_ROUND_MARKS);
    delete s.now;
    s.phase = "over";
    delete s.phaseEndsLog;
  } else if (total <= before) {
    // A restored round: the rounds after the restored score were never played, and a halftime
    // among them was not either.
    s.marks = s.marks.filter((m) => m.round <= total);
    if (s.swappedAt !== undefined && total < s.swappedAt) {
      s.teamASide = otherSide(s.teamASide);
      delete s.swappedAt;
    }
    s.economy = s.economy.filter((e) => e.round <= total + 1);
    if (s.rounds) s.rounds = s.rounds.filter((r) => r.round <= total);
  }
  s.scoreCT = line.scoreCT;
  s.scoreT = line.scoreT;
  void at;
}

/**
 * The state after a batch's lines. A line at or before the newest one folded is skipped when it
 * was folded (same stamp, same text) or is older: a batch CS2 sends again changes nothing.
 */
export function foldLog(
  state: LogMatchState,
  events: FoldEvent[],
  /** The panel's clock minus the log's for this batch (the log stamps the server's local time). */
  offset = 0,
): { state: LogMatchState; ended: LogMatchState[] } {
  const s = clone(state);
  const ended: LogMatchState[] = [];
  let ids = new Set(s.ids);
  for (const e of events) {
    if (s.through !== undefined) {
      if (e.at < s.through || (e.at === s.through && ids.has(e.id))) continue;
      if (e.at > s.through) ids = new Set();
    }
    s.through = e.at;
    ids.add(e.id);
    const wasOver = s.over;
    apply(s, e.at, e.line, offset);
    // The match as Game Over left it, before anything after it in the batch starts the next.
    if (s.over && !wasOver) ended.push(clone(s));
  }
  s.ids = [...ids].slice(-400);
  return { state: s, ended };
}

/** A player's numbers for the map so far: the round's start totals and the round's lines. */
export function totalsOf(p: LogMatchPlayer): LogStats & UtilityStats & { mvps: number } {
  return {
    ...p.base,
    kills: p.base.kills + p.round.kills,
    deaths: p.base.deaths + p.round.deaths,
    assists: p.base.assists + p.round.assists,
    headshots: p.base.headshots + p.round.headshots,
    damage: p.base.damage + p.round.damage,
    utilityDamage: p.base.utilityDamage + (p.round.utilityDamage ?? 0),
    enemiesFlashed: p.base.enemiesFlashed + (p.round.enemiesFlashed ?? 0),
  };
}

/** The team names by the side they play now. */
export function namesBySide(s: LogMatchState): { CT?: string; T?: string } {
  const a = s.teamA;
  const b = s.teamB;
  return s.teamASide === "CT" ? { CT: a, T: b } : { CT: b, T: a };
}

const vStats = {
  kills: v.number(),
  deaths: v.number(),
  assists: v.number(),
  headshots: v.number(),
  damage: v.number(),
};

const vFirstKill = v.object({ killer: v.string(), victim: v.string(), side: vSide });
const vLone = v.object({ id: v.string(), side: vSide, vs: v.number() });
const vLogRound = v.object({
  round: v.number(),
  kills: v.object({ CT: v.number(), T: v.number() }),
  first: v.optional(vFirstKill),
  multi: v.array(v.object({ id: v.string(), kills: v.number() })),
  clutch: v.optional(vLone),
});

/** The fold's state as stored (one row per server, read by no public query). */
export const vLogMatchState = v.object({
  map: v.string(),
  phase: v.union(
    v.literal("warmup"),
    v.literal("freezetime"),
    v.literal("live"),
    v.literal("over"),
  ),
  live: v.boolean(),
  pending: v.optional(v.boolean()),
  startedLog: v.optional(v.number()),
  startedAt: v.optional(v.number()),
  round: v.number(),
  scoreCT: v.number(),
  scoreT: v.number(),
  teamA: v.optional(v.string()),
  teamB: v.optional(v.string()),
  teamASide: vSide,
  swappedAt: v.optional(v.number()),
  maxRounds: v.optional(v.number()),
  roundTime: v.optional(v.number()),
  freezeTime: v.optional(v.number()),
  c4Time: v.optional(v.number()),
  phaseEndsLog: v.optional(v.number()),
  bombEndsLog: v.optional(v.number()),
  marks: v.array(vRoundMark),
  players: v.array(
    v.object({
      id: v.string(),
      name: v.string(),
      side: v.optional(vSide),
      base: v.object({
        ...vStats,
        mvps: v.number(),
        utilityDamage: v.number(),
        enemiesFlashed: v.number(),
      }),
      round: v.object({
        ...vStats,
        utilityDamage: v.optional(v.number()),
        enemiesFlashed: v.optional(v.number()),
      }),
      hp: v.number(),
    }),
  ),
  plants: v.number(),
  defuses: v.number(),
  economy: v.array(v.object({ round: v.number(), CT: v.number(), T: v.number() })),
  rounds: v.optional(v.array(vLogRound)),
  now: v.optional(
    v.object({
      alive: v.array(v.string()),
      kills: v.array(v.object({ id: v.string(), side: vSide, kills: v.number() })),
      first: v.optional(vFirstKill),
      lone: v.array(vLone),
    }),
  ),
  over: v.optional(
    v.object({ scoreCT: v.number(), scoreT: v.number(), minutes: v.number(), mode: v.string() }),
  ),
  through: v.optional(v.number()),
  ids: v.array(v.number()),
});
