/**
 * Feeds polls (model/liveData.ts `storePollResult`) and accepted MatchZy events (model/push.ts)
 * to the per-server tracker, and records the match a step closes. The tracker row is written only
 * when what it holds changes; no public query reads it, so those writes wake nobody.
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { isSteamId64 } from "../../lib/gameApi";
import type { HistoryLine, TrackedMatch } from "../../lib/history";
import type { MatchzyEvent, MatchzyStatsTeam } from "../../lib/matchzyEvents";
import type { PollResult, PushTrack } from "../../lib/validators";
import { matchSnapshotOf, sameJson } from "../liveData";
import { recordMatch } from "./record";
import { observePoll, observePush, type PushSeen, type Step } from "./tracker";

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
): Promise<Id<"matches"> | null> {
  if (!step.next && row) await ctx.db.delete("historyTrackers", row._id);
  else if (step.next && !row) {
    await ctx.db.insert("historyTrackers", { serverId, match: step.next });
  } else if (step.next && row && !sameJson(row.match, step.next)) {
    await ctx.db.patch("historyTrackers", row._id, { match: step.next });
  }
  return step.closed ? await recordMatch(ctx, serverId, step.closed) : null;
}

/** One successful poll of a server. */
export async function trackPoll(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  result: PollResult,
  now: number,
): Promise<Id<"matches"> | null> {
  if (!result.ok) return null;
  const row = await trackerOf(ctx, serverId);
  const step = observePoll(row?.match ?? null, {
    match: result.match,
    ...(result.players ? { players: result.players } : {}),
    at: now,
  });
  return await apply(ctx, serverId, row, step);
}

/** A stats team's human players, on `side` when known. */
function teamLines(team: MatchzyStatsTeam, side: "CT" | "T" | undefined): HistoryLine[] {
  return team.players
    .filter((p) => isSteamId64(p.steamid))
    .map((p) => ({
      steamId: p.steamid,
      name: p.name,
      ...(side ? { side } : {}),
      kills: p.stats.kills,
      deaths: p.stats.deaths,
      assists: p.stats.assists,
      headshots: p.stats.headshot_kills,
      damage: p.stats.damage,
      mvps: p.stats.mvp,
      rounds: p.stats.rounds_played,
    }));
}

/** What the tracker needs from an event, with team 1's side as the push model settled it. */
export function pushSeenOf(
  event: MatchzyEvent,
  track: PushTrack | undefined,
  mapName: string,
  mode: string | undefined,
  at: number,
): PushSeen | null {
  if (event.event === "series_start" || event.event === "series_end") return null;
  const pushKey = `${event.matchid}:${event.map_number}`;
  const base = { pushKey, mapName, ...(mode !== undefined ? { mode } : {}), at };
  if (event.event === "going_live") return { ...base, kind: "going_live", rounds: 0, lines: [] };
  const a = event.team1.score;
  const b = event.team2.score;
  const known =
    track && `${track.matchid}:${track.mapNumber}` === pushKey ? track.team1Side : undefined;
  const other = known === "CT" ? "T" : known === "T" ? "CT" : undefined;
  const scores = known
    ? known === "CT"
      ? { scoreCT: a, scoreT: b }
      : { scoreCT: b, scoreT: a }
    : {};
  return {
    ...base,
    kind: event.event,
    rounds: event.event === "round_end" ? event.round_number : a + b,
    ...scores,
    lines: [...teamLines(event.team1, known), ...teamLines(event.team2, other)],
  };
}

/** One accepted (not repeated) MatchZy event, after the push model applied it. */
export async function trackPush(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  event: MatchzyEvent,
  track: PushTrack | undefined,
  now: number,
): Promise<Id<"matches"> | null> {
  const snapshot = await matchSnapshotOf(ctx, serverId);
  const seen = pushSeenOf(
    event,
    track,
    snapshot?.match.mapName ?? "",
    snapshot?.match.gameMode,
    now,
  );
  if (!seen) return null;
  const row = await trackerOf(ctx, serverId);
  return await apply(ctx, serverId, row, observePush(row?.match ?? null, seen));
}
