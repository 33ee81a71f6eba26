/**
 * Kick, ban, unban, the ban list (admins and moderators; moderators within the limits of
 * model/sanctions.ts), the moderation settings, sanction history and the random player picker.
 */
import { paginationOptsValidator } from "convex/server";
import { ConvexError, v } from "convex/values";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { internalMutation, internalQuery, type ActionCtx } from "./_generated/server";
import type { GameServerTarget } from "./lib/validators";
import { fail, MESSAGES } from "./lib/errors";
import { paginateSafely } from "./lib/pagination";
import {
  adminAction,
  moderatorAction,
  moderatorQuery,
  publicQuery,
  type ActionViewer,
} from "./lib/functions";
import { playerSnapshotOf } from "./model/liveData";
import {
  banEntries,
  banOnServer,
  fetchBanList,
  pickRandomPlayers,
  vBanEntry,
  vPlayerRef,
  type BanEntry,
  type PlayerRef,
} from "./model/moderation";
import { actorOf } from "./lib/viewer";
import {
  requireServer,
  runServerAction,
  vActionResult,
  type ActionResult,
} from "./model/serverActions";
import {
  vModerationSettings,
  vSanctionKind,
  vSanctionRole,
  type SanctionRole,
} from "./model/sanctionFields";
import {
  applyToBansInForce,
  checkBanDuration,
  checkReplaceBan,
  checkUnban,
  cleanSettings,
  expireBanInForce,
  getModerationSettings,
  panelBanInForce,
  type BanInForce,
  recordSanction,
  requireReason,
  sanctionRow,
  writeModerationSettings,
} from "./model/sanctions";
import { appendAudit } from "./model/audit";
import { resolveSteamId } from "./model/steamVanity";
import { publicBanPage, vPublicBan } from "./model/publicBans";

type GatedCtx = ActionCtx & { viewer: ActionViewer };

/** Sanction records per page at most. */
const HISTORY_PAGE_MAX = 100;

function roleOf(viewer: ActionViewer): SanctionRole {
  return viewer.isAdmin ? "admin" : viewer.isModerator ? "moderator" : "guest";
}

/** Runs a policy check; a refusal is audited before it reaches the caller. */
async function audited(
  ctx: GatedCtx,
  action: string,
  serverId: Id<"servers">,
  check: () => void | Promise<void>,
) {
  try {
    await check();
  } catch (error) {
    if (error instanceof ConvexError) {
      const data = error.data as { code?: string; message?: string };
      await ctx.runMutation(internal.audit.record, {
        ...actorOf(ctx.viewer),
        action,
        serverId,
        outcome: data.code === "FORBIDDEN" ? "unauthorized" : "failure",
        details: data.message,
      });
    }
    throw error;
  }
}

/**
 * The ban in force for a player on this server, for a moderator's ban or unban: the panel's record
 * and the game server's own ban list (a ban the panel did not give counts as an admin's).
 */
async function banInForceOn(
  ctx: ActionCtx,
  server: { serverId: Id<"servers">; target: GameServerTarget },
  steamId: string,
): Promise<BanInForce> {
  const panel = await ctx.runQuery(internal.moderation.panelBan, {
    steamId,
    serverId: server.serverId,
  });
  return { panel, onServer: banOnServer(await fetchBanList(server.target), steamId) };
}

async function playerNameOf(ctx: ActionCtx, serverId: Id<"servers">, steamId: string) {
  const players: PlayerRef[] = await ctx.runQuery(internal.moderation.currentPlayers, {
    serverId,
  });
  return players.find((p) => p.steamId === steamId)?.name;
}

/** Kicks a connected player; the reason goes into the sanction record. */
export const kick = moderatorAction({
  audit: "kick",
  args: { steamId: v.string(), reason: v.optional(v.string()) },
  returns: vActionResult,
  handler: async (ctx, { serverId, steamId: input, reason }): Promise<ActionResult> => {
    const server = await requireServer(ctx, serverId);
    const steamId = await resolveSteamId(input);
    const cleaned = reason === undefined ? undefined : requireReason(reason);
    const playerName = await playerNameOf(ctx, server.serverId, steamId);
    const result = await runServerAction(ctx, server, { kind: "kick", steamId });
    await ctx.runMutation(internal.moderation.storeSanction, {
      steamId,
      playerName,
      kind: "kick",
      reason: cleaned,
      serverId: server.serverId,
      by: ctx.viewer.username,
      byRole: roleOf(ctx.viewer),
    });
    return result;
  },
});

/**
 * Bans any SteamID form (connected or not) for `duration` minutes (0 = permanent, admins only;
 * moderators up to the configured maximum), with a reason sent to the game server.
 */
export const ban = moderatorAction({
  audit: "ban",
  args: { steamId: v.string(), duration: v.number(), reason: v.optional(v.string()) },
  returns: vActionResult,
  handler: async (ctx, { serverId, steamId: input, duration, reason }): Promise<ActionResult> => {
    const server = await requireServer(ctx, serverId);
    const role = roleOf(ctx.viewer);
    const settings = await ctx.runQuery(internal.moderation.currentSettings, {});
    await audited(ctx, "ban", server.serverId, () => checkBanDuration(role, duration, settings));
    const steamId = await resolveSteamId(input);
    if (role !== "admin") {
      const inForce = await banInForceOn(ctx, server, steamId);
      await audited(ctx, "ban", server.serverId, () => checkReplaceBan(role, inForce, settings));
    }
    // Admins may leave the reason out (older clients, scripts); moderators always give one.
    const cleaned =
      reason === undefined && role === "admin" ? undefined : requireReason(reason ?? "");
    const playerName = await playerNameOf(ctx, server.serverId, steamId);
    const result = await runServerAction(ctx, server, {
      kind: "ban",
      steamId,
      duration,
      reason: cleaned,
    });
    await ctx.runMutation(internal.moderation.storeSanction, {
      steamId,
      playerName,
      kind: "ban",
      reason: cleaned,
      durationMinutes: duration,
      serverId: server.serverId,
      by: ctx.viewer.username,
      byRole: role,
    });
    return result;
  },
});

/** Lifts a ban; moderators only lift moderators' temporary bans. */
export const unban = moderatorAction({
  audit: "unban",
  args: { steamId: v.string() },
  returns: vActionResult,
  handler: async (ctx, { serverId, steamId: input }): Promise<ActionResult> => {
    const server = await requireServer(ctx, serverId);
    const steamId = await resolveSteamId(input);
    const role = roleOf(ctx.viewer);
    if (role !== "admin") {
      const settings = await ctx.runQuery(internal.moderation.currentSettings, {});
      const inForce = await banInForceOn(ctx, server, steamId);
      await audited(ctx, "unban", server.serverId, () => checkUnban(role, inForce, settings));
    }
    const result = await runServerAction(ctx, server, { kind: "unban", steamId });
    await ctx.runMutation(internal.moderation.storeSanction, {
      steamId,
      kind: "unban",
      serverId: server.serverId,
      by: ctx.viewer.username,
      byRole: role,
    });
    return result;
  },
});

export const currentSettings = internalQuery({
  args: {},
  returns: vModerationSettings,
  handler: async (ctx) => await getModerationSettings(ctx),
});

export const panelBan = internalQuery({
  args: { steamId: v.string(), serverId: v.id("servers") },
  returns: v.union(v.null(), v.object({ byRole: vSanctionRole, durationMinutes: v.number() })),
  handler: async (ctx, { steamId, serverId }) => {
    const ban = await panelBanInForce(ctx, steamId, serverId, Date.now());
    return ban ? { byRole: ban.byRole, durationMinutes: ban.durationMinutes } : null;
  },
});

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

export const storeSanction = internalMutation({
  args: {
    steamId: v.string(),
    playerName: v.optional(v.string()),
    kind: vSanctionKind,
    reason: v.optional(v.string()),
    durationMinutes: v.optional(v.number()),
    serverId: v.optional(v.id("servers")),
    by: v.string(),
    byRole: vSanctionRole,
  },
  returns: v.null(),
  handler: async (ctx, args) => {
    await recordSanction(ctx, args);
    return null;
  },
});

/** Reasons, duration presets and the moderator's maximum, for the kick and ban forms. */
export const settings = moderatorQuery({
  args: {},
  returns: vModerationSettings,
  handler: async (ctx) => await getModerationSettings(ctx),
});

export const writeSettings = internalMutation({
  args: {
    settings: vModerationSettings,
    username: v.string(),
    tokenIdentifier: v.optional(v.string()),
  },
  returns: v.null(),
  handler: async (ctx, { settings, username, tokenIdentifier }) => {
    await writeModerationSettings(ctx, settings);
    await appendAudit(ctx, {
      identity: "admin",
      username,
      tokenIdentifier,
      action: "moderation_settings",
      outcome: "success",
      details: `макс. ${settings.moderatorMaxMinutes} хв; публічний список: ${settings.publicBanList ? "так" : "ні"}`,
    });
    return null;
  },
});

/** Admins edit reasons, presets, the moderator's maximum and the public ban list switch. */
export const saveSettings = adminAction({
  audit: "moderation_settings",
  args: { settings: vModerationSettings },
  returns: v.null(),
  handler: async (ctx, { settings }) => {
    await ctx.runMutation(internal.moderation.writeSettings, {
      settings: cleanSettings(settings),
      username: ctx.viewer.username,
      tokenIdentifier: ctx.viewer.tokenIdentifier,
    });
    return null;
  },
});

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
export const randomPlayers = adminAction({
  audit: "randomPlayers",
  args: { count: v.number() },
  returns: v.object({ chosen: v.array(vPlayerRef), pool: v.array(vPlayerRef) }),
  handler: async (ctx, { serverId, count }) => {
    if (!serverId) fail("INVALID_INPUT", MESSAGES.noServer);
    const players: PlayerRef[] = await ctx.runQuery(internal.moderation.currentPlayers, {
      serverId,
    });
    const { chosen, pool } = pickRandomPlayers(players, count);
    await ctx.runMutation(internal.audit.record, {
      ...actorOf(ctx.viewer),
      action: "randomPlayers",
      serverId,
      outcome: "success",
      details: chosen.map((p) => p.name).join(", "),
    });
    return { chosen, pool };
  },
});
