/**
 * Kick, ban, unban, the ban list (admins and moderators; moderators within the limits of
 * model/sanctions.ts), the moderation settings, sanction history and the random player picker.
 */
import { paginationOptsValidator } from "convex/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation, internalQuery } from "./_generated/server";
import { paginateSafely } from "./lib/pagination";
import { moderatorAction, moderatorQuery, publicQuery } from "./lib/functions";
import { capability, requireServer } from "./model/capability";
import { playerSnapshotOf } from "./model/liveData";
import {
  banEntries,
  fetchBanList,
  vBanEntry,
  vPlayerRef,
  type BanEntry,
  type PlayerRef,
} from "./model/moderation";
import { MODERATION_CAPABILITIES } from "./model/moderationCapabilities";
import { publicBanPage, vPublicBan } from "./model/publicBans";
import { vModerationSettings, vSanctionKind, vSanctionRole } from "./model/sanctionFields";
import {
  applyToBansInForce,
  expireBanInForce,
  getModerationSettings,
  sanctionRow,
} from "./model/sanctions";

/** Sanction records per page at most. */
const HISTORY_PAGE_MAX = 100;

export const kick = capability(MODERATION_CAPABILITIES.kick);
export const ban = capability(MODERATION_CAPABILITIES.ban);
export const unban = capability(MODERATION_CAPABILITIES.unban);

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
    const batch = await ctx.db
      .query("sanctions")
      .paginate({ cursor: cursor ?? null, numItems: 200 });
    const now = Date.now();
    for (const record of batch.page) await applyToBansInForce(ctx, record, now);
    if (!batch.isDone) {
      await ctx.scheduler.runAfter(0, internal.moderation.rebuildBansInForce, {
        cursor: batch.continueCursor,
      });
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
export const saveSettings = capability(MODERATION_CAPABILITIES.saveSettings);

const vSanctionRow = v.object({
  _id: v.id("sanctions"),
  steamId: v.string(),
  playerName: v.optional(v.string()),
  kind: vSanctionKind,
  reason: v.optional(v.string()),
  durationMinutes: v.optional(v.number()),
  expiresAt: v.optional(v.number()),
  serverName: v.optional(v.string()),
  at: v.number(),
  by: v.string(),
  byRole: vSanctionRole,
  source: v.union(v.literal("panel"), v.literal("gameServer")),
});

const vPage = <T extends Parameters<typeof v.array>[0]>(row: T) =>
  v.object({
    page: v.array(row),
    isDone: v.boolean(),
    continueCursor: v.string(),
    splitCursor: v.optional(v.union(v.string(), v.null())),
    pageStatus: v.optional(
      v.union(v.literal("SplitRecommended"), v.literal("SplitRequired"), v.null()),
    ),
  });

/** One player's sanctions, newest first (admins and moderators). */
export const history = moderatorQuery({
  args: { steamId: v.string(), paginationOpts: paginationOptsValidator },
  returns: vPage(vSanctionRow),
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

/**
 * Connected players of a server with earlier sanctions, and how many. Only admins and
 * moderators subscribe, so anonymous viewers of the live table pay nothing for it.
 */
export const flaggedPlayers = moderatorQuery({
  args: { serverId: v.id("servers") },
  returns: v.array(v.object({ steamId: v.string(), count: v.number() })),
  handler: async (ctx, { serverId }) => {
    const row = await playerSnapshotOf(ctx, serverId);
    const flagged: { steamId: string; count: number }[] = [];
    for (const p of (row?.players ?? []).slice(0, 64)) {
      const records = await ctx.db
        .query("sanctions")
        .withIndex("by_steamId_and_at", (q) => q.eq("steamId", p.steamId))
        .take(10);
      if (records.length > 0) flagged.push({ steamId: p.steamId, count: records.length });
    }
    return flagged;
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
  returns: vPage(vPublicBan),
  handler: async (ctx, { paginationOpts }) => {
    const { enabled: _, ...page } = await publicBanPage(ctx, paginationOpts);
    return page;
  },
});

/** Current players of a server (for nicknames in the ban list and for the random picker). */
export const currentPlayers = internalQuery({
  args: { serverId: v.id("servers") },
  returns: v.array(vPlayerRef),
  handler: async (ctx, { serverId }) => {
    const row = await playerSnapshotOf(ctx, serverId);
    return (row?.players ?? []).map((p) => ({ steamId: p.steamId, name: p.name, team: p.team }));
  },
});

/** The game server's ban list, with nicknames of the banned players who are still listed. */
export const banList = moderatorAction({
  audit: "banList",
  args: {},
  returns: v.array(vBanEntry),
  handler: async (ctx, { serverId }): Promise<BanEntry[]> => {
    const server = await requireServer(ctx, serverId);
    const list = await fetchBanList(server.target);
    const players: PlayerRef[] = await ctx.runQuery(internal.moderation.currentPlayers, {
      serverId: server.serverId,
    });
    return banEntries(list, players);
  },
});

/** Picks `count` players among the Terrorists and Counter-Terrorists, on the backend, audited. */
export const randomPlayers = capability(MODERATION_CAPABILITIES.randomPlayers);
