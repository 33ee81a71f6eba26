/**
 * Admin side of the map ban/pick: creating tournaments in any format, starting without every
 * "Готові", pausing the clock, archiving, freeing or replacing seats, naming (declared in
 * model/tournament/admin.ts), launch readiness; plus the turn timer. Rules live in
 * `model/tournament/roster.ts` and `model/tournament/veto.ts`.
 */
import { v } from "convex/values";
import { internalMutation } from "./_generated/server";
import { adminQuery } from "./lib/functions";
import { cryptoChance } from "./lib/random";
import { vTournamentTeamKey } from "./lib/tournamentFields";
import { capability } from "./model/capability/define";
import { expireStep } from "./model/tournament/veto";
import { TOURNAMENT_CAPABILITIES } from "./model/tournament/admin";
import { readinessOf } from "./model/tournament/readiness";
import { seatActivity as activityOf, SEAT_IDLE_MS } from "./model/tournament/seats";
import { stateOf, save, requireTournament } from "./model/tournament/store";

/** Creates a tournament in the given format (a preset or a validated custom one). */
export const create = capability(TOURNAMENT_CAPABILITIES.create);

/** Picks the side for the team in turn; audited. */
export const pickSide = capability(TOURNAMENT_CAPABILITIES.pickSide);

/** Start without every "Готові", pause or resume the clock, or archive a tournament. */
export const adminOp = capability(TOURNAMENT_CAPABILITIES.adminOp);

/**
 * Frees a seat, or gives it to another player by SteamID64 (any form a ban form takes, resolved
 * offline), at any time before the first launch.
 */
export const seatOp = capability(TOURNAMENT_CAPABILITIES.seatOp);

/** Names the tournament and its teams; they show on its page, match pages, Discord and launch. */
export const rename = capability(TOURNAMENT_CAPABILITIES.rename);

/** Frees the seats of holders not seen for a while, before the veto starts. */
export const freeIdleSeats = capability(TOURNAMENT_CAPABILITIES.freeIdleSeats);

/**
 * When each seat's holder was last seen. Whether a seat is idle is for the page to judge with its
 * own clock (`idleAfterMs`): a query's answer is cached until the data changes, not as time passes.
 */
export const seatActivity = adminQuery({
  args: { tournamentId: v.id("tournaments") },
  returns: v.object({
    seats: v.array(
      v.object({
        team: vTournamentTeamKey,
        nickname: v.string(),
        lastSeen: v.number(),
      }),
    ),
    idleAfterMs: v.number(),
  }),
  handler: async (ctx, { tournamentId }) => {
    const doc = await requireTournament(ctx, tournamentId);
    return { seats: await activityOf(ctx, doc), idleAfterMs: SEAT_IDLE_MS };
  },
});

/**
 * The turn timer: scheduled for one step at its deadline. Acts only if that step is still open,
 * unpaused and due (expireStep), so it acts at most once and never after a played step.
 */
export const expire = internalMutation({
  args: { tournamentId: v.id("tournaments"), step: v.number() },
  returns: v.null(),
  handler: async (ctx, { tournamentId, step }) => {
    const doc = await ctx.db.get("tournaments", tournamentId);
    if (!doc) return null;
    const state = stateOf(doc);
    const next = expireStep(state, step, Date.now(), cryptoChance);
    if (next) await save(ctx, doc._id, state, next);
    return null;
  },
});

/** Per participant: is a player with that nickname on the target server now. */
export const readiness = adminQuery({
  args: { tournamentId: v.id("tournaments"), serverId: v.id("servers") },
  returns: v.object({
    players: v.array(
      v.object({ nickname: v.string(), team: vTournamentTeamKey, connected: v.boolean() }),
    ),
    connected: v.number(),
    total: v.number(),
    /** When the player list was last read; null when the panel has none for this server. */
    updatedAt: v.union(v.number(), v.null()),
  }),
  handler: async (ctx, { tournamentId, serverId }) => {
    const t = await requireTournament(ctx, tournamentId);
    const snapshot = await ctx.db
      .query("playerSnapshots")
      .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
      .unique();
    return readinessOf(t, snapshot?.players ?? [], snapshot?.updatedAt ?? null);
  },
});
