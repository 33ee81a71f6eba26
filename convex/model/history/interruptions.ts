/**
 * A live map that ended without a result (model/history/tracker.ts `interruptible`): the server
 * went offline, came back in warmup, showed another map or put the score back to 0:0 in the
 * middle of it. The match is held here rather than recorded:
 *
 * - admins see «Матч перервано на раунді 14 (7:6)» with what happened and when, and the
 *   server-state Discord channel hears of it once it has lasted a minute;
 * - a poll that shows the same map again at its score (or one round behind: the last round
 *   backup) takes it back into the tracker with its start, lines and round log: one match,
 *   recorded once when it ends;
 * - one not brought back within ABANDON_AFTER_MS is recorded as abandoned, with its rounds and
 *   lines, and never counted in careers.
 */
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import type { InterruptReason, TrackedMatch } from "../../lib/history";
import type { RoundMark } from "../../lib/rounds";
import type { Match } from "../../lib/validators";
import { notify, SERVER_STATE_HOLD_MS } from "../notifications/notify";
import { recordMatch } from "./record";
import { roundLogOf } from "./rounds";
import { closeMatch, rolledBack, type Step } from "./tracker";

/** How long an interrupted match waits to be brought back before it is kept as abandoned. */
export const ABANDON_AFTER_MS = 30 * 60_000;

export async function openInterruptionOf(
  ctx: QueryCtx,
  serverId: Id<"servers">,
): Promise<Doc<"interruptions"> | null> {
  return await ctx.db
    .query("interruptions")
    .withIndex("by_serverId_and_state", (q) => q.eq("serverId", serverId).eq("state", "open"))
    .first();
}

/**
 * Whether a poll shows the held match again: its map, live, at its score or one round behind (the
 * last round backup), or at the earlier round an admin's recovery is loading (`restoreTo`).
 */
export function showsAgain(held: TrackedMatch, m: Match, restoreTo?: number): boolean {
  const total = m.scoreCT + m.scoreT;
  const from = Math.min(held.rounds - 1, restoreTo ?? held.rounds);
  return m.mapName === held.mapName && m.roundPhase !== "warmup" && total > 0 && total >= from;
}

/** The held match carried on from what the server shows now. */
export function resumed(held: TrackedMatch, now: TrackedMatch, at: number): TrackedMatch {
  // Brought back from an earlier round's backup: the rounds after it are played again.
  const from = now.rounds < held.rounds ? rolledBack(held, now.rounds, now, at) : held;
  return {
    ...from,
    state: "open",
    scoreCT: now.scoreCT,
    scoreT: now.scoreT,
    rounds: now.rounds,
    lines: now.lines.length > 0 ? now.lines : held.lines,
    ...(now.bots && now.bots.length > 0 ? { bots: now.bots } : {}),
    ...(now.humans || held.humans ? { humans: true } : {}),
    updatedAt: at,
  };
}

/** Holds an interrupted match; a second one on the same server abandons the first. */
export async function holdInterrupted(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  interrupted: NonNullable<Step["interrupted"]>,
  timeline: RoundMark[],
  at: number,
): Promise<void> {
  const older = await openInterruptionOf(ctx, serverId);
  if (older) await abandon(ctx, older, at);
  const id = await ctx.db.insert("interruptions", {
    serverId,
    state: "open",
    reason: interrupted.reason,
    at,
    match: interrupted.match,
    ...(timeline.length > 0 ? { timeline } : {}),
  });
  await ctx.scheduler.runAfter(ABANDON_AFTER_MS, internal.recovery.abandonInterrupted, {
    interruptionId: id,
  });
  await ctx.scheduler.runAfter(SERVER_STATE_HOLD_MS, internal.recovery.announceInterrupted, {
    interruptionId: id,
  });
}

/**
 * When the step's open match is the held one shown again, takes it back: the tracker carries on
 * with the held start, lines and round log, and the interruption is marked recovered.
 */
export async function recoverIfShown(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  step: Step,
  match: Match,
  at: number,
): Promise<Step> {
  if (step.next?.state !== "open") return step;
  const held = await openInterruptionOf(ctx, serverId);
  if (!held || !showsAgain(held.match, match, held.restoreTo)) return step;
  await ctx.db.patch("interruptions", held._id, { state: "recovered", resolvedAt: at });
  // The round log goes back to the held rounds up to where the server stands now.
  const rounds = (held.timeline ?? []).filter((r) => r.round <= step.next!.rounds);
  const log = await roundLogOf(ctx, serverId);
  const startedAt = held.match.startedAt;
  if (log) await ctx.db.patch("roundLogs", log._id, { startedAt, rounds });
  else await ctx.db.insert("roundLogs", { serverId, startedAt, rounds });
  const next = resumed(held.match, step.next, at);
  return { ...step, next, resumedFrom: { ...next, updatedAt: held.match.updatedAt } };
}

/** Records an interruption nobody brought back as an abandoned match (never counted). */
async function abandon(ctx: MutationCtx, row: Doc<"interruptions">, now: number): Promise<void> {
  const closed = closeMatch(row.match, "poll", row.match.updatedAt);
  const matchId = await recordMatch(ctx, row.serverId, {
    ...closed,
    ...(row.timeline ? { timeline: row.timeline } : {}),
    abandoned: true,
  });
  await ctx.db.patch("interruptions", row._id, {
    state: "abandoned",
    resolvedAt: now,
    ...(matchId ? { matchId } : {}),
  });
}

export async function abandonInterrupted(
  ctx: MutationCtx,
  id: Id<"interruptions">,
  now: number,
): Promise<void> {
  const row = await ctx.db.get("interruptions", id);
  if (row?.state === "open") await abandon(ctx, row, now);
}

/** Tells the server-state channel about an interruption that still stands after the hold. */
export async function announceInterrupted(
  ctx: MutationCtx,
  id: Id<"interruptions">,
): Promise<void> {
  const row = await ctx.db.get("interruptions", id);
  if (row?.state !== "open") return;
  const server = await ctx.db.get("servers", row.serverId);
  if (!server) return;
  await notify(ctx, {
    kind: "matchInterrupted",
    serverName: server.name,
    map: row.match.mapName,
    // The round being played when it stopped: 13 played at 7:6 is «на раунді 14 (7:6)».
    round: row.match.rounds + 1,
    scoreCT: row.match.scoreCT,
    scoreT: row.match.scoreT,
    reason: row.reason,
    at: row.at,
  });
}

/** An interruption as admins read it. */
export interface InterruptionView {
  id: Id<"interruptions">;
  serverId: Id<"servers">;
  state: Doc<"interruptions">["state"];
  reason: InterruptReason;
  at: number;
  map: string;
  mode?: string;
  round: number;
  scoreCT: number;
  scoreT: number;
  teams?: { CT: string; T: string };
  resolvedAt?: number;
  matchId?: Id<"matches">;
}

export function interruptionView(row: Doc<"interruptions">): InterruptionView {
  const m = row.match;
  return {
    id: row._id,
    serverId: row.serverId,
    state: row.state,
    reason: row.reason,
    at: row.at,
    map: m.mapName,
    ...(m.mode !== undefined ? { mode: m.mode } : {}),
    round: m.rounds,
    scoreCT: m.scoreCT,
    scoreT: m.scoreT,
    ...(m.teams ? { teams: { CT: m.teams.CT.name, T: m.teams.T.name } } : {}),
    ...(row.resolvedAt !== undefined ? { resolvedAt: row.resolvedAt } : {}),
    ...(row.matchId ? { matchId: row.matchId } : {}),
  };
}

/** The server's latest interruption: the open one, else the last resolved (to say how it ended). */
export async function latestInterruptionOf(
  ctx: QueryCtx,
  serverId: Id<"servers">,
): Promise<InterruptionView | null> {
  const open = await openInterruptionOf(ctx, serverId);
  if (open) return interruptionView(open);
  for (const state of ["recovered", "abandoned"] as const) {
    const row = await ctx.db
      .query("interruptions")
      .withIndex("by_serverId_and_state", (q) => q.eq("serverId", serverId).eq("state", state))
      .order("desc")
      .first();
    if (row && row.resolvedAt !== undefined && Date.now() - row.resolvedAt < ABANDON_AFTER_MS) {
      return interruptionView(row);
    }
  }
  return null;
}

/** An interruption as its recovery needs it (model/history/recoverMatch.ts). */
export async function heldMatchOf(ctx: QueryCtx, id: Id<"interruptions">) {
  const row = await ctx.db.get("interruptions", id);
  if (!row) return null;
  const server = await ctx.db.get("servers", row.serverId);
  const m = row.match;
  return {
    serverId: row.serverId,
    state: row.state,
    map: m.mapName,
    ...(m.mode !== undefined ? { mode: m.mode } : {}),
    rounds: m.rounds,
    ...(m.maxRounds !== undefined ? { maxRounds: m.maxRounds } : {}),
    ...(m.teams ? { teams: { CT: m.teams.CT.name, T: m.teams.T.name } } : {}),
    matchzy: server?.matchzy === true,
    marks: (row.timeline ?? []).map(({ round, scoreCT, scoreT }) => ({
      round,
      ...(scoreCT !== undefined && scoreT !== undefined ? { scoreCT, scoreT } : {}),
    })),
  };
}

/**
 * Arms a recovery: the poller takes the match back once the server shows it at `rounds` played
 * (recoverIfShown). Only an open interruption is armed.
 */
export async function expectRestore(
  ctx: MutationCtx,
  id: Id<"interruptions">,
  rounds: number,
): Promise<void> {
  const row = await ctx.db.get("interruptions", id);
  if (row?.state === "open") await ctx.db.patch("interruptions", id, { restoreTo: rounds });
}
