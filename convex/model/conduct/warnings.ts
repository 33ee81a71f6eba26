/**
 * Warnings: staff warn a player with a reason; each counts until it expires. The warning that
 * brings a player to the owner's threshold within the period brings the owner's escalation: it is
 * applied at once when the owner chose so and the one who warned may give it (a moderator within
 * their maximum, on a server that can carry it), else proposed for staff to apply or dismiss.
 * Every step is a declared capability, audited.
 */
import { v } from "convex/values";
import type { Doc } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { type ConductSettings, vConductSettings } from "../../lib/conductFields";
import { fail } from "../../lib/errors";
import { DEFAULT_LANGUAGE } from "../../lib/languages";
import { CONDUCT_TEXTS } from "../../lib/texts/conduct";
import { GAME_DEFAULT_TEXTS } from "../../lib/texts/gameDefaults";
import { fillText, type Worded } from "../../lib/wording";
import { vModerationSettings, vSanctionRole, type SanctionRole } from "../../lib/sanctionFields";
import type { ServerAction } from "../../lib/actionRegistry";
import { vActionResult } from "../serverControl/step";
import { defineCapability, type CapabilityServer } from "../capability/define";
import { playerSnapshotOf } from "../live/snapshots";
import {
  checkBanDuration,
  checkCommsDuration,
  panelBanInForce,
  recordSanction,
  requireReason,
  sanctionRoleOf,
} from "../moderation/sanctions";
import { getModerationSettings } from "../moderation/settings";
import { resolveSteamId } from "../steam/vanity";
import { getConductSettings } from "./settings";
import { auditDetails } from "../audit/details";

const DAY_MS = 24 * 3600_000;

export const WARNING_MESSAGES = {
  notFound: CONDUCT_TEXTS["refusal.conduct.warningNotFound"],
  notProposed: CONDUCT_TEXTS["refusal.conduct.warningNotProposed"],
  needsSimpleAdmin: CONDUCT_TEXTS["refusal.conduct.warningNeedsSimpleAdmin"],
} as const;

/** The warnings of a player that still count at `now` within the period, newest first. */
export async function warningsInForce(
  ctx: QueryCtx,
  steamId: string,
  settings: ConductSettings,
  now: number,
): Promise<Doc<"warnings">[]> {
  const rows = await ctx.db
    .query("warnings")
    .withIndex("by_steamId_and_at", (q) =>
      q.eq("steamId", steamId).gte("at", now - settings.warnPeriodDays * DAY_MS),
    )
    .order("desc")
    .take(100);
  return rows.filter((w) => w.expiresAt > now);
}

/** Why a role may not give the escalation now (null: they may). */
export function escalationRefusal(
  role: SanctionRole,
  settings: ConductSettings,
  moderation: { moderatorMaxMinutes: number },
  server: { simpleAdmin: boolean; adminBanInForce: boolean },
): string | Worded | null {
  if (settings.escalationKind !== "ban" && !server.simpleAdmin) {
    return WARNING_MESSAGES.needsSimpleAdmin;
  }
  try {
    if (settings.escalationKind === "ban") {
      checkBanDuration(role, settings.escalationMinutes, moderation);
    } else checkCommsDuration(role, settings.escalationMinutes, moderation);
  } catch (error) {
    // The duration check's own refusal, with its key and parameters.
    const data = (error as { data?: Partial<Worded> }).data;
    if (data?.key && data.message) {
      return { key: data.key, message: data.message, ...(data.params && { params: data.params }) };
    }
    return data?.message ?? "—";
  }
  // A moderator never replaces a ban a moderator could not give.
  if (role !== "admin" && settings.escalationKind === "ban" && server.adminBanInForce) {
    return CONDUCT_TEXTS["refusal.conduct.escalationBanHeld"];
  }
  return null;
}

/** The escalation's sanction as the command layer sends it. */
function escalationAction(
  steamId: string,
  settings: Pick<ConductSettings, "escalationKind" | "escalationMinutes">,
  reason: string,
): ServerAction {
  return {
    kind: settings.escalationKind,
    steamId,
    duration: settings.escalationMinutes,
    reason,
  } as ServerAction;
}

/** The escalated sanction's reason, as the game server and the player's record show it. */
function escalationReason(count: number, settings: ConductSettings): string {
  return fillText(GAME_DEFAULT_TEXTS[DEFAULT_LANGUAGE].escalationReason, {
    count,
    days: settings.warnPeriodDays,
  });
}

const vServerTerms = v.object({ simpleAdmin: v.boolean(), adminBanInForce: v.boolean() });

async function serverTerms(ctx: QueryCtx, server: CapabilityServer | null, steamId: string) {
  if (!server) return { simpleAdmin: false, adminBanInForce: false };
  const row = await ctx.db.get("servers", server.serverId);
  const ban = await panelBanInForce(ctx, steamId, server.serverId, Date.now());
  return {
    simpleAdmin: row?.simpleAdmin === true,
    adminBanInForce: !!ban && (ban.byRole !== "moderator" || ban.durationMinutes === 0),
  };
}

const vWarnLoaded = v.object({
  settings: vConductSettings,
  moderation: vModerationSettings,
  terms: vServerTerms,
  /** Warnings in force before this one. */
  before: v.number(),
  playerName: v.optional(v.string()),
});

export const WARNING_CAPABILITIES = {
  warn: defineCapability({
    name: "warn",
    access: "moderator",
    args: { steamId: v.string(), reason: v.string() },
    returns: v.object({
      count: v.number(),
      threshold: v.number(),
      escalation: v.union(v.literal("none"), v.literal("proposed"), v.literal("applied")),
    }),
    server: true,
    // The role is the backend's (from the actor), so the game-server step knows what it may send.
    resolve: async ({ steamId, reason }, actor) => ({
      steamId: await resolveSteamId(steamId),
      reason: requireReason(reason),
      role: sanctionRoleOf(actor),
    }),
    input: v.object({ steamId: v.string(), reason: v.string(), role: vSanctionRole }),
    load: async (ctx, { steamId }, server) => {
      const settings = await getConductSettings(ctx);
      const players = server ? ((await playerSnapshotOf(ctx, server.serverId))?.players ?? []) : [];
      const playerName = players.find((p) => p.steamId === steamId)?.name;
      return {
        settings,
        moderation: await getModerationSettings(ctx),
        terms: await serverTerms(ctx, server, steamId),
        before: (await warningsInForce(ctx, steamId, settings, Date.now())).length,
        ...(playerName ? { playerName } : {}),
      };
    },
    loaded: vWarnLoaded,
    gameServer: ({ steamId, role }, loaded) => {
      const count = loaded.before + 1;
      if (!appliesNow(loaded, count, role)) return [];
      return [escalationAction(steamId, loaded.settings, escalationReason(count, loaded.settings))];
    },
    commit: async (ctx, { steamId, reason }, { actor, serverId, loaded, sent }) => {
      const { settings } = loaded;
      const count = loaded.before + 1;
      const reached = count >= settings.warnThreshold;
      const applied = sent.length > 0;
      const now = Date.now();
      const server = serverId ? await ctx.db.get("servers", serverId) : null;
      await ctx.db.insert("warnings", {
        steamId,
        ...(loaded.playerName ? { playerName: loaded.playerName.slice(0, 64) } : {}),
        reason,
        ...(serverId ? { serverId, serverName: server?.name } : {}),
        at: now,
        expiresAt: now + settings.warnExpiryDays * DAY_MS,
        by: actor.username,
        byRole: sanctionRoleOf(actor),
        escalation: applied ? "applied" : reached ? "proposed" : "none",
        count,
      });
      if (applied) {
        await recordSanction(
          ctx,
          {
            steamId,
            playerName: loaded.playerName,
            kind: settings.escalationKind,
            reason: escalationReason(count, settings),
            durationMinutes: settings.escalationMinutes,
            serverId,
          },
          actor,
        );
      }
      const escalation = applied ? "applied" : reached ? "proposed" : "none";
      const params = {
        player: loaded.playerName ?? steamId,
        reason,
        count,
        threshold: settings.warnThreshold,
      };
      const sanction = `${settings.escalationKind}:${settings.escalationMinutes}`;
      return {
        result: { count, threshold: settings.warnThreshold, escalation },
        details:
          escalation === "none"
            ? auditDetails("audit.details.warn", params)
            : auditDetails(
                escalation === "applied"
                  ? "audit.details.warnApplied"
                  : "audit.details.warnProposed",
                { ...params, sanction },
              ),
      };
    },
  }),

  /** Staff apply a proposed escalation, within their limits, through the game server. */
  applyEscalation: defineCapability({
    name: "warn_escalate",
    access: "moderator",
    args: { warningId: v.id("warnings") },
    // The game server's answer when it was asked (a ban, a lift), else nothing.
    returns: v.union(v.null(), vActionResult),
    server: true,
    load: async (ctx, { warningId }, server) => {
      const warning = await ctx.db.get("warnings", warningId);
      if (!warning) fail("NOT_FOUND", WARNING_MESSAGES.notFound);
      return {
        warning: {
          steamId: warning.steamId,
          playerName: warning.playerName,
          escalation: warning.escalation,
          count: warning.count,
        },
        settings: await getConductSettings(ctx),
        moderation: await getModerationSettings(ctx),
        terms: await serverTerms(ctx, server, warning.steamId),
      };
    },
    loaded: v.object({
      warning: v.object({
        steamId: v.string(),
        playerName: v.optional(v.string()),
        escalation: v.string(),
        count: v.number(),
      }),
      settings: vConductSettings,
      moderation: vModerationSettings,
      terms: vServerTerms,
    }),
    check: (_input, { warning, settings, moderation, terms }, actor) => {
      if (warning.escalation !== "proposed") fail("CONFLICT", WARNING_MESSAGES.notProposed);
      const refusal = escalationRefusal(sanctionRoleOf(actor), settings, moderation, terms);
      if (refusal) fail("FORBIDDEN", refusal);
    },
    gameServer: (_input, { warning, settings }) => [
      escalationAction(warning.steamId, settings, escalationReason(warning.count, settings)),
    ],
    commit: async (ctx, { warningId }, { actor, serverId, loaded }) => {
      const { warning, settings } = loaded;
      await ctx.db.patch("warnings", warningId, { escalation: "applied" });
      await recordSanction(
        ctx,
        {
          steamId: warning.steamId,
          playerName: warning.playerName,
          kind: settings.escalationKind,
          reason: escalationReason(warning.count, settings),
          durationMinutes: settings.escalationMinutes,
          serverId,
        },
        actor,
      );
      return {
        details: auditDetails("audit.details.playerSanction", {
          player: warning.playerName ?? warning.steamId,
          sanction: `${settings.escalationKind}:${settings.escalationMinutes}`,
        }),
      };
    },
  }),

  /** Staff decline a proposed escalation, with why. */
  dismissEscalation: defineCapability({
    name: "warn_dismiss",
    access: "moderator",
    args: { warningId: v.id("warnings"), reason: v.string() },
    returns: v.null(),
    resolve: ({ warningId, reason }) => ({ warningId, reason: requireReason(reason) }),
    commit: async (ctx, { warningId, reason }) => {
      const warning = await ctx.db.get("warnings", warningId);
      if (!warning) fail("NOT_FOUND", WARNING_MESSAGES.notFound);
      if (warning.escalation !== "proposed") fail("CONFLICT", WARNING_MESSAGES.notProposed);
      await ctx.db.patch("warnings", warningId, { escalation: "dismissed" });
      return {
        details: `${warning.playerName ?? warning.steamId}: ${reason}`,
        serverId: warning.serverId,
      };
    },
  }),
};

/** Whether the warning that makes `count` applies the escalation itself (the owner's choice). */
function appliesNow(
  loaded: {
    settings: ConductSettings;
    moderation: { moderatorMaxMinutes: number };
    terms: { simpleAdmin: boolean; adminBanInForce: boolean };
  },
  count: number,
  role: SanctionRole,
): boolean {
  return (
    count >= loaded.settings.warnThreshold &&
    loaded.settings.escalationMode === "apply" &&
    escalationRefusal(role, loaded.settings, loaded.moderation, loaded.terms) === null
  );
}

/** A player's warnings, newest first, each saying whether it still counts (staff). */
export async function warningsOf(ctx: QueryCtx, steamId: string, now: number) {
  const rows = await ctx.db
    .query("warnings")
    .withIndex("by_steamId_and_at", (q) => q.eq("steamId", steamId))
    .order("desc")
    .take(50);
  return rows.map((w) => ({ ...w, inForce: w.expiresAt > now }));
}

/** Escalations waiting for staff, newest first. */
export async function proposedEscalations(ctx: QueryCtx) {
  return await ctx.db
    .query("warnings")
    .withIndex("by_escalation_and_at", (q) => q.eq("escalation", "proposed"))
    .order("desc")
    .take(50);
}
