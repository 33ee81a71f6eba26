/**
 * The log's match in the database: one batch's lines folded into the server's stored fold
 * (matchLog.ts), then what viewers see written only where it changed, and a finished map
 * recorded once. Which source speaks for what when several report one match is decided in
 * `logSpeaksForMatch` (and written down in convex/README.md, "Match sources").
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { isSteamId64 } from "../../lib/steamId";
import { byScoreboardOrder, MAX_BOARD_LINES } from "../../lib/scoreboard";
import {
  MAX_BOT_LINES,
  type BotLine,
  type HistoryLine,
  type InterruptReason,
  type TrackedMatch,
} from "../../lib/history";
import type { BoardLine, Match, Summary } from "../../lib/validators";
import { holdInterrupted } from "../history/interruptions";
import { recordMatch } from "../history/record";
import { interruptible } from "../history/tracker";
import { followRecording } from "../demos/recording";
import { followBackups } from "../serverControl/backupsAuto";
import { mergeMarks, roundLogOf } from "../history/rounds";
import { pushStatusOf } from "../push/status";
import { CLOCK_JITTER_MS } from "../live/matchMerge";
import { matchWriteDue, sameJson } from "../live/data";
import { snapshotAt, storedMatchSnapshotOf } from "../live/snapshots";
import { coursed, learnTiming, type RoundTiming } from "../live/roundCourse";
import { courseStepStart } from "../../lib/phaseCourse";
import {
  EMPTY_LOG_MATCH,
  foldLog,
  namesBySide,
  totalsOf,
  type FoldEvent,
  type LogMatchState,
} from "./matchLog";
import { breakdownOf } from "./breakdown";

/** A tracker opened by the log names its match `log:<start>` (MatchZy's are `matchid:map`). */
export const LOG_PUSH_PREFIX = "log:";
/** MatchZy's events speak for a match while the last one is this recent. */
export const PUSH_SPEAKS_MS = 10 * 60_000;
/** The log speaks for a match while its last batch is this recent (CS2 posts every few seconds). */
export const LOG_SPEAKS_MS = 120_000;

async function rowOf(ctx: QueryCtx, serverId: Id<"servers">) {
  return await ctx.db
    .query("serverLogMatches")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
}

async function trackerOf(ctx: QueryCtx, serverId: Id<"servers">) {
  return await ctx.db
    .query("historyTrackers")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
}

/**
 * MatchZy's events name the match being played (they speak for it over the log) while push is on:
 * an admin who turns push off hands the match to the log at once.
 */
async function pushSpeaks(
  ctx: QueryCtx,
  serverId: Id<"servers">,
  tracker: TrackedMatch | undefined,
  now: number,
): Promise<boolean> {
  if (!(await pushStatusOf(ctx, serverId))?.enabled) return false;
  return (
    !!tracker?.pushKey &&
    !tracker.pushKey.startsWith(LOG_PUSH_PREFIX) &&
    tracker.state === "open" &&
    now - tracker.updatedAt < PUSH_SPEAKS_MS
  );
}

/**
 * Whether the log speaks for the server's match now (polls then leave score, rounds and the
 * record to it): a match it follows is on and its batches keep coming.
 */
export async function logSpeaksForMatch(
  ctx: QueryCtx,
  serverId: Id<"servers">,
  now: number,
): Promise<boolean> {
  const row = await rowOf(ctx, serverId);
  return !!row && row.state.live && now - row.updatedAt < LOG_SPEAKS_MS;
}

function boardOf(s: LogMatchState): BoardLine[] {
  const rounds = Math.max(1, s.scoreCT + s.scoreT);
  const lines: BoardLine[] = [];
  for (const p of s.players) {
    if (!p.side) continue;
    const t = totalsOf(p);
    const bot = !isSteamId64(p.id);
    lines.push({
      steamId: bot ? "0" : p.id,
      name: p.name || "—",
      side: p.side,
      bot,
      kills: t.kills,
      deaths: t.deaths,
      assists: t.assists,
      adr: Math.round(t.damage / rounds),
      mvps: t.mvps,
    });
  }
  return lines.sort(byScoreboardOrder).slice(0, MAX_BOARD_LINES);
}

function summaryOf(s: LogMatchState): Summary {
  let kills = 0;
  let deaths = 0;
  let damage = 0;
  let players = 0;
  for (const p of s.players) {
    const t = totalsOf(p);
    kills += t.kills;
    deaths += t.deaths;
    damage += t.damage;
    if (p.side) players++;
  }
  return {
    totalPlayers: players,
    totalKills: kills,
    totalDeaths: deaths,
    totalDamage: damage,
    totalBombsPlanted: s.plants,
    totalBombsDefused: s.defuses,
  };
}

/** A clock in the panel's time, kept where it only restates the stored one. */
function clock(logAt: number | undefined, offset: number, stored: number | undefined) {
  if (logAt === undefined) return undefined;
  const at = logAt + offset;
  return stored !== undefined && Math.abs(stored - at) < CLOCK_JITTER_MS ? stored : at;
}

/**
 * The live match as the log tells it, over the stored snapshot (a poll fills the rest). A server
 * whose poll reads the phase, its clocks and the round (the plugin's `/match`) keeps the poll's:
 * the log speaks for them only where no poll can.
 */
export function loggedMatch(
  stored: Match,
  s: LogMatchState,
  offset: number,
  pollClocks = false,
): Match {
  const names = namesBySide(s);
  const {
    phaseEndsAt: _p,
    bombEndsAt: _b,
    unknown,
    teamCT: _c,
    teamT: _t,
    upcoming,
    ...rest
  } = stored;
  const match: Match = {
    ...rest,
    mapName: s.map || stored.mapName,
    scoreCT: s.scoreCT,
    scoreT: s.scoreT,
    roundPhase: pollClocks ? stored.roundPhase : s.live ? s.phase : "warmup",
    // The log's round number moves as the round goes live, which a plugin's poll shows with the
    // phase it reads: taken from the log there, it would cost every viewer a second wake.
    ...(!pollClocks && s.live && s.round > 0 ? { round: s.round } : {}),
    ...(s.maxRounds ? { maxRounds: s.maxRounds } : {}),
    ...(names.CT ? { teamCT: names.CT } : {}),
    ...(names.T ? { teamT: names.T } : {}),
  };
  const phaseEndsAt = pollClocks
    ? stored.phaseEndsAt
    : clock(s.phaseEndsLog, offset, stored.phaseEndsAt);
  const bombEndsAt = pollClocks
    ? stored.bombEndsAt
    : clock(s.bombEndsLog, offset, stored.bombEndsAt);
  if (phaseEndsAt !== undefined) match.phaseEndsAt = phaseEndsAt;
  if (bombEndsAt !== undefined) match.bombEndsAt = bombEndsAt;
  // The course is the poll's: it stands while the poll owns the phase, and goes where the log does.
  if (pollClocks && upcoming) match.upcoming = upcoming;
  const left = (unknown ?? []).filter((f) => f !== "score" && f !== "phase" && f !== "totals");
  if (left.length > 0) match.unknown = left;
  return match;
}

/** The teams by the side they play now, with the side each started on; none unnamed. */
function teamsOf(s: LogMatchState): TrackedMatch["teams"] {
  const names = namesBySide(s);
  if (!names.CT && !names.T) return undefined;
  const aSide = s.teamASide;
  return {
    CT: { name: names.CT ?? "CT", startSide: aSide === "CT" ? "CT" : "T" },
    T: { name: names.T ?? "T", startSide: aSide === "CT" ? "T" : "CT" },
  };
}

/** Every player's line as the log gave it (bots apart), each over `rounds` rounds. */
function linesOf(s: LogMatchState, rounds: number): { lines: HistoryLine[]; bots: BotLine[] } {
  const lines: HistoryLine[] = [];
  const bots: BotLine[] = [];
  for (const p of s.players) {
    const t = totalsOf(p);
    if (t.kills + t.deaths + t.assists + t.damage === 0 && !p.side) continue;
    const line = {
      name: p.name || "—",
      ...(p.side ? { side: p.side } : {}),
      kills: t.kills,
      deaths: t.deaths,
      assists: t.assists,
      headshots: t.headshots,
      damage: t.damage,
      mvps: t.mvps,
      rounds,
    };
    if (isSteamId64(p.id)) lines.push({ steamId: p.id, ...line });
    else if (bots.length < MAX_BOT_LINES) bots.push(line);
  }
  return { lines, bots };
}

/**
 * A match the log follows, about to be held as interrupted, with its players' lines and teams'
 * names as the log gave them: the tracker of a log match keeps no lines (the log's own state
 * does), so without this a crashed match would be kept with its rounds and nobody in it.
 * `state`: the log's state of that match, when the caller has it; else the stored one, used only
 * if it is the same match.
 */
export async function withLogLines(
  ctx: QueryCtx,
  serverId: Id<"servers">,
  match: TrackedMatch,
  state?: LogMatchState,
): Promise<TrackedMatch> {
  if (!match.pushKey?.startsWith(LOG_PUSH_PREFIX)) return match;
  const s = state ?? (await rowOf(ctx, serverId))?.state;
  if (!s || `${LOG_PUSH_PREFIX}${s.startedAt}` !== match.pushKey) return match;
  const { lines, bots } = linesOf(s, match.rounds);
  const teams = match.teams ?? teamsOf(s);
  return {
    ...match,
    ...(lines.length > 0 ? { lines } : {}),
    ...(bots.length > 0 ? { bots } : {}),
    ...(teams ? { teams } : {}),
  };
}

/** The record of a map the log saw end: final score, rounds with reasons, every player's line. */
function closedOf(s: LogMatchState, now: number, weapons: TrackedMatch["weapons"]) {
  const over = s.over!;
  const rounds = s.marks.at(-1)?.round ?? over.scoreCT + over.scoreT;
  const { lines, bots } = linesOf(s, rounds);
  const teams = teamsOf(s);
  return {
    startedAt: s.startedAt ?? now,
    endedAt: now,
    mapName: s.map,
    mode: over.mode,
    scoreCT: over.scoreCT,
    scoreT: over.scoreT,
    rounds,
    lines,
    source: "log" as const,
    ...(teams ? { teams } : {}),
    timeline: s.marks,
    ...(s.maxRounds ? { maxRounds: s.maxRounds } : {}),
    ...(bots.length > 0 ? { bots } : {}),
    ...(weapons && weapons.length > 0 ? { weapons } : {}),
    breakdown: breakdownOf(s),
  };
}

/** The tracker of a match the log follows (its weapon count rides on it), or null. */
function trackedOf(
  s: LogMatchState,
  before: TrackedMatch | undefined,
  now: number,
): TrackedMatch | null {
  if (!s.live || s.startedAt === undefined) return null;
  const pushKey = `${LOG_PUSH_PREFIX}${s.startedAt}`;
  const same = before?.pushKey === pushKey;
  return {
    state: s.over ? "finished" : "open",
    startedAt: s.startedAt,
    mapName: s.map,
    scoreCT: s.scoreCT,
    scoreT: s.scoreT,
    rounds: s.scoreCT + s.scoreT,
    lines: [],
    updatedAt: now,
    pushKey,
    ...(s.maxRounds ? { maxRounds: s.maxRounds } : {}),
    ...(same && before?.weapons ? { weapons: before.weapons } : {}),
    ...(same && before?.killsThrough !== undefined
      ? { killsThrough: before.killsThrough, killsAt: before.killsAt ?? [] }
      : {}),
  };
}

/**
 * One batch's match lines (`foldEventsOf` of the batch's one parse): folded into the stored state;
 * then, where the log speaks for the match, the live match, board and totals, the round strip,
 * the tracker and a finished map's record. Each written only when it changed. Answers whether
 * the log speaks for the match (then its bomb clock is the match's too).
 */
export async function storeLogMatch(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  events: FoldEvent[],
  now: number,
): Promise<boolean> {
  if (events.length === 0) return await logSpeaksForMatch(ctx, serverId, now);
  const row = await rowOf(ctx, serverId);
  const before = row?.state ?? EMPTY_LOG_MATCH;
  const offset = now - events[events.length - 1]!.at;
  const { state, ended } = foldLog(before, events, offset);
  if (sameJson(state, before)) return state.live;
  if (row) await ctx.db.patch("serverLogMatches", row._id, { state, updatedAt: now });
  else await ctx.db.insert("serverLogMatches", { serverId, state, updatedAt: now });

  const tracker = await trackerOf(ctx, serverId);
  if (await pushSpeaks(ctx, serverId, tracker?.match, now)) {
    await fillPushedRounds(ctx, serverId, tracker!.match, state);
    return false;
  }
  for (const done of ended) {
    const weapons =
      tracker?.match.pushKey === `${LOG_PUSH_PREFIX}${done.startedAt}` ? tracker.match.weapons : [];
    await recordMatch(ctx, serverId, closedOf(done, now, weapons));
  }
  await holdIfCut(ctx, serverId, tracker?.match, before, state, ended, now);
  const next = await storeTracker(ctx, serverId, tracker, state, ended, now);
  // The log is what sees a plain CS2 server's map go live and end: the panel's GOTV recording
  // follows it there (a server without MatchZy; MatchZy records by itself).
  const server = await ctx.db.get("servers", serverId);
  if (server) {
    await followRecording(ctx, server, tracker?.match ?? null, next, ended.length > 0, now);
  }
  await followBackups(ctx, serverId, tracker?.match ?? null, next);
  await storeRounds(ctx, serverId, state, ended, tracker?.match);
  await storeLiveMatch(ctx, serverId, state, offset, now, server?.connectionType === "HTTP");
  return state.live;
}

/**
 * A match the log followed that its lines now show gone without a Game Over (the process came
 * back in warmup, another map loaded, the score went back to 0:0) is held as interrupted, as a
 * poll's would be, with the round log it had and the teams' names the log gave.
 */
async function holdIfCut(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  prior: TrackedMatch | undefined,
  before: LogMatchState,
  state: LogMatchState,
  ended: LogMatchState[],
  now: number,
): Promise<void> {
  if (!prior?.pushKey?.startsWith(LOG_PUSH_PREFIX) || ended.length > 0) return;
  if (!interruptible(prior)) return;
  if (state.live && `${LOG_PUSH_PREFIX}${state.startedAt}` === prior.pushKey) return;
  const reason: InterruptReason =
    state.map && state.map !== prior.mapName ? "map" : state.live ? "reset" : "warmup";
  const log = await roundLogOf(ctx, serverId);
  const marks =
    log?.startedAt === prior.startedAt ? log.rounds.filter((m) => m.round <= prior.rounds) : [];
  const match = await withLogLines(ctx, serverId, prior, before);
  await holdInterrupted(ctx, serverId, { match, reason }, marks, now);
}

async function storeTracker(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  row: { _id: Id<"historyTrackers">; match: TrackedMatch } | null,
  state: LogMatchState,
  ended: LogMatchState[],
  now: number,
): Promise<TrackedMatch | null> {
  let next = trackedOf(state, row?.match, now);
  const last = ended.at(-1);
  // A map just recorded stays `finished` until the log shows the next match live.
  if (!next && last) next = trackedOf(last, row?.match, now);
  if (!next) {
    if (row?.match.pushKey?.startsWith(LOG_PUSH_PREFIX)) {
      await ctx.db.delete("historyTrackers", row._id);
    }
    return null;
  }
  if (!row) await ctx.db.insert("historyTrackers", { serverId, match: next });
  else if (!sameJson({ ...row.match, updatedAt: 0 }, { ...next, updatedAt: 0 })) {
    await ctx.db.patch("historyTrackers", row._id, { match: next });
  }
  return next;
}

/**
 * The round strip while the log speaks: its marks, with the rounds another source saw of the same
 * map that the log missed (a lost batch) or told less about, kept; rounds past the log's last one
 * are dropped (a restore undid them).
 */
async function storeRounds(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  state: LogMatchState,
  ended: LogMatchState[],
  prior: TrackedMatch | undefined,
) {
  const shown = state.live ? state : ended.at(-1);
  if (!shown || shown.startedAt === undefined) return;
  const log = await roundLogOf(ctx, serverId);
  const sameMap =
    !!log &&
    (log.startedAt === shown.startedAt ||
      (prior?.state === "open" &&
        prior.startedAt === log.startedAt &&
        prior.mapName === shown.map));
  const rounds = sameMap
    ? mergeMarks(shown.marks, log.rounds, shown.marks.at(-1)?.round ?? 0)
    : shown.marks;
  const doc = { startedAt: shown.startedAt, rounds };
  if (!log) await ctx.db.insert("roundLogs", { serverId, ...doc });
  else if (log.startedAt !== doc.startedAt || !sameJson(log.rounds, doc.rounds)) {
    await ctx.db.patch("roundLogs", log._id, doc);
  }
}

/**
 * While MatchZy speaks, the log only completes its strip: a round its events counted but did not
 * tell the winner or reason of gets the log's (later rounds are MatchZy's to add).
 */
async function fillPushedRounds(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  tracker: TrackedMatch,
  state: LogMatchState,
) {
  const log = await roundLogOf(ctx, serverId);
  if (!log || log.startedAt !== tracker.startedAt || state.map !== tracker.mapName) return;
  const counted = state.marks.filter((m) => m.round <= tracker.rounds);
  const rounds = mergeMarks(log.rounds, counted);
  if (!sameJson(rounds, log.rounds)) await ctx.db.patch("roundLogs", log._id, { rounds });
}

async function storeLiveMatch(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  state: LogMatchState,
  offset: number,
  now: number,
  /** The server's poll reads the phase and clocks (the plugin API). */
  pollClocks: boolean,
) {
  if (!state.map) return;
  const stored = await storedMatchSnapshotOf(ctx, serverId);
  if (!stored) {
    // Never polled (its RCON or plugin unreachable so far): the log alone shows the match.
    const base: Match = {
      serverName: "",
      mapName: state.map,
      scoreCT: 0,
      scoreT: 0,
      playersOnline: state.players.filter((p) => p.side).length,
      roundPhase: "warmup",
    };
    await ctx.db.insert("matchSnapshots", {
      serverId,
      match: loggedMatch(base, state, offset),
      board: boardOf(state),
      summary: summaryOf(state),
      updatedAt: now,
      pushedAt: now,
    });
    return;
  }
  const snapshot = snapshotAt(stored, now);
  const read = loggedMatch(snapshot.match, state, offset, pollClocks);
  // Where the log tells the phase, it announces the round's course as the poller does: the buy
  // time and the round's start that follow it then cost no write.
  const roundTiming = pollClocks
    ? stored.roundTiming
    : (logTiming(state) ??
      learnTiming(snapshot.match, read, stored.roundTiming, courseStepStart(stored.match, now)));
  const match = pollClocks ? read : coursed(stored.match, snapshot.match, read, roundTiming, now);
  // Where the poll reads the players' numbers (the plugin API), the board and the totals are its
  // own: the log's count of the same match differs a little (damage, who counts as playing), and
  // two writers taking turns would wake every viewer at each poll and each log batch.
  const counted = (state.live || state.over) && !pollClocks;
  const board = counted ? boardOf(state) : snapshot.board;
  const summary = counted ? summaryOf(state) : snapshot.summary;
  // Score, phase, names and who plays where at once; a kill's numbers on the board and in the
  // totals with the next of those or once a minute (as the poller writes them).
  // Compared as written: a summary the log does not count yet (warm-up) is no change.
  if (!matchWriteDue(snapshot, { match, summary, board }, now)) {
    return;
  }
  await ctx.db.patch("matchSnapshots", snapshot._id, {
    match,
    ...(board ? { board } : {}),
    ...(summary ? { summary } : {}),
    ...(roundTiming ? { roundTiming } : {}),
    updatedAt: now,
    pushedAt: now,
  });
}

/** The buy time and round time the log's cvars told (`mp_freezetime`, `mp_roundtime`), if both. */
function logTiming(state: LogMatchState): RoundTiming | undefined {
  if (state.freezeTime === undefined || !state.roundTime) return undefined;
  return { freezeMs: state.freezeTime * 1000, roundMs: state.roundTime * 1000 };
}
