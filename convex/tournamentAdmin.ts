/**
 * Admin side of the map ban/pick: creating tournaments in any format, starting without every
 * "Готові", pausing the clock, archiving, launch readiness; plus the internal functions the turn
 * timer and the launch action run. Rules live in `model/tournament.ts`.
 */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { internalMutation } from "./_generated/server";
import { fail } from "./lib/errors";
import { adminAction, adminQuery } from "./lib/functions";
import { cryptoChance, randomSlug } from "./lib/random";
import { vTournamentFormat, vTournamentTeamKey } from "./lib/validators";
import { appendAudit } from "./model/audit";
import * as model from "./model/tournament";
import { validateFormat } from "./model/tournamentFormats";
import { readinessOf } from "./model/tournamentReadiness";
import {
  entrantByNickname,
  requireTournament,
  save,
  seatForSteamId,
  stateOf,
} from "./model/tournamentStore";
import { parseSteamId } from "./lib/steamId";

const vAdminOp = v.union(
  v.literal("forceStart"),
  v.literal("pause"),
  v.literal("resume"),
  v.literal("archive"),
);

/** Writes a new tournament with a fresh unique slug. Other tournaments are left alone. */
export const writeNew = internalMutation({
  args: {
    format: vTournamentFormat,
    username: v.string(),
    tokenIdentifier: v.optional(v.string()),
  },
  returns: v.object({ id: v.id("tournaments"), slug: v.string() }),
  handler: async (ctx, { format, username, tokenIdentifier }) => {
    const valid = validateFormat(format);
    let slug = randomSlug();
    // 32^6 codes: a clash is rare, and each retry is one index lookup.
    while (
      await ctx.db
        .query("tournaments")
        .withIndex("by_slug", (q) => q.eq("slug", slug))
        .first()
    ) {
      slug = randomSlug();
    }
    const id = await ctx.db.insert(
      "tournaments",
      model.createTournament({ createdBy: username, now: Date.now(), format: valid, slug }),
    );
    await appendAudit(ctx, {
      identity: "admin",
      username,
      tokenIdentifier,
      action: "tournament_create",
      outcome: "success",
      details: `${slug}: ${valid.preset}`,
    });
    return { id, slug };
  },
});

/** Creates a tournament in the given format (a preset or a validated custom one). */
export const create = adminAction({
  audit: "tournament_create",
  args: { format: vTournamentFormat },
  returns: v.object({ id: v.id("tournaments"), slug: v.string() }),
  handler: async (ctx, { format }): Promise<{ id: Id<"tournaments">; slug: string }> =>
    await ctx.runMutation(internal.tournamentAdmin.writeNew, {
      format,
      username: ctx.viewer.username,
      tokenIdentifier: ctx.viewer.tokenIdentifier,
    }),
});

export const applyAdminOp = internalMutation({
  args: {
    tournamentId: v.id("tournaments"),
    op: vAdminOp,
    username: v.string(),
    tokenIdentifier: v.optional(v.string()),
  },
  returns: v.null(),
  handler: async (ctx, { tournamentId, op, username, tokenIdentifier }) => {
    const doc = await requireTournament(ctx, tournamentId);
    const state = stateOf(doc);
    const now = Date.now();
    const next =
      op === "forceStart"
        ? model.forceStart(state, now, cryptoChance)
        : op === "pause"
          ? model.pause(state, now)
          : op === "resume"
            ? model.resume(state, now)
            : model.archive(state);
    await save(ctx, doc._id, state, next);
    await appendAudit(ctx, {
      identity: "admin",
      username,
      tokenIdentifier,
      action: `tournament_${op}`,
      outcome: "success",
      details: doc.slug,
    });
    return null;
  },
});

/** Start without every "Готові", pause or resume the clock, or archive a tournament. */
export const adminOp = adminAction({
  audit: "tournament_admin",
  args: { tournamentId: v.id("tournaments"), op: vAdminOp },
  returns: v.null(),
  handler: async (ctx, { tournamentId, op }): Promise<null> =>
    await ctx.runMutation(internal.tournamentAdmin.applyAdminOp, {
      tournamentId,
      op,
      username: ctx.viewer.username,
      tokenIdentifier: ctx.viewer.tokenIdentifier,
    }),
});

const vSeatOp = v.union(v.literal("remove"), v.literal("replace"));

export const applySeatOp = internalMutation({
  args: {
    tournamentId: v.id("tournaments"),
    team: vTournamentTeamKey,
    nickname: v.string(),
    op: vSeatOp,
    steamId: v.optional(v.string()),
    username: v.string(),
    tokenIdentifier: v.optional(v.string()),
  },
  returns: v.null(),
  handler: async (
    ctx,
    { tournamentId, team, nickname, op, steamId, username, tokenIdentifier },
  ) => {
    const doc = await requireTournament(ctx, tournamentId);
    const state = stateOf(doc);
    const now = Date.now();
    let next: model.TournamentState;
    if (op === "remove") {
      next = model.removeSeat(state, team, nickname, now);
    } else {
      if (!steamId) fail("INVALID_INPUT", model.TOURNAMENT_MESSAGES.seatNotFound);
      next = model.replaceSeat(state, team, nickname, await seatForSteamId(ctx, steamId), now);
    }
    await save(ctx, doc._id, state, next);
    // A browser session's seat: that browser no longer holds it.
    const entrant = await entrantByNickname(ctx, doc._id, nickname);
    if (entrant) await ctx.db.delete("tournamentEntrants", entrant._id);
    const seat = next[team].players.find((p) => p.steamId === steamId);
    await appendAudit(ctx, {
      identity: "admin",
      username,
      tokenIdentifier,
      action: op === "remove" ? "tournament_seat_remove" : "tournament_seat_replace",
      outcome: "success",
      details: `${doc.slug} ${doc[team].name}: ${nickname}${seat ? ` → ${seat.nickname} (${steamId})` : ""}`,
    });
    return null;
  },
});

/**
 * Frees a seat, or gives it to another player by SteamID64 (any form a ban form takes, resolved
 * offline), at any time before the first launch. Audited.
 */
export const seatOp = adminAction({
  audit: "tournament_seat",
  args: {
    tournamentId: v.id("tournaments"),
    team: vTournamentTeamKey,
    nickname: v.string(),
    op: vSeatOp,
    steamId: v.optional(v.string()),
  },
  returns: v.null(),
  handler: async (ctx, { tournamentId, team, nickname, op, steamId }): Promise<null> => {
    let id: string | undefined;
    if (op === "replace") {
      const parsed = parseSteamId(steamId ?? "");
      if (parsed.kind !== "id64") fail("INVALID_INPUT", REPLACEMENT_STEAM_ID);
      id = parsed.steamId;
    }
    await ctx.runMutation(internal.tournamentAdmin.applySeatOp, {
      tournamentId,
      team,
      nickname: nickname.slice(0, 64),
      op,
      steamId: id,
      username: ctx.viewer.username,
      tokenIdentifier: ctx.viewer.tokenIdentifier,
    });
    return null;
  },
});

const REPLACEMENT_STEAM_ID =
  "Вкажіть SteamID64 або посилання steamcommunity.com/profiles/… гравця, який займе місце.";

export const writeNames = internalMutation({
  args: {
    tournamentId: v.id("tournaments"),
    name: v.string(),
    teamA: v.string(),
    teamB: v.string(),
    username: v.string(),
    tokenIdentifier: v.optional(v.string()),
  },
  returns: v.null(),
  handler: async (ctx, { tournamentId, username, tokenIdentifier, ...names }) => {
    const doc = await requireTournament(ctx, tournamentId);
    const state = stateOf(doc);
    const next = model.rename(state, names);
    await save(ctx, doc._id, state, next);
    await appendAudit(ctx, {
      identity: "admin",
      username,
      tokenIdentifier,
      action: "tournament_rename",
      outcome: "success",
      details: `${doc.slug}: ${next.name ?? "—"} (${next.teamA.name} — ${next.teamB.name})`,
    });
    return null;
  },
});

/** Names the tournament and its teams; they show on its page, match pages, Discord and launch. */
export const rename = adminAction({
  audit: "tournament_rename",
  args: {
    tournamentId: v.id("tournaments"),
    name: v.string(),
    teamA: v.string(),
    teamB: v.string(),
  },
  returns: v.null(),
  handler: async (ctx, { tournamentId, name, teamA, teamB }): Promise<null> => {
    await ctx.runMutation(internal.tournamentAdmin.writeNames, {
      tournamentId,
      name: name.slice(0, 200),
      teamA: teamA.slice(0, 200),
      teamB: teamB.slice(0, 200),
      username: ctx.viewer.username,
      tokenIdentifier: ctx.viewer.tokenIdentifier,
    });
    return null;
  },
});

/**
 * The turn timer: scheduled for one step at its deadline. Acts only if that step is still open,
 * unpaused and due (model.expireStep), so it acts at most once and never after a played step.
 */
export const expire = internalMutation({
  args: { tournamentId: v.id("tournaments"), step: v.number() },
  returns: v.null(),
  handler: async (ctx, { tournamentId, step }) => {
    const doc = await ctx.db.get("tournaments", tournamentId);
    if (!doc) return null;
    const state = stateOf(doc);
    const next = model.expireStep(state, step, Date.now(), cryptoChance);
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
