/**
 * Feeds polls (model/live/data.ts `storePollResult`) and accepted MatchZy events (model/push/)
 * to the per-server tracker, and records the match a step closes. The tracker row is written only
 * when what it holds changes; no public query reads it, so those writes wake nobody.
 */
import { internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { isSteamId64 } from "../../lib/steamId";
import {
  MAX_BOT_LINES,
  MAX_WEAPONS,
  type BotLine,
  type HistoryLine,
  type MatchTeam,
  type TrackedMatch,
  type WeaponKills,
} from "../../lib/history";
import type {
  MatchzyEvent,
  MatchzyMatchId,
  MatchzyStatsPlayer,
  MatchzyStatsTeam,
} from "../../lib/matchzyEvents";
import { roundEndOf } from "../../lib/rounds";
import { otherSide, type Side } from "../../lib/side";
import type { PollResult, PushSeries } from "../../lib/validators";
import { sameJson } from "../live/data";
import { matchSnapshotOf } from "../live/snapshots";
import { sameMatchId, scoresBySide, type ScoreReading } from "../push/reading";
import type { LoggedKill } from "../serverLog/parse";
import { logSpeaksForMatch, withLogLines } from "../serverLog/logMatch";
import { holdInterrupted, recoverIfShown } from "./interruptions";
import { recordMatch } from "./record";
import { followRecording } from "../demos/recording";
import { followBackups } from "../serverControl/backupsAuto";
import { updateRoundLog, type PushedRound } from "./rounds";
import {
  closeEarly,
  interruptible,
  linesMissing,
  observePoll,
  observePush,
  type PushSeen,
  type Step,
} from "./tracker";

async function trackerOf(ctx: MutationCtx, serverId: Id<"servers">) {
  return await ctx.db
    .query("historyTrackers")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
}

/** Stores the step's tracker and records what it closed; returns the recorded match's id. */
async function apply(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  row: { _id: Id<"historyTrackers">; match: TrackedMatch } | null,
  step: Step,
  pushed?: PushedRound,
): Promise<Id<"matches"> | null> {
  if (!step.next && row) await ctx.db.delete("historyTrackers", row._id);
  else if (step.next && !row) {
    await ctx.db.insert("historyTrackers", { serverId, match: step.next });
  } else if (step.next && row && !sameJson(row.match, step.next)) {
    await ctx.db.patch("historyTrackers", row._id, { match: step.next });
  }
  const timeline = await updateRoundLog(
    ctx,
    serverId,
    step.resumedFrom ?? row?.match ?? null,
    step.next,
    pushed,
    step.closed?.startedAt ?? step.interrupted?.match.startedAt,
  );
  await followBackups(ctx, serverId, step.resumedFrom ?? row?.match ?? null, step.next);
  if (step.interrupted) {
    const { rounds } = step.interrupted.match;
    const marks = step.closed ? [] : timeline.filter((m) => m.round <= rounds);
    await holdInterrupted(ctx, serverId, step.interrupted, marks, Date.now());
  }
  if (!step.closed) return null;
  const marks = timeline.filter((m) => m.round <= step.closed!.rounds);
  return await recordMatch(ctx, serverId, {
    ...step.closed,
    ...(marks.length > 0 ? { timeline: marks } : {}),
  });
}

/** One successful poll of a server. `humans`: a human is on a side (fresh or stored list). */
export async function trackPoll(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  result: PollResult,
  now: number,
  humans = false,
): Promise<{ matchId: Id<"matches"> | null; wantsPlayers: boolean }> {
  if (!result.ok) {
    // A live match whose server stopped answering is interrupted (it may come back at its score).
    const row = await trackerOf(ctx, serverId);
    if (row && interruptible(row.match)) {
      // A match CS2's log follows: its players' lines are in the log's state, not the tracker.
      const match = await withLogLines(ctx, serverId, row.match);
      const interrupted = { match, reason: "offline" as const };
      await apply(ctx, serverId, row, { next: null, closed: null, interrupted });
    }
    return { matchId: null, wantsPlayers: false };
  }
  // Without scores and phase (plain CS2 over RCON) a poll cannot see a match end: MatchZy's
  // events record those matches.
  if (result.match.unknown?.some((f) => f === "score" || f === "phase")) {
    return { matchId: null, wantsPlayers: false };
  }
  // CS2's log follows this match: it records it, with every round's reason (convex/README.md).
  if (await logSpeaksForMatch(ctx, serverId, now)) return { matchId: null, wantsPlayers: false };
  const row = await trackerOf(ctx, serverId);
  const observed = observePoll(row?.match ?? null, {
    match: result.match,
    ...(result.players ? { players: result.players } : {}),
    ...(humans ? { humans } : {}),
    ...(result.lastMap !== undefined ? { lastMap: result.lastMap } : {}),
    at: now,
  });
  // An interrupted match the server shows again (brought back) carries on as the same match.
  const step = await recoverIfShown(ctx, serverId, observed, result.match, now);
  const matchId = await apply(ctx, serverId, row, step);
  const server = await ctx.db.get("servers", serverId);
  if (server) {
    await followRecording(ctx, server, row?.match ?? null, step.next, matchId !== null, now);
  }
  // Humans play a match whose lines were never seen: the next poll fetches the player list.
  const wantsPlayers = step.next?.state === "open" && linesMissing(step.next);
  return { matchId, wantsPlayers };
}

/** A stats player's line without its SteamID: MatchZy's cumulative stats, 0 where missing. */
function statsLine(p: MatchzyStatsPlayer, side: Side | undefined): BotLine {
  return {
    name: p.name.slice(0, 64),
    ...(side ? { side } : {}),
    kills: p.stats.kills ?? 0,
    deaths: p.stats.deaths ?? 0,
    assists: p.stats.assists ?? 0,
    headshots: p.stats.headshot_kills ?? 0,
    damage: p.stats.damage ?? 0,
    mvps: p.stats.mvp ?? 0,
    rounds: p.stats.rounds_played ?? 0,
  };
}

/** A stats team's human players, on `side` when known. */
function teamLines(team: MatchzyStatsTeam, side: Side | undefined): HistoryLine[] {
  return (team.players ?? [])
    .filter((p) => isSteamId64(p.steamid))
    .map((p) => ({ steamId: p.steamid, ...statsLine(p, side), name: p.name }));
}

/** A stats team's bots (MatchZy lists them with `steamid` "0"), on `side` when known. */
function teamBots(team: MatchzyStatsTeam, side: Side | undefined): BotLine[] {
  return (team.players ?? [])
    .filter((p) => !isSteamId64(p.steamid) && p.name.trim() !== "")
    .map((p) => statsLine(p, side));
}

function teamOf(team: MatchzyStatsTeam, startSide: Side | undefined): MatchTeam {
  const id = typeof team.id === "string" ? team.id.trim() : "";
  return {
    name: team.name.trim().slice(0, 64) || "—",
    ...(id ? { id: id.slice(0, 64) } : {}),
    ...(startSide ? { startSide } : {}),
  };
}

/** The map name of this MatchZy map: picked in the series, else what the server shows. */
export function mapNameOf(
  series: PushSeries | undefined,
  matchid: MatchzyMatchId,
  mapNumber: number,
  shown: string,
): string {
  if (!series || !sameMatchId(series.matchid, matchid)) return shown;
  return series.maps.find((m) => m.mapNumber === mapNumber)?.mapName ?? shown;
}

/** The mode of this MatchZy match: as the panel launched it, else what the server shows. */
export function modeOf(
  series: PushSeries | undefined,
  matchid: MatchzyMatchId,
  shown: string | undefined,
): string | undefined {
  return series?.mode !== undefined && sameMatchId(series.matchid, matchid) ? series.mode : shown;
}

/**
 * What the tracker needs from an event: its round, scores and sides as `readScores` settled them
 * (model/push/reading.ts), the teams, and the lines of the players it lists.
 */
export function pushSeenOf(
  event: MatchzyEvent,
  reading: ScoreReading | undefined,
  mapName: string,
  mode: string | undefined,
  at: number,
): PushSeen | null {
  if (event.event !== "going_live" && event.event !== "round_end" && event.event !== "map_result") {
    return null;
  }
  const pushKey = `${event.matchid}:${event.map_number}`;
  const base = {
    pushKey,
    mapName,
    ...(mode !== undefined ? { mode } : {}),
    matchzy: { matchid: String(event.matchid), mapNumber: event.map_number },
    at,
  };
  if (event.event === "going_live") return { ...base, kind: "going_live", rounds: 0, lines: [] };
  const a = event.team1.score;
  const b = event.team2.score;
  const known = reading?.team1Side;
  const other = known ? otherSide(known) : undefined;
  const start1 = reading?.team1StartSide;
  const team1 = teamOf(event.team1, start1);
  const team2 = teamOf(event.team2, start1 ? otherSide(start1) : undefined);
  return {
    ...base,
    kind: event.event,
    rounds: a + b,
    ...(known ? scoresBySide(known, a, b) : { teamScores: [a, b] as [number, number] }),
    ...(known ? { teams: known === "CT" ? { CT: team1, T: team2 } : { CT: team2, T: team1 } } : {}),
    teamsInOrder: [team1, team2],
    lines: [...teamLines(event.team1, known), ...teamLines(event.team2, other)],
    bots: [...teamBots(event.team1, known), ...teamBots(event.team2, other)].slice(
      0,
      MAX_BOT_LINES,
    ),
  };
}

/** How long a `map_result` waits for the last round's event before the map is closed without it. */
export const LAST_ROUND_GRACE_MS = 15_000;

/** One accepted (not repeated, not stale) MatchZy event, after the push model read it. */
export async function trackPush(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  event: MatchzyEvent,
  reading: ScoreReading | undefined,
  series: PushSeries | undefined,
  now: number,
): Promise<Id<"matches"> | null> {
  if (event.event !== "going_live" && event.event !== "round_end" && event.event !== "map_result") {
    return null;
  }
  const snapshot = await matchSnapshotOf(ctx, serverId);
  const seen = pushSeenOf(
    event,
    reading,
    mapNameOf(series, event.matchid, event.map_number, snapshot?.match.mapName ?? ""),
    modeOf(series, event.matchid, snapshot?.match.gameMode),
    now,
  );
  if (!seen) return null;
  if (snapshot?.match.maxRounds) seen.maxRounds = snapshot.match.maxRounds;
  const row = await trackerOf(ctx, serverId);
  const step = observePush(row?.match ?? null, seen);
  const pushed: PushedRound | undefined =
    event.event === "round_end"
      ? {
          scored: seen.scoreCT !== undefined,
          ...(reading?.winnerSide ? { winner: reading.winnerSide } : {}),
          ...(roundEndOf(event.reason) ? { reason: roundEndOf(event.reason) } : {}),
        }
      : undefined;
  const matchId = await apply(ctx, serverId, row, step, pushed);
  if (step.awaitLastRound) {
    await ctx.scheduler.runAfter(LAST_ROUND_GRACE_MS, internal.history.closeAwaitedMap, {
      serverId,
      pushKey: seen.pushKey,
    });
  }
  return matchId;
}

/** The scheduled close of a map whose `map_result` came and whose last round's event did not. */
export async function closeAwaitedMap(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  pushKey: string,
): Promise<Id<"matches"> | null> {
  const row = await trackerOf(ctx, serverId);
  const t = row?.match;
  if (!row || !t || t.state !== "open" || t.pushKey !== pushKey || t.mapEnd === undefined) {
    return null;
  }
  const closed = closeEarly(t, "push");
  const next = { ...t, rounds: Math.max(t.rounds, t.mapEnd), state: "finished" as const };
  return await apply(ctx, serverId, row, { next, closed });
}

/** Where the weapon count stands: the newest kill's log time and the kills counted at it. */
export interface KillsThrough {
  through: number | undefined;
  /** The identities of the kills counted at `through` (the file log stamps whole seconds). */
  keys: string[];
}

/**
 * The weapon counts after `kills`, most kills first. Each kill counts once by what it is: one
 * logged before `through` was counted, one at `through` was if its identity is among `keys`
 * (a batch CS2 sends again carries the same kills; a new batch may start in the same second).
 */
export function addWeaponKills(
  weapons: WeaponKills[],
  kills: LoggedKill[],
  seen: KillsThrough,
): { weapons: WeaponKills[] } & KillsThrough {
  const byWeapon = new Map(weapons.map((w) => [w.weapon, { ...w }]));
  let last = seen.through;
  let keys = new Set(seen.keys);
  for (const k of kills) {
    if (last !== undefined && (k.at < last || (k.at === last && keys.has(k.key)))) continue;
    if (last === undefined || k.at > last) {
      last = k.at;
      keys = new Set();
    }
    keys.add(k.key);
    const row = byWeapon.get(k.weapon);
    if (row) {
      row.kills++;
      if (k.headshot) row.headshots++;
    } else if (byWeapon.size < MAX_WEAPONS) {
      byWeapon.set(k.weapon, { weapon: k.weapon, kills: 1, headshots: k.headshot ? 1 : 0 });
    }
  }
  const sorted = [...byWeapon.values()].sort(
    (a, b) => b.kills - a.kills || a.weapon.localeCompare(b.weapon),
  );
  return { weapons: sorted, through: last, keys: [...keys] };
}

/**
 * Kills from CS2's HTTP log counted by weapon into the match being played: only while the tracker
 * has an open match (warmup and the end screen count nothing), and only kills logged after the
 * last one counted, so a batch CS2 sends again (its answer lost) counts once. Writes the tracker
 * row, which no public query reads, only when a kill was counted.
 */
export async function trackLoggedKills(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  kills: LoggedKill[],
): Promise<void> {
  if (kills.length === 0) return;
  const row = await trackerOf(ctx, serverId);
  if (!row || row.match.state !== "open") return;
  const t = row.match;
  const next = addWeaponKills(t.weapons ?? [], kills, {
    through: t.killsThrough,
    keys: t.killsAt ?? [],
  });
  if (next.through === t.killsThrough && next.keys.length === (t.killsAt ?? []).length) return;
  await ctx.db.patch("historyTrackers", row._id, {
    match: {
      ...t,
      weapons: next.weapons,
      ...(next.through !== undefined ? { killsThrough: next.through, killsAt: next.keys } : {}),
    },
  });
}
