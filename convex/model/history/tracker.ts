/**
 * Match detection (pure): what one poll or one MatchZy event says about the match being played,
 * given what the tracker saw before. The result is the tracker's next state and, when a match
 * ended, the match to record. The tracker (one row per server, model/history/detect.ts) is what
 * makes "recorded once" hold: a match that was closed is `finished` until the server shows a
 * different match, so the same end seen again (a repeated poll, the push and the poll both seeing
 * it, a retried event, a restarted poller) closes nothing.
 */
import { isSteamId64 } from "../../lib/steamId";
import {
  MAX_BOT_LINES,
  MIN_ROUNDS,
  type BotLine,
  type InterruptReason,
  type MatchBreakdown,
  type HistoryLine,
  type MatchSource,
  type MatchTeams,
  type MatchzyRef,
  type TrackedMatch,
} from "../../lib/history";
import type { RoundMark } from "../../lib/rounds";
import type { Side } from "../../lib/side";
import { sameJson } from "../live/data";
import type { EndedMap, Match, Player } from "../../lib/validators";

/** A match to record: the tracker's last view of it. */
export interface ClosedMatch {
  startedAt: number;
  endedAt: number;
  mapName: string;
  mode?: string;
  scoreCT: number;
  scoreT: number;
  rounds: number;
  lines: HistoryLine[];
  source: MatchSource;
  teams?: MatchTeams;
  matchzy?: MatchzyRef;
  timeline?: RoundMark[];
  maxRounds?: number;
  bots?: BotLine[];
  weapons?: TrackedMatch["weapons"];
  breakdown?: MatchBreakdown;
  /** Ended without a result and never brought back (model/history/interruptions.ts). */
  abandoned?: true;
}

export interface Step {
  next: TrackedMatch | null;
  closed: ClosedMatch | null;
  /** A live match ended without a result: held for admins to bring back (model/history/interruptions.ts). */
  interrupted?: { match: TrackedMatch; reason: InterruptReason };
  /** The held match this step takes back, as far as the server stands now (its round log's base). */
  resumedFrom?: TrackedMatch;
  /** `map_result` came before the last round's event: close the map shortly if it never comes. */
  awaitLastRound?: boolean;
}

/** Whether the poll shows the match decided: a side past half of the rounds, or all played. */
export function matchDecided(m: Pick<Match, "scoreCT" | "scoreT" | "maxRounds">): boolean {
  if (!m.maxRounds) return false;
  const needed = Math.floor(m.maxRounds / 2) + 1;
  return m.scoreCT >= needed || m.scoreT >= needed || m.scoreCT + m.scoreT >= m.maxRounds;
}

/**
 * One round from the end (either side one win from the match, or the last round): the poller then
 * polls with players at the watched cadence, so the final lines are seen before the next map.
 */
export function nearMatchEnd(m: Match): boolean {
  if (m.roundPhase === "warmup" || !m.maxRounds || m.unknown?.includes("score")) return false;
  if (m.roundPhase === "over" && matchDecided(m)) return true;
  const needed = Math.floor(m.maxRounds / 2) + 1;
  return (
    m.scoreCT + 1 >= needed || m.scoreT + 1 >= needed || m.scoreCT + m.scoreT + 1 >= m.maxRounds
  );
}

export function closeMatch(t: TrackedMatch, source: MatchSource, endedAt: number): ClosedMatch {
  return {
    startedAt: t.startedAt,
    endedAt,
    mapName: t.mapName,
    ...(t.mode !== undefined ? { mode: t.mode } : {}),
    scoreCT: t.scoreCT,
    scoreT: t.scoreT,
    rounds: t.rounds,
    lines: t.lines,
    source,
    ...(t.teams ? { teams: t.teams } : {}),
    ...(t.matchzy ? { matchzy: t.matchzy } : {}),
    ...(t.maxRounds ? { maxRounds: t.maxRounds } : {}),
    ...(t.bots && t.bots.length > 0 ? { bots: t.bots } : {}),
    ...(t.weapons && t.weapons.length > 0 ? { weapons: t.weapons } : {}),
  };
}

/** Humans played it, but no line was ever seen: recording it would store an empty scoreboard. */
export function linesMissing(t: TrackedMatch): boolean {
  return t.humans === true && t.lines.length === 0;
}

/**
 * A match that stops being shown: one whose `map_result` came is closed with its final score
 * (whether its last round's event came or not); one cut short (map change, warmup, score reset)
 * is a match only past MIN_ROUNDS. Neither is recorded with an empty scoreboard humans played.
 */
export function closeEarly(t: TrackedMatch, source: MatchSource): ClosedMatch | null {
  if (t.state !== "open" || linesMissing(t)) return null;
  if (t.mapEnd !== undefined) {
    return closeMatch({ ...t, rounds: Math.max(t.rounds, t.mapEnd) }, source, t.updatedAt);
  }
  return t.rounds >= MIN_ROUNDS ? closeMatch(t, source, t.updatedAt) : null;
}

/**
 * A match of MIN_ROUNDS rounds or more that stops being shown before its end (no `map_result`
 * for it): interrupted rather than recorded, so it can be brought back or kept as abandoned.
 */
export function interruptible(t: TrackedMatch): boolean {
  return t.state === "open" && t.mapEnd === undefined && t.rounds >= MIN_ROUNDS && !linesMissing(t);
}

/** Why a poll ends the tracked match: another map, a warmup, or the score back to zero. */
function cutReason(t: TrackedMatch, m: Match): InterruptReason {
  if (m.mapName !== t.mapName) return "map";
  return m.roundPhase === "warmup" ? "warmup" : "reset";
}

function side(team: Player["team"]): Side | undefined {
  if (team === "Counter-Terrorist") return "CT";
  if (team === "Terrorist") return "T";
  return undefined;
}

/**
 * The lines after a poll's player list: every human who played (on a side now, or gone with
 * rounds played) with the plugin's cumulative stats; a player's side is the last one seen.
 * Lines of players missing from the list stay as they were.
 */
export function mergePlayers(lines: HistoryLine[], players: Player[]): HistoryLine[] {
  const bySteamId = new Map(lines.map((l) => [l.steamId, l]));
  for (const p of players) {
    if (!isSteamId64(p.steamId)) continue; // bots: SteamID "0"/BOT
    const now = side(p.team);
    if (!now && p.roundsPlayed === 0 && !bySteamId.has(p.steamId)) continue;
    const lastSide = now ?? bySteamId.get(p.steamId)?.side;
    bySteamId.set(p.steamId, { steamId: p.steamId, ...polledLine(p, lastSide) });
  }
  return [...bySteamId.values()];
}

/** A polled player's line without its SteamID: the plugin's cumulative stats. */
function polledLine(p: Player, lastSide: Side | undefined): BotLine {
  return {
    name: p.name,
    ...(lastSide ? { side: lastSide } : {}),
    kills: p.kills,
    deaths: p.deaths,
    assists: p.assists,
    headshots: p.headshots,
    damage: p.totalDamage,
    mvps: p.mvp,
    rounds: p.roundsPlayed,
  };
}

/** Whether a poll's player is a bot: no SteamID64 (the plugin reports `0` or `BOT`). */
function isBot(p: Player): boolean {
  return !isSteamId64(p.steamId);
}

/**
 * Bot lines after a poll's player list, by name: every bot on a side now (or gone with rounds
 * played) with its cumulative stats; bots missing from the list stay as they were.
 */
export function mergeBots(bots: BotLine[], players: Player[]): BotLine[] {
  const byName = new Map(bots.map((b) => [b.name, b]));
  for (const p of players) {
    if (!isBot(p) || !p.name) continue;
    const now = side(p.team);
    if (!now && p.roundsPlayed === 0 && !byName.has(p.name)) continue;
    if (!byName.has(p.name) && byName.size >= MAX_BOT_LINES) continue;
    byName.set(p.name, polledLine(p, now ?? byName.get(p.name)?.side));
  }
  return [...byName.values()];
}

export interface PollSeen {
  match: Match;
  players?: Player[];
  /** A human is on a side (this poll's player list, or the last one stored). */
  humans?: boolean;
  /** The last map the server played to its end (null: none yet; absent: it does not say). */
  lastMap?: EndedMap | null;
  at: number;
}

/** What tells one reported end from another ("" for none). */
export function endKeyOf(ended: EndedMap | null): string {
  return ended ? `${ended.endedAt} ${ended.mapName} ${ended.scoreCT}:${ended.scoreT}` : "";
}

/**
 * The end the server reports now, when it is the open match's: reported since the match was first
 * tracked, on its map, with at least the rounds the polls saw (its deciding round and the map
 * change may both have fallen between two polls).
 */
function reportedEnd(t: TrackedMatch, seen: PollSeen): EndedMap | null {
  const ended = seen.lastMap;
  if (t.state !== "open" || !ended || t.endedBefore === undefined) return null;
  if (endKeyOf(ended) === t.endedBefore || ended.mapName !== t.mapName) return null;
  return ended.scoreCT + ended.scoreT >= t.rounds ? ended : null;
}

/**
 * The open match after the server reported its end. Still on its end screen, it closes as any
 * decided match does (with this or the next poll's player list); gone already, it is closed now
 * with the reported final score and the lines the polls saw (never with an empty scoreboard).
 */
function endReported(t: TrackedMatch, ended: EndedMap, seen: PollSeen) {
  const rounds = ended.scoreCT + ended.scoreT;
  const { match: m, at } = seen;
  if (m.mapName === ended.mapName && m.roundPhase === "over" && m.scoreCT + m.scoreT === rounds) {
    return { current: { ...t, mapEnd: rounds }, closed: null };
  }
  const final: TrackedMatch = {
    ...t,
    scoreCT: ended.scoreCT,
    scoreT: ended.scoreT,
    rounds: Math.max(t.rounds, rounds),
    endedBefore: endKeyOf(ended),
    updatedAt: at,
  };
  if (linesMissing(final)) return { current: t, closed: null };
  return {
    current: { ...final, state: "finished" as const },
    closed: closeMatch(final, "poll", at),
  };
}

/**
 * The tracker's `bots` field: the new lines when there are any (a bot keeps its last known side
 * when the new line has none), else what it had.
 */
function botsAfter(before: BotLine[] | undefined, after: BotLine[] | undefined) {
  if (!after || after.length === 0) return before && before.length > 0 ? { bots: before } : {};
  const sides = new Map((before ?? []).map((b) => [b.name, b.side]));
  const bots = after.map((b) => {
    const s = b.side ?? sides.get(b.name);
    return { ...b, ...(s ? { side: s } : {}) };
  });
  return { bots };
}

/** The match taken back to `rounds` played by a round backup, the restore remembered. */
export function rolledBack(
  match: TrackedMatch,
  rounds: number,
  score: { scoreCT: number; scoreT: number },
  at: number,
): TrackedMatch {
  const restore = { at, fromRounds: match.rounds, toRounds: rounds };
  return {
    ...match,
    scoreCT: score.scoreCT,
    scoreT: score.scoreT,
    rounds,
    restored: [...(match.restored ?? []), restore].slice(-20),
    updatedAt: at,
  };
}

/** What one successful poll changes. */
/**
 * How long after MatchZy's `going_live` a poll that shows warmup is taken for one fetched before
 * it (a poll answers within seconds; a map put back into warmup stays there much longer).
 */
export const POLL_BEHIND_PUSH_MS = 15_000;

/**
 * A warmup poll landing just after `going_live` opened the map was fetched before it: it must not
 * end the map MatchZy named, or the match is recorded without its MatchZy id (and its demo is
 * never awaited).
 */
function pollBehindGoingLive(current: TrackedMatch, seen: PollSeen): boolean {
  return (
    current.state === "open" &&
    current.pushKey !== undefined &&
    current.rounds === 0 &&
    seen.match.roundPhase === "warmup" &&
    seen.at - current.startedAt < POLL_BEHIND_PUSH_MS
  );
}

export function observePoll(tracked: TrackedMatch | null, seen: PollSeen): Step {
  const { match: m, at } = seen;
  const total = m.scoreCT + m.scoreT;
  const endKey = seen.lastMap === undefined ? undefined : endKeyOf(seen.lastMap);
  // MatchZy's going_live before the server's first poll names no map: the poll's is that map.
  let current =
    tracked?.state === "open" && tracked.pushKey !== undefined && tracked.mapName === ""
      ? { ...tracked, mapName: m.mapName }
      : tracked;
  let closed: ClosedMatch | null = null;
  let interrupted: Step["interrupted"];
  let rollback = false;
  if (current && pollBehindGoingLive(current, seen)) return { next: current, closed: null };
  const ended = current && reportedEnd(current, seen);
  if (current && ended) ({ current, closed } = endReported(current, ended, seen));
  if (current) {
    // A poll fetched just before a pushed round end may be one round behind; a score reset goes
    // back to 0 (mp_restartgame, a new match).
    const sameMap = m.mapName === current.mapName && m.roundPhase !== "warmup";
    // On the same live map a score that went back by more than a round but not to 0:0 is a
    // round backup loaded (CS2 has no other way to take rounds back): the same match, rolled
    // back. Zero is a restart; a finished match's next one is a new match whatever its score.
    rollback = sameMap && current.state === "open" && total > 0 && total + 1 < current.rounds;
    const reset = total === 0 ? current.rounds > 0 : total + 1 < current.rounds && !rollback;
    if (current.state === "finished") {
      // The end screen of the match already recorded: nothing new until another match shows.
      if (sameMap && !reset) return { next: current, closed };
      current = null;
    } else if (!sameMap || reset) {
      if (interruptible(current)) interrupted = { match: current, reason: cutReason(current, m) };
      else closed = closeEarly(current, "poll");
      current = null;
    } else if (rollback) {
      current = rolledBack(current, total, m, at);
    } else if (total < current.rounds) {
      return { next: current, closed: null }; // behind a pushed round end: keep what it said
    }
  }
  const cut = interrupted ? { interrupted } : {};
  if (m.roundPhase === "warmup") return { next: null, closed, ...cut };
  const base: TrackedMatch = current ?? {
    state: "open",
    startedAt: at,
    mapName: m.mapName,
    scoreCT: 0,
    scoreT: 0,
    rounds: 0,
    lines: [],
    updatedAt: at,
  };
  const next: TrackedMatch = {
    ...base,
    ...(endKey !== undefined ? { endedBefore: endKey } : {}),
    ...(m.gameMode !== undefined ? { mode: m.gameMode } : {}),
    scoreCT: m.scoreCT,
    scoreT: m.scoreT,
    rounds: total,
    lines: seen.players ? mergePlayers(base.lines, seen.players) : base.lines,
    ...botsAfter(base.bots, seen.players ? mergeBots(base.bots ?? [], seen.players) : undefined),
    ...(seen.humans || base.humans ? { humans: true } : {}),
    ...(m.maxRounds ? { maxRounds: m.maxRounds } : {}),
  };
  const changed = !sameJson({ ...next, updatedAt: 0 }, { ...base, updatedAt: 0 }) || !current;
  const updated = changed ? { ...next, updatedAt: at } : base;
  // Decided, but this poll did not fetch the players (or none were seen yet while humans play):
  // the next one does (the poller asks for them, model/live/poller.ts), and closes the match with the
  // final lines. A poll after the decision that lists nobody keeps the lines seen before. Until
  // then the end is kept (`mapEnd`): if the next map comes first, that closes it as it was.
  const decided =
    m.roundPhase === "over" && total > 0 && (matchDecided(m) || base.mapEnd === total);
  if (decided && seen.players && !linesMissing(updated)) {
    return {
      next: { ...updated, state: "finished" },
      closed: closeMatch(updated, "poll", at),
      ...cut,
    };
  }
  if (decided && updated.mapEnd !== total) {
    return { next: { ...updated, mapEnd: total, updatedAt: at }, closed, ...cut };
  }
  return { next: updated, closed, ...cut };
}

/** A MatchZy `round_end` or `map_result` as the tracker needs it (scores by side when known). */
export interface PushSeen {
  kind: "round_end" | "map_result" | "going_live";
  pushKey: string;
  mapName: string;
  mode?: string;
  rounds: number;
  scoreCT?: number;
  scoreT?: number;
  /** Team 1's and team 2's scores, for a `map_result` whose sides could not be proved. */
  teamScores?: [number, number];
  /** Lines from the event's teams (empty for `map_result` as MatchZy's code sends it). */
  lines: HistoryLine[];
  /** The bots' lines from the event's teams. */
  bots?: BotLine[];
  teams?: MatchTeams;
  /** The same teams by team number, for when their sides are not proved. */
  teamsInOrder?: [MatchTeams["CT"], MatchTeams["T"]];
  matchzy?: MatchzyRef;
  maxRounds?: number;
  at: number;
}

/**
 * Final scores (and teams) by side for a `map_result` that did not prove the sides: as the tracker
 * last had them when they are the same two scores, else team 1 on CT.
 */
function alignFinal(base: TrackedMatch, seen: PushSeen) {
  const [a, b] = seen.teamScores!;
  const [one, two] = seen.teamsInOrder ?? [undefined, undefined];
  const team1CT = !(base.scoreCT === b && base.scoreT === a && a !== b);
  const teams = one && two ? (team1CT ? { CT: one, T: two } : { CT: two, T: one }) : base.teams;
  return {
    scoreCT: team1CT ? a : b,
    scoreT: team1CT ? b : a,
    ...(teams ? { teams } : {}),
  };
}

/** Keeps a player's last known side when the event could not tell it. */
function mergeEventLines(before: HistoryLine[], lines: HistoryLine[]): HistoryLine[] {
  if (lines.length === 0) return before;
  const sides = new Map(before.map((l) => [l.steamId, l.side]));
  const merged = lines.map((l) => {
    const s = l.side ?? sides.get(l.steamId);
    return { ...l, ...(s ? { side: s } : {}) };
  });
  const seen = new Set(lines.map((l) => l.steamId));
  return [...merged, ...before.filter((l) => !seen.has(l.steamId))];
}

/** What one pushed event changes. */
export function observePush(tracked: TrackedMatch | null, seen: PushSeen): Step {
  let current = tracked;
  let closed: ClosedMatch | null = null;
  if (
    current?.state === "open" &&
    current.pushKey === seen.pushKey &&
    seen.kind === "round_end" &&
    seen.rounds < current.rounds
  ) {
    return { next: current, closed: null }; // an earlier round's event, delivered late
  }
  if (current) {
    const samePush = current.pushKey === undefined || current.pushKey === seen.pushKey;
    const sameMatch =
      samePush &&
      seen.mapName === current.mapName &&
      seen.rounds >= current.rounds &&
      seen.kind !== "going_live";
    if (current.state === "finished") {
      // A late or repeated event of the map already recorded. Pushed, it has the same MatchZy
      // map (a replayed `going_live` included). Recorded by polling, no event named it: only
      // its own end seen again counts, so the next map's `going_live` and first rounds (fewer
      // rounds on the same map) start a new match rather than vanish as "late".
      const late =
        current.pushKey !== undefined
          ? current.pushKey === seen.pushKey
          : seen.kind !== "going_live" &&
            seen.mapName === current.mapName &&
            seen.rounds === current.rounds;
      if (late) return { next: current, closed: null };
      current = null;
    } else if (!sameMatch) {
      closed = closeEarly(current, "push");
      current = null;
    }
  }
  const base: TrackedMatch = current ?? {
    state: "open",
    startedAt: seen.at,
    mapName: seen.mapName,
    scoreCT: 0,
    scoreT: 0,
    rounds: 0,
    lines: [],
    updatedAt: seen.at,
  };
  const sides =
    seen.scoreCT !== undefined || !seen.teamScores
      ? {
          scoreCT: seen.scoreCT ?? base.scoreCT,
          scoreT: seen.scoreT ?? base.scoreT,
          ...(seen.teams ? { teams: seen.teams } : {}),
        }
      : alignFinal(base, seen);
  const next: TrackedMatch = {
    ...base,
    ...(seen.mode !== undefined ? { mode: seen.mode } : {}),
    ...(seen.maxRounds ? { maxRounds: seen.maxRounds } : {}),
    pushKey: seen.pushKey,
    ...sides,
    rounds: seen.rounds,
    lines: mergeEventLines(base.lines, seen.lines),
    ...botsAfter(base.bots, seen.bots),
    ...(seen.matchzy ? { matchzy: seen.matchzy } : {}),
    updatedAt: seen.at,
  };
  if (seen.kind === "map_result") {
    // `map_result` is the final word on the score. Its lines are the last round's event's (the
    // code's form carries none): when that event has not come yet, it closes the map, or the
    // scheduled close does without it.
    if (seen.lines.length === 0 && seen.rounds > base.rounds) {
      return {
        next: { ...next, lines: base.lines, rounds: base.rounds, mapEnd: seen.rounds },
        closed,
        awaitLastRound: true,
      };
    }
    const final = { ...next, rounds: Math.max(next.rounds, seen.rounds) };
    return { next: { ...final, state: "finished" }, closed: closeMatch(final, "push", seen.at) };
  }
  if (next.mapEnd !== undefined && next.rounds >= next.mapEnd) {
    // The last round's event after `map_result`: its lines close the map.
    return { next: { ...next, state: "finished" }, closed: closeMatch(next, "push", seen.at) };
  }
  return { next, closed };
}
