/**
 * A player's own record and appeals. A Steam-linked user reads their sanctions (in force and past:
 * reason, who as a role unless the owner shows names, until when) and warnings, and may appeal a
 * ban, mute, gag or silence once, with a text. Staff decide an appeal with a reason; a moderator
 * only a moderator's sanction. Accepting one in force lifts it on its server. Appeals and
 * decisions are audited and reach Discord; the player reads the outcome on their record.
 */
import type { PaginationOptions } from "convex/server";
import { v } from "convex/values";
import type { Doc } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import type { ServerAction } from "../../lib/actionRegistry";
import { APPEAL_TEXT_MAX, CONDUCT_REASON_MAX } from "../../lib/conductFields";
import { fail } from "../../lib/errors";
import { paginateSafely } from "../../lib/pagination";
import { rateLimiter, RATE_LIMITED_MESSAGE } from "../../lib/rateLimits";
import { sanctionFields, vSanctionRole, type SanctionRole } from "../../lib/sanctionFields";
import { actorOf, type Viewer } from "../../lib/viewer";
import { appendAudit } from "../audit/log";
import { vActionResult } from "../serverControl/step";
import { defineCapability } from "../capability/define";
import {
  commsInForce,
  panelBanInForce,
  recordSanction,
  sanctionRoleOf,
} from "../moderation/sanctions";
import { notify } from "../notifications/notify";
import { auditDetails, sanctionCode } from "../audit/details";
import { getConductSettings } from "./settings";
import { cleanPlayerText, linkedSteamIdOf } from "./webReports";
import { CONDUCT_TEXTS } from "../../lib/texts/conduct";

export const APPEAL_MESSAGES = {
  needsSteam: CONDUCT_TEXTS["refusal.conduct.appealNeedsSteam"],
  notYours: CONDUCT_TEXTS["refusal.conduct.notYours"],
  notAppealable: CONDUCT_TEXTS["refusal.conduct.notAppealable"],
  already: CONDUCT_TEXTS["refusal.conduct.appealAlready"],
  text: CONDUCT_TEXTS["refusal.conduct.appealText"],
  notFound: CONDUCT_TEXTS["refusal.conduct.appealNotFound"],
  decided: CONDUCT_TEXTS["refusal.conduct.appealDecided"],
  adminOnly: CONDUCT_TEXTS["refusal.conduct.appealAdminOnly"],
  reason: CONDUCT_TEXTS["refusal.conduct.decisionReason"],
} as const;

const APPEALABLE = new Set(["ban", "mute", "gag", "silence"]);
const LIFT = { ban: "unban", mute: "unmute", gag: "ungag", silence: "unsilence" } as const;
const RECORD_ROWS = 50;

/** Whether a sanction still holds at `now` on its server (the records in force say so). */
async function inForce(ctx: QueryCtx, s: Doc<"sanctions">, now: number): Promise<boolean> {
  if (!s.serverId) return false;
  if (s.kind === "ban") {
    const ban = await panelBanInForce(ctx, s.steamId, s.serverId, now);
    return !!ban && ban.at === s.at;
  }
  if (s.kind === "mute" || s.kind === "gag" || s.kind === "silence") {
    const block = await commsInForce(ctx, s.steamId, s.serverId, s.kind, now);
    return block?._id === s._id;
  }
  return false;
}

export const vOwnSanction = v.object({
  _id: v.id("sanctions"),
  kind: sanctionFields.kind,
  reason: v.optional(v.string()),
  serverName: v.optional(v.string()),
  at: v.number(),
  durationMinutes: v.optional(v.number()),
  expiresAt: v.optional(v.number()),
  /** Who gave it, where the owner shows names; the panel words the role otherwise. */
  by: v.optional(v.string()),
  byRole: vSanctionRole,
  inForce: v.boolean(),
  appealable: v.boolean(),
  appeal: v.optional(
    v.object({
      status: v.union(v.literal("open"), v.literal("accepted"), v.literal("rejected")),
      at: v.number(),
      text: v.string(),
      decision: v.optional(v.string()),
      decidedAt: v.optional(v.number()),
    }),
  ),
});

export const vOwnWarning = v.object({
  _id: v.id("warnings"),
  reason: v.string(),
  serverName: v.optional(v.string()),
  at: v.number(),
  expiresAt: v.number(),
  by: v.optional(v.string()),
  byRole: vSanctionRole,
  inForce: v.boolean(),
});

/** The signed-in user's own record by their linked SteamID (null without one). */
export async function ownRecord(ctx: QueryCtx, viewer: Viewer, now: number) {
  const steamId = viewer.user?.steamId;
  if (!steamId) return null;
  const { recordShowsNames } = await getConductSettings(ctx);
  const byOf = (by: string, byRole: SanctionRole) =>
    recordShowsNames ? { by, byRole } : { byRole };
  const rows = await ctx.db
    .query("sanctions")
    .withIndex("by_steamId_and_at", (q) => q.eq("steamId", steamId))
    .order("desc")
    .take(RECORD_ROWS);
  const sanctions = [];
  for (const s of rows) {
    if (!APPEALABLE.has(s.kind) && s.kind !== "kick") continue;
    const appeal = await ctx.db
      .query("appeals")
      .withIndex("by_sanctionId", (q) => q.eq("sanctionId", s._id))
      .unique();
    const holds = await inForce(ctx, s, now);
    sanctions.push({
      _id: s._id,
      kind: s.kind,
      reason: s.reason,
      serverName: s.serverName,
      at: s.at,
      durationMinutes: s.durationMinutes,
      expiresAt: s.expiresAt,
      ...byOf(s.by, s.byRole),
      inForce: holds,
      appealable: APPEALABLE.has(s.kind) && !appeal,
      ...(appeal
        ? {
            appeal: {
              status: appeal.status,
              at: appeal.at,
              text: appeal.text,
              decision: appeal.decision,
              decidedAt: appeal.decidedAt,
            },
          }
        : {}),
    });
  }
  const warnings = await ctx.db
    .query("warnings")
    .withIndex("by_steamId_and_at", (q) => q.eq("steamId", steamId))
    .order("desc")
    .take(RECORD_ROWS);
  return {
    steamId,
    sanctions,
    warnings: warnings.map((w) => ({
      _id: w._id,
      reason: w.reason,
      serverName: w.serverName,
      at: w.at,
      expiresAt: w.expiresAt,
      ...byOf(w.by, w.byRole),
      inForce: w.expiresAt > now,
    })),
  };
}

/** A player appeals one of their own sanctions, once, with a text. */
export async function submitAppeal(
  ctx: MutationCtx,
  viewer: Viewer,
  args: { sanctionId: string; text: string },
  now: number,
): Promise<null> {
  const steamId = linkedSteamIdOf(viewer, APPEAL_MESSAGES.needsSteam);
  const id = ctx.db.normalizeId("sanctions", args.sanctionId);
  const sanction = id ? await ctx.db.get("sanctions", id) : null;
  if (!sanction || sanction.steamId !== steamId) fail("NOT_FOUND", APPEAL_MESSAGES.notYours);
  if (!APPEALABLE.has(sanction.kind)) fail("INVALID_INPUT", APPEAL_MESSAGES.notAppealable);
  const text = cleanPlayerText(args.text, APPEAL_TEXT_MAX, APPEAL_MESSAGES.text);
  const existing = await ctx.db
    .query("appeals")
    .withIndex("by_sanctionId", (q) => q.eq("sanctionId", sanction._id))
    .unique();
  if (existing) fail("CONFLICT", APPEAL_MESSAGES.already);
  const limit = await rateLimiter.limit(ctx, "appealPerUser", { key: viewer.user!._id });
  if (!limit.ok) fail("RATE_LIMITED", RATE_LIMITED_MESSAGE);
  await ctx.db.insert("appeals", {
    sanctionId: sanction._id,
    steamId,
    userId: viewer.user!._id,
    text,
    at: now,
    status: "open",
  });
  const player = sanction.playerName ?? steamId;
  const code = sanctionCode(sanction);
  await appendAudit(ctx, {
    ...actorOf(viewer),
    action: "appeal_submit",
    serverId: sanction.serverId,
    outcome: "success",
    details: sanction.reason
      ? auditDetails("audit.details.playerSanctionReason", {
          player,
          sanction: code,
          reason: sanction.reason,
        })
      : auditDetails("audit.details.playerSanction", { player, sanction: code }),
  });
  await notify(ctx, {
    kind: "appeal",
    stage: "submitted",
    steamId,
    playerName: sanction.playerName,
    sanction: code,
    text,
  });
  return null;
}

/** Appeals by status, newest first, each with its sanction and whether the caller may decide it. */
export async function appealPage(
  ctx: QueryCtx,
  status: Doc<"appeals">["status"],
  role: SanctionRole,
  opts: PaginationOptions,
) {
  const result = await paginateSafely(
    ctx.db
      .query("appeals")
      .withIndex("by_status_and_at", (q) => q.eq("status", status))
      .order("desc"),
    opts,
    50,
  );
  const page = [];
  for (const appeal of result.page) {
    const s = await ctx.db.get("sanctions", appeal.sanctionId);
    if (!s) continue;
    const { userId: _user, ...rest } = appeal;
    page.push({
      ...rest,
      sanction: {
        kind: s.kind,
        reason: s.reason,
        playerName: s.playerName,
        serverId: s.serverId,
        serverName: s.serverName,
        at: s.at,
        durationMinutes: s.durationMinutes,
        expiresAt: s.expiresAt,
        by: s.by,
        byRole: s.byRole,
      },
      canDecide: canDecideAppeal(role, s),
    });
  }
  return { ...result, page };
}

/** Admins decide any appeal; a moderator only one of a moderator's sanction from the panel. */
export function canDecideAppeal(
  role: SanctionRole,
  s: Pick<Doc<"sanctions">, "byRole" | "source">,
): boolean {
  return role === "admin" || (s.byRole === "moderator" && s.source === "panel");
}

export const APPEAL_CAPABILITIES = {
  /**
   * Accept or reject an appeal with a reason. Accepting one whose sanction holds lifts it on its
   * server (the selected server must be the sanction's) through the command layer.
   */
  decideAppeal: defineCapability({
    name: "appeal_accept",
    auditName: ({ accept }) => (accept ? "appeal_accept" : "appeal_reject"),
    access: "moderator",
    args: { appealId: v.id("appeals"), accept: v.boolean(), reason: v.string() },
    // The game server's answer when it was asked (a ban, a lift), else nothing.
    returns: v.union(v.null(), vActionResult),
    server: true,
    resolve: ({ appealId, accept, reason }) => ({
      appealId,
      accept,
      reason: cleanPlayerText(reason, CONDUCT_REASON_MAX, APPEAL_MESSAGES.reason),
    }),
    load: async (ctx, { appealId }, server) => {
      const appeal = await ctx.db.get("appeals", appealId);
      if (!appeal) fail("NOT_FOUND", APPEAL_MESSAGES.notFound);
      const s = (await ctx.db.get("sanctions", appeal.sanctionId))!;
      return {
        status: appeal.status,
        steamId: s.steamId,
        kind: s.kind,
        byRole: s.byRole,
        source: s.source,
        onThisServer: !!server && s.serverId === server.serverId,
        inForce: await inForce(ctx, s, Date.now()),
      };
    },
    loaded: v.object({
      status: v.string(),
      steamId: v.string(),
      kind: sanctionFields.kind,
      byRole: vSanctionRole,
      source: sanctionFields.source,
      onThisServer: v.boolean(),
      inForce: v.boolean(),
    }),
    check: ({ accept }, loaded, actor) => {
      if (loaded.status !== "open") fail("CONFLICT", APPEAL_MESSAGES.decided);
      if (!canDecideAppeal(sanctionRoleOf(actor), loaded)) {
        fail("FORBIDDEN", APPEAL_MESSAGES.adminOnly);
      }
      if (accept && loaded.inForce && !loaded.onThisServer) {
        fail("INVALID_INPUT", CONDUCT_TEXTS["refusal.conduct.appealServer"]);
      }
    },
    gameServer: ({ accept }, loaded) => {
      if (!accept || !loaded.inForce || !(loaded.kind in LIFT)) return [];
      const lift = LIFT[loaded.kind as keyof typeof LIFT];
      return [{ kind: lift, steamId: loaded.steamId } as ServerAction];
    },
    commit: async (ctx, { appealId, accept, reason }, { actor, serverId, sent }) => {
      const appeal = (await ctx.db.get("appeals", appealId))!;
      const s = (await ctx.db.get("sanctions", appeal.sanctionId))!;
      await ctx.db.patch("appeals", appealId, {
        status: accept ? "accepted" : "rejected",
        decidedBy: actor.username,
        decidedByRole: sanctionRoleOf(actor),
        decidedAt: Date.now(),
        decision: reason,
      });
      for (const action of sent) {
        if (
          action.kind === "unban" ||
          action.kind === "unmute" ||
          action.kind === "ungag" ||
          action.kind === "unsilence"
        ) {
          await recordSanction(ctx, { steamId: s.steamId, kind: action.kind, serverId }, actor);
        }
      }
      await notify(ctx, {
        kind: "appeal",
        stage: accept ? "accepted" : "rejected",
        steamId: s.steamId,
        playerName: s.playerName,
        sanction: sanctionCode(s),
        text: reason,
        admin: actor.username,
        byModerator: actor.identity === "moderator",
      });
      return {
        details: auditDetails(
          sent.length ? "audit.details.appealDecidedLifted" : "audit.details.appealDecided",
          { player: s.playerName ?? s.steamId, sanction: sanctionCode(s), reason },
        ),
        serverId: s.serverId,
      };
    },
  }),
};
