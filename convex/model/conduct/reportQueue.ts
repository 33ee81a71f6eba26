/**
 * The staff's report queue: claim a report, resolve it (with the sanction it led to, or none, and
 * why) or reject it. A report one moderator claimed is decided by them or an admin. The reporter
 * reads the outcome of their own reports.
 */
import type { PaginationOptions } from "convex/server";
import { v } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { CONDUCT_REASON_MAX, type ReportStatus } from "../../lib/conductFields";
import { fail } from "../../lib/errors";
import { CONDUCT_TEXTS } from "../../lib/texts/conduct";
import { paginateSafely } from "../../lib/pagination";
import type { Actor } from "../../lib/validators";
import { defineCapability } from "../capability/define";
import { sanctionRoleOf } from "../moderation/sanctions";
import { recordedMatchOf } from "./reports";
import { cleanPlayerText } from "./webReports";
import { sanctionWords } from "../../lib/sanctionWords";
import { auditDetails, sanctionCode } from "../audit/details";

export const REPORT_PAGE_MAX = 50;

export const REPORT_MESSAGES = {
  notFound: CONDUCT_TEXTS["refusal.conduct.reportNotFound"],
  notOpen: CONDUCT_TEXTS["refusal.conduct.reportNotOpen"],
  decided: CONDUCT_TEXTS["refusal.conduct.reportDecided"],
  claimedByOther: CONDUCT_TEXTS["refusal.conduct.reportClaimedByOther"],
  decision: CONDUCT_TEXTS["refusal.conduct.reportDecision"],
  sanctionOther: CONDUCT_TEXTS["refusal.conduct.sanctionOther"],
} as const;

async function reportOf(ctx: QueryCtx, reportId: Id<"reports">) {
  const report = await ctx.db.get("reports", reportId);
  if (!report) fail("NOT_FOUND", REPORT_MESSAGES.notFound);
  return report;
}

/** Who may decide a report now: it is undecided, and not claimed by someone else (admins may). */
function checkDecidable(report: Doc<"reports">, actor: Actor): void {
  if (report.status === "resolved" || report.status === "rejected") {
    fail("CONFLICT", REPORT_MESSAGES.decided);
  }
  if (
    report.status === "claimed" &&
    report.claimedBy !== actor.username &&
    sanctionRoleOf(actor) !== "admin"
  ) {
    fail("FORBIDDEN", REPORT_MESSAGES.claimedByOther);
  }
}

async function decide(
  ctx: MutationCtx,
  reportId: Id<"reports">,
  actor: Actor,
  status: Extract<ReportStatus, "resolved" | "rejected">,
  decision: string,
  sanctionId?: Id<"sanctions">,
) {
  const report = await reportOf(ctx, reportId);
  checkDecidable(report, actor);
  let sanction: string | undefined;
  let code: string | undefined;
  if (sanctionId) {
    const row = await ctx.db.get("sanctions", sanctionId);
    if (!row || row.steamId !== report.targetSteamId) {
      fail("INVALID_INPUT", REPORT_MESSAGES.sanctionOther);
    }
    sanction = sanctionWords(row);
    code = sanctionCode(row);
  }
  await ctx.db.patch("reports", report._id, {
    status,
    decidedBy: actor.username,
    decidedByRole: sanctionRoleOf(actor),
    decidedAt: Date.now(),
    decision,
    ...(sanctionId ? { sanctionId, sanction, sanctionCode: code } : {}),
  });
  const player = report.targetName ?? report.targetSteamId;
  const details = player
    ? code
      ? auditDetails("audit.details.reportDecidedSanction", { player, decision, sanction: code })
      : auditDetails("audit.details.reportDecided", { player, decision })
    : code
      ? auditDetails("audit.details.callAdminDecidedSanction", { decision, sanction: code })
      : auditDetails("audit.details.callAdminDecided", { decision });
  return { details, serverId: report.serverId };
}

const cleanDecision = (decision: string) =>
  cleanPlayerText(decision, CONDUCT_REASON_MAX, REPORT_MESSAGES.decision);

export const REPORT_CAPABILITIES = {
  claimReport: defineCapability({
    name: "report_claim",
    access: "moderator",
    args: { reportId: v.id("reports") },
    returns: v.null(),
    commit: async (ctx, { reportId }, { actor }) => {
      const report = await reportOf(ctx, reportId);
      if (report.status !== "open") fail("CONFLICT", REPORT_MESSAGES.notOpen);
      await ctx.db.patch("reports", report._id, { status: "claimed", claimedBy: actor.username });
      return {
        details:
          report.targetName ?? report.targetSteamId ?? auditDetails("audit.details.callAdmin"),
        serverId: report.serverId,
      };
    },
  }),
  resolveReport: defineCapability({
    name: "report_resolve",
    access: "moderator",
    args: {
      reportId: v.id("reports"),
      decision: v.string(),
      sanctionId: v.optional(v.id("sanctions")),
    },
    returns: v.null(),
    resolve: ({ reportId, decision, sanctionId }) => ({
      reportId,
      decision: cleanDecision(decision),
      sanctionId,
    }),
    commit: async (ctx, { reportId, decision, sanctionId }, { actor }) =>
      await decide(ctx, reportId, actor, "resolved", decision, sanctionId),
  }),
  rejectReport: defineCapability({
    name: "report_reject",
    access: "moderator",
    args: { reportId: v.id("reports"), decision: v.string() },
    returns: v.null(),
    resolve: ({ reportId, decision }) => ({ reportId, decision: cleanDecision(decision) }),
    commit: async (ctx, { reportId, decision }, { actor }) =>
      await decide(ctx, reportId, actor, "rejected", decision),
  }),
};

/** The queue by status, newest first, each with its recorded match when there is one. */
export async function reportPage(ctx: QueryCtx, status: ReportStatus, opts: PaginationOptions) {
  const result = await paginateSafely(
    ctx.db
      .query("reports")
      .withIndex("by_status_and_at", (q) => q.eq("status", status))
      .order("desc"),
    opts,
    REPORT_PAGE_MAX,
  );
  const page = [];
  for (const report of result.page) {
    const matchId = await recordedMatchOf(ctx, report);
    const { reporterUserId: _user, ...rest } = report;
    page.push({ ...rest, ...(matchId ? { matchId } : {}) });
  }
  return { ...result, page };
}

const OWN_REPORTS_MAX = 20;

/**
 * A reporter's own reports and their outcome, newest first (no staff names, no evidence): those
 * they filed first and those their report was folded into, each with their own reason and time.
 * Reports filed before filings were kept are found by their first reporter.
 */
export async function ownReports(ctx: QueryCtx, steamId: string) {
  const filings = await ctx.db
    .query("reportFilings")
    .withIndex("by_steamId_and_at", (q) => q.eq("steamId", steamId))
    .order("desc")
    .take(OWN_REPORTS_MAX);
  const firsts = await ctx.db
    .query("reports")
    .withIndex("by_reporterSteamId_and_at", (q) => q.eq("reporterSteamId", steamId))
    .order("desc")
    .take(OWN_REPORTS_MAX);
  const mine = new Map<Id<"reports">, { report: Doc<"reports">; reason: string; at: number }>();
  for (const report of firsts) {
    mine.set(report._id, { report, reason: report.reason, at: report.at });
  }
  for (const filing of filings) {
    const report =
      mine.get(filing.reportId)?.report ?? (await ctx.db.get("reports", filing.reportId));
    if (report) mine.set(report._id, { report, reason: filing.reason, at: filing.at });
  }
  return [...mine.values()]
    .sort((a, b) => b.at - a.at)
    .slice(0, OWN_REPORTS_MAX)
    .map(({ report: r, reason, at }) => ({
      _id: r._id,
      at,
      source: r.source,
      kind: r.kind,
      serverName: r.serverName,
      targetName: r.targetName,
      targetSteamId: r.targetSteamId,
      reason,
      status: r.status,
      decision: r.decision,
      sanction: r.sanction,
      sanctionCode: r.sanctionCode,
    }));
}
