/**
 * Kick, ban, unban, the ban list (admins and moderators; moderators within the limits of
 * model/moderation/sanctions.ts), the moderation settings, sanction history and the random player picker.
 */
import { omit } from "convex-helpers";
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./_generated/server";
import { paginateSafely } from "./lib/pagination";
import { moderatorQuery, publicQuery } from "./lib/functions";
import { capability } from "./model/capability/define";
import { playerSnapshotOf } from "./model/live/snapshots";
import { MODERATION_CAPABILITIES as M } from "./model/moderation/capabilities";
import { publicBanPage, vPublicBan } from "./model/moderation/publicBans";
import { flaggedAmong, vFlaggedPlayer } from "./model/moderation/sanctionNotice";
import { sanctionFields, vModerationSettings } from "./lib/sanctionFields";
import {
  applyToCommsInForce,
  commsInForcePage,
  expireCommsInForce,
} from "./model/moderation/commsInForce";
import {
  applyToBansInForce,
  expireBanInForce,
  replaySanctions,
  sanctionRow,
  canLiftComms,
} from "./model/moderation/sanctions";
import { getModerationSettings } from "./model/moderation/settings";

/** Sanction records per page at most. */
const HISTORY_PAGE_MAX = 100;

export const kick = capability(M.kick);
export const ban = capability(M.ban);
export const unban = capability(M.unban);

// Mute (voice), gag (text chat) and silence (both) through CS2-SimpleAdmin, and their removal.
export const mute = capability(M.mute);
export const gag = capability(M.gag);
export const silence = capability(M.silence);
export const unmute = capability(M.unmute);
export const ungag = capability(M.ungag);
export const unsilence = capability(M.unsilence);

export const expireBan = internalMutation({
  args: { id: v.id("bansInForce") },
  returns: v.null(),
  handler: async (ctx, { id }) => {
    await expireBanInForce(ctx, id);
    return null;
  },
});

/**
 * Rebuilds the bans in force from the sanction records, oldest first, a batch per run (for a
 * deployment whose records predate them): `npx convex run moderation:rebuildBansInForce '{}'`.
 */
export const rebuildBansInForce = internalMutation({
  args: { cursor: v.optional(v.union(v.string(), v.null())) },
  returns: v.null(),
  handler: async (ctx, { cursor }) => {
    const next = await replaySanctions(ctx, cursor ?? null, applyToBansInForce);
    if (next) {
      await ctx.scheduler.runAfter(0, internal.moderation.rebuildBansInForce, { cursor: next });
    }
    return null;
  },
});

export const expireComms = internalMutation({
  args: { id: v.id("commsInForce") },
  returns: v.null(),
  handler: async (ctx, { id }) => {
    await expireCommsInForce(ctx, id);
    return null;
  },
});

/**
 * Rebuilds the mutes, gags and silences in force from the sanction records, oldest first, a batch
 * per run: `npx convex run moderation:rebuildCommsInForce '{}'` once after upgrading a deployment
 * whose records predate them.
 */
export const rebuildCommsInForce = internalMutation({
  args: { cursor: v.optional(v.union(v.string(), v.null())) },
  returns: v.null(),
  handler: async (ctx, { cursor }) => {
    const next = await replaySanctions(ctx, cursor ?? null, applyToCommsInForce);
    if (next) {
      await ctx.scheduler.runAfter(0, internal.moderation.rebuildCommsInForce, { cursor: next });
    }
    return null;
  },
});

/** Reasons, duration presets and the moderator's maximum, for the kick and ban forms. */
export const settings = moderatorQuery({
  args: {},
  returns: vModerationSettings,
  handler: async (ctx) => await getModerationSettings(ctx),
});

/** Admins edit reasons, presets, the moderator's maximum and the public ban list switch. */
export const saveSettings = capability(M.saveSettings);

/** A sanction as the moderators' screens show it: the stored row without its server id. */
const vSanctionRow = v.object({ _id: v.id("sanctions"), ...omit(sanctionFields, ["serverId"]) });

/** One player's sanctions, newest first (admins and moderators). */
export const history = moderatorQuery({
  args: { steamId: v.string(), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(vSanctionRow),
  handler: async (ctx, { steamId, paginationOpts }) => {
    const result = await paginateSafely(
      ctx.db
        .query("sanctions")
        .withIndex("by_steamId_and_at", (q) => q.eq("steamId", steamId))
        .order("desc"),
      paginationOpts,
      HISTORY_PAGE_MAX,
    );
    return { ...result, page: result.page.map(sanctionRow) };
  },
});

/** Sanctions per page of a server's history at most. */
const SERVER_HISTORY_PAGE_MAX = 50;

/** A server's sanctions, newest first (lifted and expired ones included: the history). */
export const serverHistory = moderatorQuery({
  args: { serverId: v.id("servers"), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(vSanctionRow),
  handler: async (ctx, { serverId, paginationOpts }) => {
    const result = await paginateSafely(
      ctx.db
        .query("sanctions")
        .withIndex("by_serverId_and_at", (q) => q.eq("serverId", serverId))
        .order("desc"),
      paginationOpts,
      SERVER_HISTORY_PAGE_MAX,
    );
    return { ...result, page: result.page.map(sanctionRow) };
  },
});

/**
 * Mutes, gags and silences in force on a server (from the panel's records), newest first; each
 * says whether the caller may lift it (a moderator only a moderator's temporary block).
 */
export const activeComms = moderatorQuery({
  args: { serverId: v.id("servers"), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(v.object({ ...vSanctionRow.fields, canLift: v.boolean() })),
  handler: async (ctx, { serverId, paginationOpts }) => {
    const result = await commsInForcePage(ctx, serverId, paginationOpts, Date.now());
    const role = ctx.viewer.isAdmin ? "admin" : "moderator";
    return {
      ...result,
      page: result.page.map((s) => ({ ...sanctionRow(s), canLift: canLiftComms(role, s) })),
    };
  },
});

/**
 * Connected players of a server with an active or recent sanction (the «⚑» flag): how many
 * records, which blocks are in force, and the latest one. Only admins and moderators subscribe, so
 * anonymous viewers of the live table pay nothing for it.
 */
export const flaggedPlayers = moderatorQuery({
  args: { serverId: v.id("servers") },
  returns: v.array(vFlaggedPlayer),
  handler: async (ctx, { serverId }) => {
    const row = await playerSnapshotOf(ctx, serverId);
    return await flaggedAmong(ctx, (row?.players ?? []).slice(0, 64), Date.now());
  },
});

/** Whether the community's ban list is public (the page asks before it lists). */
export const publicBanListInfo = publicQuery({
  args: {},
  returns: v.object({ enabled: v.boolean() }),
  handler: async (ctx) => ({ enabled: (await getModerationSettings(ctx)).publicBanList }),
});

/** The public ban list: bans from the panel, newest first; names who banned only if allowed. */
export const publicBans = publicQuery({
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(vPublicBan),
  handler: async (ctx, { paginationOpts }) => {
    const { enabled: _, ...page } = await publicBanPage(ctx, paginationOpts);
    return page;
  },
});

/**
 * The bans in force on the game server (its list is the truth), merged with our records: reason,
 * who and when; what we had no record of is imported as a game-server sanction. `canLift` says
 * which the caller may lift.
 */
export const banList = capability(M.banList);

/** Picks `count` T/CT players (bots only when asked), on the backend, audited. */
export const randomPlayers = capability(M.randomPlayers);
