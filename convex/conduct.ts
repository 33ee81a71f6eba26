/**
 * Players' conduct: the chat log (staff only), the conduct settings and the chat retention job;
 * see `model/conduct/`.
 */
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./_generated/server";
import { moderatorQuery, signedInMutation, signedInQuery } from "./lib/functions";
import { reportFields, vChatLine, vConductSettings, vReportStatus } from "./lib/conductFields";
import { omit } from "convex-helpers";
import { capability } from "./model/capability/define";
import { CONDUCT_CAPABILITIES as C } from "./model/conduct/capabilities";
import { applyChatRetention, chatPage } from "./model/conduct/chatLog";
import { getConductSettings } from "./model/conduct/settings";
import { ownReports, REPORT_CAPABILITIES as R, reportPage } from "./model/conduct/reportQueue";
import { reportFromWeb } from "./model/conduct/webReports";

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
    }),
  ),
  handler: async (ctx) => {
    const steamId = ctx.viewer.user?.steamId;
    return steamId ? await ownReports(ctx, steamId) : [];
  },
});
