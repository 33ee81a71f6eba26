/**
 * The 2v2 map ban/pick. Rules live in `model/tournament.ts`; these handlers only load the active
 * tournament and the caller's membership, apply one rule, and write the result. Convex mutations
 * are serialisable, so when two clicks race for the same step the second one sees the advanced
 * `currentStep` and is refused as stale.
 *
 * Participants are browser sessions (`tournamentEntrants`). Session ids are bearer secrets and
 * never leave the backend: `get` returns nicknames only, `me` tells a caller their own seat.
 */
import { ConvexError, v, type Infer } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import { internalMutation, internalQuery, type QueryCtx } from "./_generated/server";
import { appendAudit } from "./model/audit";
import { fail, refusalAsValue, vRefusal, type ErrorData } from "./lib/errors";
import { adminAction, publicQuery, sessionMutation, sessionQuery } from "./lib/functions";
import { limitTournamentWrite } from "./lib/rateLimits";
import { tournamentFields, vLaunchPayload, vSide, vTournamentTeamKey } from "./lib/validators";
import { notifyTournamentLaunched, notifyTournamentStep } from "./model/notifications";
import * as model from "./model/tournament";

const f = tournamentFields;

const vTournamentView = v.object({
  id: v.id("tournaments"),
  status: f.status,
  mapPool: f.mapPool,
  remainingMaps: v.array(v.string()),
  bannedMaps: f.bannedMaps,
  finalMap: f.finalMap,
  serverMap: f.serverMap,
  finalSide: f.finalSide,
  teamA: f.teamA,
  teamB: f.teamB,
  sequence: f.sequence,
  currentStep: f.currentStep,
  turn: f.turn,
  phase: f.phase,
  history: f.history,
  isLaunched: f.isLaunched,
  launchedMode: f.launchedMode,
  createdAt: f.createdAt,
});
export type TournamentView = Infer<typeof vTournamentView>;

async function getActive(ctx: QueryCtx): Promise<Doc<"tournaments"> | null> {
  return await ctx.db
    .query("tournaments")
    .withIndex("by_active", (q) => q.eq("active", true))
    .unique();
}

async function findEntrant(ctx: QueryCtx, tournamentId: Id<"tournaments">, sessionId: string) {
  return await ctx.db
    .query("tournamentEntrants")
    .withIndex("by_tournamentId_and_sessionId", (q) =>
      q.eq("tournamentId", tournamentId).eq("sessionId", sessionId),
    )
    .unique();
}

/** The active tournament (as model state) and who the caller is in it. */
async function loadForWrite(ctx: QueryCtx, sessionId: string, isAdmin: boolean) {
  const doc = await getActive(ctx);
  if (!doc) fail("NOT_FOUND", model.TOURNAMENT_MESSAGES.notFound);
  const entrant = await findEntrant(ctx, doc._id, sessionId);
  const { _id: id, _creationTime: _, ...state } = doc;
  const actor: model.Actor = { team: entrant?.team ?? null, isAdmin };
  return { id, state, actor };
}

/** The active tournament for everyone; null when an admin has not created one yet. */
export const get = publicQuery({
  args: {},
  returns: v.union(v.null(), vTournamentView),
  handler: async (ctx) => {
    const t = await getActive(ctx);
    if (!t) return null;
    return {
      id: t._id,
      status: t.status,
      mapPool: t.mapPool,
      remainingMaps: model.remainingMaps(t),
      bannedMaps: t.bannedMaps,
      finalMap: t.finalMap,
      serverMap: t.serverMap,
      finalSide: t.finalSide,
      teamA: t.teamA,
      teamB: t.teamB,
      sequence: t.sequence,
      currentStep: t.currentStep,
      turn: t.turn,
      phase: t.phase,
      history: t.history,
      isLaunched: t.isLaunched,
      launchedMode: t.launchedMode,
      createdAt: t.createdAt,
    };
  },
});

/** The caller's own seat in the active tournament; null when they have not joined it. */
export const me = sessionQuery({
  args: {},
  returns: v.union(v.null(), v.object({ team: vTournamentTeamKey, nickname: v.string() })),
  handler: async (ctx) => {
    const t = await getActive(ctx);
    const entrant = t ? await findEntrant(ctx, t._id, ctx.sessionId) : null;
    return entrant ? { team: entrant.team, nickname: entrant.nickname } : null;
  },
});

/*
 * The three writes anonymous participants make. Each takes a rate-limit token first and returns its
 * refusals as values (`refusalAsValue`), so refused attempts stay counted; the model refuses
 * before anything is written.
 */
export const join = sessionMutation({
  args: { team: vTournamentTeamKey, nickname: v.string() },
  returns: v.union(v.null(), vRefusal),
  handler: async (ctx, { team, nickname }) => {
    await limitTournamentWrite(ctx, ctx.sessionId);
    return await refusalAsValue(async () => {
      const { id, state, actor } = await loadForWrite(ctx, ctx.sessionId, ctx.viewer.isAdmin);
      const next = model.join(state, actor, team, nickname, Date.now());
      await ctx.db.replace("tournaments", id, next);
      const seat = next[team].players.at(-1)!;
      await ctx.db.insert("tournamentEntrants", {
        tournamentId: id,
        sessionId: ctx.sessionId,
        team,
        nickname: seat.nickname,
      });
      return null;
    });
  },
});

/** `expectedStep` is the `currentStep` the caller saw; a click on an answered step is refused. */
export const ban = sessionMutation({
  args: { map: v.string(), expectedStep: v.number() },
  returns: v.union(v.null(), vRefusal),
  handler: async (ctx, { map, expectedStep }) => {
    await limitTournamentWrite(ctx, ctx.sessionId);
    return await refusalAsValue(async () => {
      const { id, state, actor } = await loadForWrite(ctx, ctx.sessionId, ctx.viewer.isAdmin);
      const next = model.ban(state, actor, map, expectedStep, Date.now());
      await ctx.db.replace("tournaments", id, next);
      return null;
    });
  },
});

export const pickSide = sessionMutation({
  args: { side: vSide, expectedStep: v.number() },
  returns: v.union(v.null(), vRefusal),
  handler: async (ctx, { side, expectedStep }) => {
    await limitTournamentWrite(ctx, ctx.sessionId);
    return await refusalAsValue(async () => {
      const { id, state, actor } = await loadForWrite(ctx, ctx.sessionId, ctx.viewer.isAdmin);
      const next = model.pickSide(state, actor, side, expectedStep, Date.now());
      await ctx.db.replace("tournaments", id, next);
      await notifyTournamentStep(ctx, state, next);
      // An admin deciding for a team is an override, so it goes into the audit log.
      if (actor.team !== state.turn) {
        await appendAudit(ctx, {
          identity: "admin",
          username: ctx.viewer.displayName,
          tokenIdentifier: ctx.viewer.identity?.tokenIdentifier,
          action: "tournament_pick_side",
          outcome: "success",
          details: `${state.turn}: ${side}`,
        });
      }
      return null;
    });
  },
});

/** Writes a fresh tournament and retires the active one; its entrants no longer match. */
export const writeNew = internalMutation({
  args: { username: v.string(), tokenIdentifier: v.optional(v.string()) },
  returns: v.id("tournaments"),
  handler: async (ctx, { username, tokenIdentifier }) => {
    // `take`, not `unique`: a reset must also repair a store that somehow holds two active rows.
    const previous = await ctx.db
      .query("tournaments")
      .withIndex("by_active", (q) => q.eq("active", true))
      .take(10);
    for (const old of previous) await ctx.db.patch("tournaments", old._id, { active: false });
    const id = await ctx.db.insert(
      "tournaments",
      model.createTournament({ createdBy: username, now: Date.now() }),
    );
    await appendAudit(ctx, {
      identity: "admin",
      username,
      tokenIdentifier,
      action: previous.length > 0 ? "tournament_reset" : "tournament_create",
      outcome: "success",
    });
    return id;
  },
});

/** Creates a new tournament, replacing the active one (if any) and forgetting its participants. */
export const reset = adminAction({
  audit: "tournament_reset",
  args: {},
  returns: v.id("tournaments"),
  handler: async (ctx): Promise<Id<"tournaments">> =>
    await ctx.runMutation(internal.tournament.writeNew, {
      username: ctx.viewer.username,
      tokenIdentifier: ctx.viewer.tokenIdentifier,
    }),
});

/**
 * What the launch action sends to the game server, or why it cannot launch yet. Returned rather
 * than thrown so the caller can audit the refusal before failing.
 */
export const launchInfo = internalQuery({
  args: { mode: v.string() },
  returns: v.union(
    v.object({ ok: v.literal(true), tournamentId: v.id("tournaments"), payload: vLaunchPayload }),
    v.object({
      ok: v.literal(false),
      code: v.union(v.literal("NOT_FOUND"), v.literal("CONFLICT"), v.literal("INVALID_INPUT")),
      message: v.string(),
    }),
  ),
  handler: async (ctx, { mode }) => {
    const t = await getActive(ctx);
    const refuse = (code: "NOT_FOUND" | "CONFLICT" | "INVALID_INPUT", message: string) => ({
      ok: false as const,
      code,
      message,
    });
    if (!t) return refuse("NOT_FOUND", model.TOURNAMENT_MESSAGES.notFound);
    if (t.isLaunched) return refuse("CONFLICT", model.TOURNAMENT_MESSAGES.alreadyLaunched);
    try {
      return { ok: true as const, tournamentId: t._id, payload: model.launchPayload(t, mode) };
    } catch (error) {
      if (!(error instanceof ConvexError)) throw error;
      const { code, message } = error.data as ErrorData;
      if (code !== "CONFLICT" && code !== "INVALID_INPUT") throw error;
      return refuse(code, message);
    }
  },
});

/** Records a launch the game server accepted. */
export const markLaunched = internalMutation({
  args: {
    tournamentId: v.id("tournaments"),
    mode: v.string(),
    username: v.string(),
    tokenIdentifier: v.optional(v.string()),
    serverId: v.optional(v.id("servers")),
  },
  returns: v.null(),
  handler: async (ctx, { tournamentId, mode, username, tokenIdentifier, serverId }) => {
    const t = await ctx.db.get("tournaments", tournamentId);
    if (!t) fail("NOT_FOUND", model.TOURNAMENT_MESSAGES.notFound);
    // Recorded even if an admin reset meanwhile: the match did start on the server.
    await ctx.db.patch("tournaments", tournamentId, { isLaunched: true, launchedMode: mode });
    await notifyTournamentLaunched(ctx, t, { admin: username, mode, serverId });
    await appendAudit(ctx, {
      identity: "admin",
      username,
      tokenIdentifier,
      serverId,
      action: "tournament_launch",
      outcome: "success",
      details: `${mode}, ${t.serverMap ?? "?"}`,
    });
    return null;
  },
});
