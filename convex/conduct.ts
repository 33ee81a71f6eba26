/**
 * Players' conduct: the chat log (staff only), the conduct settings and the chat retention job;
 * see `model/conduct/`.
 */
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalAction, internalMutation, internalQuery } from "./_generated/server";
import { moderatorQuery, signedInMutation, signedInQuery } from "./lib/functions";
import { sanctionFields } from "./lib/sanctionFields";
import {
  appealFields,
  reportFields,
  vAppealStatus,
  vChatLine,
  vConductSettings,
  vReportStatus,
  warningFields,
} from "./lib/conductFields";
import { omit } from "convex-helpers";
import { capability } from "./model/capability/define";
import { CONDUCT_CAPABILITIES as C } from "./model/conduct/capabilities";
import { applyChatRetention, chatPage } from "./model/conduct/chatLog";
import { getConductSettings } from "./model/conduct/settings";
import { ownReports, REPORT_CAPABILITIES as R, reportPage } from "./model/conduct/reportQueue";
import { reportFromWeb } from "./model/conduct/webReports";
import { reportReplyTarget as replyTargetOf, sendReportReply } from "./model/conduct/reportReply";
import { vTarget } from "./lib/validators";
import {
  proposedEscalations,
  warningsOf,
  WARNING_CAPABILITIES as W,
} from "./model/conduct/warnings";
import {
  APPEAL_CAPABILITIES as A,
  appealPage,
  ownRecord,
  submitAppeal,
  vOwnSanction,
  vOwnWarning,
} from "./model/conduct/appeals";
import { sanctionRoleOf } from "./model/moderation/sanctions";
import { actorOf } from "./lib/viewer";

/** Chat retention, warnings and their escalation (staff read them; admins save them). */
export const settings = moderatorQuery({
  args: {},
  returns: vConductSettings,
  handler: async (ctx) => await getConductSettings(ctx),
});

export const saveSettings = capability(C.saveSettings);

const vChatRow = v.object({
  _id: v.id("chatLines"),
  serverId: v.id("servers"),
  map: v.optional(v.string()),
  ...vChatLine.fields,
});

/**
 * Chat, newest first (by text: most relevant first), for staff only: of a server, of a player,
 * with words, within a time range.
 */
export const chat = moderatorQuery({
  args: {
    serverId: v.optional(v.id("servers")),
    steamId: v.optional(v.string()),
    text: v.optional(v.string()),
    from: v.optional(v.number()),
    to: v.optional(v.number()),
    paginationOpts: paginationOptsValidator,
  },
  returns: paginationResultValidator(vChatRow),
  handler: async (ctx, { paginationOpts, ...search }) =>
    await chatPage(ctx, search, paginationOpts),
});

/** Chat past the admin's retention is deleted, oldest first, a batch per run (crons.ts). */
export const applyChatRetentionJob = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    if (await applyChatRetention(ctx, Date.now())) {
      await ctx.scheduler.runAfter(0, internal.conduct.applyChatRetentionJob, {});
    }
    return null;
  },
});

const vReportRow = v.object({
  _id: v.id("reports"),
  _creationTime: v.number(),
  ...omit(reportFields, ["reporterUserId"]),
});

/** The report queue by status, newest first, with each report's context (staff only). */
export const reports = moderatorQuery({
  args: { status: vReportStatus, paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(vReportRow),
  handler: async (ctx, { status, paginationOpts }) => await reportPage(ctx, status, paginationOpts),
});

export const claimReport = capability(R.claimReport);
export const resolveReport = capability(R.resolveReport);
export const rejectReport = capability(R.rejectReport);

/**
 * A Steam-linked user reports a player (from the player's page, a match page or the live
 * server), rate-limited per reporter and for everyone; a second report of a player with an
 * undecided one folds into it.
 */
export const reportPlayer = signedInMutation({
  args: {
    steamId: v.string(),
    reason: v.string(),
    matchId: v.optional(v.string()),
    serverId: v.optional(v.id("servers")),
  },
  returns: v.object({ folded: v.boolean(), message: v.string() }),
  handler: async (ctx, args) => await reportFromWeb(ctx, ctx.viewer, args, Date.now()),
});

/** The caller's own reports (by their linked SteamID) and what became of them. */
export const myReports = signedInQuery({
  args: {},
  returns: v.array(
    v.object({
      _id: v.id("reports"),
      at: v.number(),
      source: reportFields.source,
      kind: reportFields.kind,
      serverName: v.optional(v.string()),
      targetName: v.optional(v.string()),
      targetSteamId: v.optional(v.string()),
      reason: v.string(),
      status: vReportStatus,
      decision: v.optional(v.string()),
      sanction: v.optional(v.string()),
      sanctionCode: v.optional(v.string()),
    }),
  ),
  handler: async (ctx) => {
    const steamId = ctx.viewer.user?.steamId;
    return steamId ? await ownReports(ctx, steamId) : [];
  },
});

/** Warn a player; the warning that reaches the owner's threshold applies or proposes the escalation. */
export const warn = capability(W.warn);
export const applyEscalation = capability(W.applyEscalation);
export const dismissEscalation = capability(W.dismissEscalation);

const vWarningRow = v.object({
  _id: v.id("warnings"),
  _creationTime: v.number(),
  ...warningFields,
});

/** A player's warnings, newest first, with whether each still counts (staff only). */
export const warnings = moderatorQuery({
  args: { steamId: v.string() },
  returns: v.array(v.object({ ...vWarningRow.fields, inForce: v.boolean() })),
  handler: async (ctx, { steamId }) => await warningsOf(ctx, steamId, Date.now()),
});

/** Escalations waiting for staff to apply or dismiss, newest first. */
export const escalations = moderatorQuery({
  args: {},
  returns: v.array(vWarningRow),
  handler: async (ctx) => await proposedEscalations(ctx),
});

/**
 * The caller's own record by their linked SteamID: sanctions (in force and past, who as a role
 * unless the owner shows names) with their appeal, and warnings. Null without a linked Steam.
 */
export const myRecord = signedInQuery({
  args: {},
  returns: v.union(
    v.null(),
    v.object({
      steamId: v.string(),
      sanctions: v.array(vOwnSanction),
      warnings: v.array(vOwnWarning),
    }),
  ),
  handler: async (ctx) => await ownRecord(ctx, ctx.viewer, Date.now()),
});

/** A player appeals one of their own sanctions, once, with a text (audited, Discord). */
export const appeal = signedInMutation({
  args: { sanctionId: v.string(), text: v.string() },
  returns: v.null(),
  handler: async (ctx, args) => await submitAppeal(ctx, ctx.viewer, args, Date.now()),
});

/** Appeals by status with their sanction, and whether the caller may decide each (staff). */
export const appeals = moderatorQuery({
  args: { status: vAppealStatus, paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(
    v.object({
      _id: v.id("appeals"),
      _creationTime: v.number(),
      ...omit(appealFields, ["userId"]),
      sanction: v.object(omit(sanctionFields, ["steamId", "source"])),
      canDecide: v.boolean(),
    }),
  ),
  handler: async (ctx, { status, paginationOpts }) =>
    await appealPage(ctx, status, sanctionRoleOf(actorOf(ctx.viewer)), paginationOpts),
});

export const decideAppeal = capability(A.decideAppeal);

/** The in-game answer to a report typed in chat (model/conduct/reportReply.ts). */
export const replyToReport = internalAction({
  args: { serverId: v.id("servers") },
  returns: v.union(v.literal("sent"), v.literal("skipped"), v.literal("failed")),
  handler: async (ctx, { serverId }) => await sendReportReply(ctx, serverId),
});

export const reportReplyTarget = internalQuery({
  args: { serverId: v.id("servers") },
  returns: v.union(vTarget, v.null()),
  handler: async (ctx, { serverId }) => await replyTargetOf(ctx, serverId),
});
