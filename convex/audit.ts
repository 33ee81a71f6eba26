import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { internalMutation } from "./_generated/server";
import { adminQuery } from "./lib/functions";
import { vAuditOutcome, vGateVerdict, vIdentityKind } from "./lib/validators";
import { auditEventFields, auditRow } from "./model/audit/log";
import { auditPage, vAuditFilters } from "./model/audit/filters";
import { admitGatedCall } from "./model/capability/callGate";

/**
 * Run by every admin / guest-admin action for a caller who is not an admin, before its handler:
 * counts the call against the rate limits and audits a refusal (model/capability/callGate.ts).
 */
export const admitCall = internalMutation({
  args: {
    event: v.object(auditEventFields),
    allowed: v.boolean(),
    guestBudget: v.optional(v.literal("guestReadBack")),
  },
  returns: vGateVerdict,
  handler: async (ctx, { event, allowed, guestBudget }) =>
    await admitGatedCall(ctx, event, allowed, guestBudget),
});

const vAuditRow = v.object({
  _id: v.id("auditLog"),
  at: v.number(),
  user: v.string(),
  identity: v.optional(vIdentityKind),
  action: v.string(),
  serverName: v.optional(v.string()),
  outcome: vAuditOutcome,
  details: v.optional(v.string()),
  detailsKey: v.optional(v.string()),
  detailsParams: v.optional(v.record(v.string(), v.union(v.string(), v.number()))),
  count: v.optional(v.number()),
});

/**
 * Newest first, paginated; filtered by action, user (whole name or part of it), server, outcome,
 * date range and free text in the details.
 */
export const list = adminQuery({
  args: { paginationOpts: paginationOptsValidator, filters: v.optional(vAuditFilters) },
  returns: paginationResultValidator(vAuditRow),
  handler: async (ctx, { paginationOpts, filters }) => {
    const result = await auditPage(ctx, filters ?? {}, paginationOpts);
    return { ...result, page: result.page.map(auditRow) };
  },
});

/**
 * The rows of a CSV export, a page of up to 500 at a time: the same filters and indexes as
 * `list`. The browser labels them in Ukrainian (the dictionary lives there) and writes the file.
 */
export const exportCsv = adminQuery({
  args: { paginationOpts: paginationOptsValidator, filters: v.optional(vAuditFilters) },
  returns: v.object({
    rows: v.array(vAuditRow),
    isDone: v.boolean(),
    continueCursor: v.string(),
  }),
  handler: async (ctx, { paginationOpts, filters }) => {
    const result = await auditPage(ctx, filters ?? {}, paginationOpts);
    return {
      rows: result.page.map(auditRow),
      isDone: result.isDone,
      continueCursor: result.continueCursor,
    };
  },
});
