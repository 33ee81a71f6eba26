/**
 * Kick, ban, unban, mute/gag/silence and their removal, the random pick and the moderation
 * settings as declared capabilities (model/capability/define.ts): the rules of model/moderation/sanctions.ts judge
 * the request (a refusal is audited), the game server carries it out, and one commit writes the
 * sanction record with the audit entry. The staff ban list is one too: reading it imports the
 * game server's own bans as sanctions.
 */
import { v, type Infer } from "convex/values";
import type { ActionCtx, QueryCtx } from "../../_generated/server";
import type { CommsKind } from "../../lib/actionRegistry";
import { fail } from "../../lib/errors";
import type { Actor } from "../../lib/validators";
import { auditDetails } from "../audit/details";
import { defineCapability, type CapabilityServer } from "../capability/define";
import { vActionResult } from "../serverControl/step";
import { playerSnapshotOf } from "../live/snapshots";
import { banEntries, banOnServer, fetchBanList, vPlayerRef, vStaffBan, vBanEntry } from "./banList";
import { vModerationSettings, vSanctionRole } from "../../lib/sanctionFields";
import {
  checkBanDuration,
  checkCommsDuration,
  checkReplaceBan,
  checkReplaceComms,
  checkUnban,
  checkUncomms,
  commsInForce,
  commsReplacedBy,
  panelBanInForce,
  type BanInForce,
  vBanTerms,
  recordSanction,
  requireReason,
  SANCTION_MESSAGES,
  sanctionRoleOf,
} from "./sanctions";
import { cleanSettings, getModerationSettings, writeModerationSettings } from "./settings";
import { pickRandomPlayers } from "./randomPick";
import { mergeStaffBans } from "./staffBans";
import { resolveSteamId } from "../steam/vanity";

/** What the rules and the sanction record read before anything is sent. */
const vPlayerName = { playerName: v.optional(v.string()) };
const vPanelBan = v.union(v.null(), vBanTerms);

/** The connected player's name, read before he is kicked or banned off the server. */
async function playerNameOf(
  ctx: QueryCtx,
  server: CapabilityServer | null,
  steamId: string,
): Promise<string | undefined> {
  if (!server) return undefined;
  const snapshot = await playerSnapshotOf(ctx, server.serverId);
  return snapshot?.players.find((p) => p.steamId === steamId)?.name;
}

/** The panel's ban in force for a player on the selected server (what a moderator's rules judge). */
async function panelBanTerms(
  ctx: QueryCtx,
  server: CapabilityServer | null,
  steamId: string,
): Promise<BanInForce["panel"]> {
  if (!server) return null;
  const ban = await panelBanInForce(ctx, steamId, server.serverId, Date.now());
  return ban ? { byRole: ban.byRole, durationMinutes: ban.durationMinutes } : null;
}

/**
 * The ban in force for a player on this server, for a moderator's ban or unban: the panel's record
 * and the game server's own ban list (a ban the panel did not give counts as an admin's).
 */
async function banInForceOn(
  ctx: ActionCtx,
  server: CapabilityServer | null,
  panel: BanInForce["panel"],
  steamId: string,
): Promise<BanInForce> {
  if (!server) return { panel };
  return { panel, onServer: banOnServer(await fetchBanList(ctx, server.target), steamId) };
}

/** Admins may leave a ban's reason out (older clients, scripts); moderators always give one. */
function banReason(reason: string | undefined, actor: Actor): string | undefined {
  return reason === undefined && sanctionRoleOf(actor) === "admin"
    ? undefined
    : requireReason(reason ?? "");
}

/** Whether the selected server is marked as running CS2-SimpleAdmin (mute, gag, silence). */
async function runsSimpleAdmin(ctx: QueryCtx, server: CapabilityServer | null): Promise<boolean> {
  if (!server) return false;
  return (await ctx.db.get("servers", server.serverId))?.simpleAdmin === true;
}

const vCommsTerms = v.object({
  byRole: vSanctionRole,
  durationMinutes: v.optional(v.number()),
});

/** Who gave each block in force of these kinds for a player on the selected server, and how long. */
async function commsTermsInForce(
  ctx: QueryCtx,
  server: CapabilityServer | null,
  steamId: string,
  kinds: readonly CommsKind[],
): Promise<Infer<typeof vCommsTerms>[]> {
  if (!server) return [];
  const now = Date.now();
  const out: Infer<typeof vCommsTerms>[] = [];
  for (const kind of kinds) {
    const found = await commsInForce(ctx, steamId, server.serverId, kind, now);
    if (found) out.push({ byRole: found.byRole, durationMinutes: found.durationMinutes });
  }
  return out;
}

function requireSimpleAdmin(simpleAdmin: boolean, server: CapabilityServer | null): void {
  if (!simpleAdmin) fail("INVALID_INPUT", SANCTION_MESSAGES.commsUnsupported(server?.name ?? ""));
}

/**
 * A mute (voice), gag (text chat) or silence (both) through CS2-SimpleAdmin, on servers marked as
 * running it; moderators within the same bounds as their bans, always with a reason.
 */
function comms(kind: CommsKind) {
  return defineCapability({
    name: kind,
    access: "moderator",
    args: { steamId: v.string(), duration: v.number(), reason: v.string() },
    returns: vActionResult,
    server: true,
    resolve: async ({ steamId, duration, reason }) => ({
      steamId: await resolveSteamId(steamId),
      duration,
      reason: requireReason(reason),
    }),
    load: async (ctx, { steamId }, server) => ({
      settings: await getModerationSettings(ctx),
      simpleAdmin: await runsSimpleAdmin(ctx, server),
      playerName: await playerNameOf(ctx, server, steamId),
      inForce: await commsTermsInForce(ctx, server, steamId, commsReplacedBy(kind)),
    }),
    loaded: v.object({
      settings: vModerationSettings,
      simpleAdmin: v.boolean(),
      ...vPlayerName,
      inForce: v.array(vCommsTerms),
    }),
    check: ({ duration }, { settings, simpleAdmin, inForce }, actor, server) => {
      requireSimpleAdmin(simpleAdmin, server);
      const role = sanctionRoleOf(actor);
      checkCommsDuration(role, duration, settings);
      checkReplaceComms(role, inForce);
    },
    gameServer: ({ steamId, duration, reason }) => [{ kind, steamId, duration, reason }],
    commit: async (ctx, { steamId, duration, reason }, { actor, serverId, loaded }) => {
      const { playerName } = loaded;
      await recordSanction(
        ctx,
        { steamId, playerName, kind, reason, durationMinutes: duration, serverId },
        actor,
      );
    },
  });
}

/** Lifts a mute, gag or silence; moderators only lift moderators' temporary ones. */
function uncomms(kind: CommsKind) {
  const lift = `un${kind}` as const;
  return defineCapability({
    name: lift,
    access: "moderator",
    args: { steamId: v.string() },
    returns: vActionResult,
    server: true,
    resolve: async ({ steamId }) => ({ steamId: await resolveSteamId(steamId) }),
    load: async (ctx, { steamId }, server) => ({
      simpleAdmin: await runsSimpleAdmin(ctx, server),
      inForce: (await commsTermsInForce(ctx, server, steamId, [kind]))[0] ?? null,
    }),
    loaded: v.object({ simpleAdmin: v.boolean(), inForce: v.union(v.null(), vCommsTerms) }),
    check: (_input, { simpleAdmin, inForce }, actor, server) => {
      requireSimpleAdmin(simpleAdmin, server);
      checkUncomms(sanctionRoleOf(actor), inForce);
    },
    gameServer: ({ steamId }) => [{ kind: lift, steamId }],
    commit: async (ctx, { steamId }, { actor, serverId }) => {
      await recordSanction(ctx, { steamId, kind: lift, serverId }, actor);
    },
  });
}

export const MODERATION_CAPABILITIES = {
  /** Kicks a connected player; the reason goes into the sanction record. */
  kick: defineCapability({
    name: "kick",
    access: "moderator",
    args: { steamId: v.string(), reason: v.optional(v.string()) },
    returns: vActionResult,
    server: true,
    resolve: async ({ steamId, reason }) => ({
      steamId: await resolveSteamId(steamId),
      reason: reason === undefined ? undefined : requireReason(reason),
    }),
    load: async (ctx, { steamId }, server) => ({
      playerName: await playerNameOf(ctx, server, steamId),
    }),
    loaded: v.object(vPlayerName),
    gameServer: ({ steamId }) => [{ kind: "kick", steamId }],
    commit: async (ctx, { steamId, reason }, { actor, serverId, loaded }) => {
      const { playerName } = loaded;
      await recordSanction(ctx, { steamId, playerName, kind: "kick", reason, serverId }, actor);
    },
  }),

  /**
   * Bans any SteamID form (connected or not) for `duration` minutes (0 = permanent, admins only;
   * moderators up to the configured maximum), with a reason sent to the game server.
   */
  ban: defineCapability({
    name: "ban",
    access: "moderator",
    args: { steamId: v.string(), duration: v.number(), reason: v.optional(v.string()) },
    returns: vActionResult,
    server: true,
    resolve: async ({ steamId, duration, reason }, actor) => ({
      steamId: await resolveSteamId(steamId),
      duration,
      reason: banReason(reason, actor),
    }),
    load: async (ctx, { steamId }, server) => ({
      settings: await getModerationSettings(ctx),
      panel: await panelBanTerms(ctx, server, steamId),
      playerName: await playerNameOf(ctx, server, steamId),
    }),
    loaded: v.object({ settings: vModerationSettings, panel: vPanelBan, ...vPlayerName }),
    check: async ({ steamId, duration }, { settings, panel }, actor, server, ctx) => {
      const role = sanctionRoleOf(actor);
      checkBanDuration(role, duration, settings);
      if (role === "admin") return;
      checkReplaceBan(role, await banInForceOn(ctx, server, panel, steamId), settings);
    },
    gameServer: ({ steamId, duration, reason }) => [{ kind: "ban", steamId, duration, reason }],
    commit: async (ctx, { steamId, duration, reason }, { actor, serverId, loaded }) => {
      const { playerName } = loaded;
      await recordSanction(
        ctx,
        { steamId, playerName, kind: "ban", reason, durationMinutes: duration, serverId },
        actor,
      );
    },
  }),

  /** Lifts a ban; moderators only lift moderators' temporary bans. */
  unban: defineCapability({
    name: "unban",
    access: "moderator",
    args: { steamId: v.string() },
    returns: vActionResult,
    server: true,
    resolve: async ({ steamId }) => ({ steamId: await resolveSteamId(steamId) }),
    load: async (ctx, { steamId }, server) => ({
      settings: await getModerationSettings(ctx),
      panel: await panelBanTerms(ctx, server, steamId),
    }),
    loaded: v.object({ settings: vModerationSettings, panel: vPanelBan }),
    check: async ({ steamId }, { settings, panel }, actor, server, ctx) => {
      const role = sanctionRoleOf(actor);
      if (role === "admin") return;
      checkUnban(role, await banInForceOn(ctx, server, panel, steamId), settings);
    },
    gameServer: ({ steamId }) => [{ kind: "unban", steamId }],
    commit: async (ctx, { steamId }, { actor, serverId }) => {
      await recordSanction(ctx, { steamId, kind: "unban", serverId }, actor);
    },
  }),

  mute: comms("mute"),
  gag: comms("gag"),
  silence: comms("silence"),
  unmute: uncomms("mute"),
  ungag: uncomms("gag"),
  unsilence: uncomms("silence"),

  /**
   * The bans in force on the game server, merged with our records (reason, who, when); a ban the
   * panel has no record of is imported as a sanction with `source: "gameServer"` in the same
   * commit as the audit entry.
   */
  banList: defineCapability({
    name: "banList",
    access: "moderator",
    args: {},
    returns: v.array(vStaffBan),
    server: true,
    load: async (ctx, _input, server) => ({
      settings: await getModerationSettings(ctx),
      players: server
        ? ((await playerSnapshotOf(ctx, server.serverId))?.players ?? []).map((p) => ({
            steamId: p.steamId,
            name: p.name,
            team: p.team,
          }))
        : [],
      entries: [],
    }),
    loaded: v.object({
      settings: vModerationSettings,
      players: v.array(vPlayerRef),
      entries: v.array(vBanEntry),
    }),
    read: async (_input, loaded, server, ctx) => ({
      ...loaded,
      entries: banEntries(await fetchBanList(ctx, server.target), loaded.players),
    }),
    commit: async (ctx, _input, { actor, serverId, loaded }) => {
      const server = serverId ? await ctx.db.get("servers", serverId) : null;
      if (!server) return { result: [] };
      const { list, imported } = await mergeStaffBans(
        ctx,
        { serverId: server._id, name: server.name },
        loaded.entries,
        sanctionRoleOf(actor),
        loaded.settings,
        Date.now(),
      );
      // Viewing the list is audited only when it brought bans in from the game server.
      if (imported === 0) return { result: list, unaudited: true };
      return {
        result: list,
        details: auditDetails("audit.details.banListImported", { count: imported }),
      };
    },
  }),

  /** Picks `count` players among the Terrorists and Counter-Terrorists (bots only when asked). */
  randomPlayers: defineCapability({
    name: "randomPlayers",
    access: "admin",
    args: { count: v.number(), includeBots: v.optional(v.boolean()) },
    returns: v.object({ chosen: v.array(vPlayerRef), pool: v.array(vPlayerRef) }),
    server: true,
    commit: async (ctx, { count, includeBots }, { serverId }) => {
      const snapshot = serverId ? await playerSnapshotOf(ctx, serverId) : null;
      const players = (snapshot?.players ?? []).map((p) => ({
        steamId: p.steamId,
        name: p.name,
        team: p.team,
      }));
      const { chosen, pool } = pickRandomPlayers(players, count, includeBots);
      return { result: { chosen, pool }, details: chosen.map((p) => p.name).join(", ") };
    },
  }),

  /** Admins edit reasons, presets, the moderator's maximum and the public ban list switch. */
  saveSettings: defineCapability({
    name: "moderation_settings",
    access: "admin",
    args: { settings: vModerationSettings },
    returns: v.null(),
    resolve: ({ settings }) => ({ settings: cleanSettings(settings) }),
    commit: async (ctx, { settings }) => {
      await writeModerationSettings(ctx, settings);
      return {
        details: auditDetails(
          settings.publicBanList
            ? "audit.details.moderationSettingsPublic"
            : "audit.details.moderationSettingsPrivate",
          { max: settings.moderatorMaxMinutes },
        ),
      };
    },
  }),
};
