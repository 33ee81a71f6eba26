import { paginationOptsValidator } from "convex/server";
import { v } from "convex/values";
import { internalMutation } from "./_generated/server";
import { adminQuery } from "./lib/functions";
import { vAuditOutcome, vGateVerdict, vIdentityKind } from "./lib/validators";
import { appendAudit, auditEventFields, auditRow } from "./model/audit";
import { admitGatedCall } from "./model/callGate";

export const record = internalMutation({
  args: { ...auditEventFields, outcome: vAuditOutcome },
  returns: v.null(),
  handler: async (ctx, args) => {
    await appendAudit(ctx, args);
    return null;
  },
});

/**
 * Run by every admin / guest-admin action for a caller who is not an admin, before its handler:
 * counts the call against the rate limits and audits a refusal (model/callGate.ts).
 */
export const admitCall = internalMutation({
  args: { event: v.object(auditEventFields), allowed: v.boolean() },
  returns: vGateVerdict,
  handler: async (ctx, { event, allowed }) => await admitGatedCall(ctx, event, allowed),
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
  count: v.optional(v.number()),
});

/** Newest first, paginated. */
export const list = adminQuery({
  args: { paginationOpts: paginationOptsValidator },
  returns: v.object({
    page: v.array(vAuditRow),
    isDone: v.boolean(),
    continueCursor: v.string(),
    splitCursor: v.optional(v.union(v.string(), v.null())),
    pageStatus: v.optional(
      v.union(v.literal("SplitRecommended"), v.literal("SplitRequired"), v.null()),
    ),
  }),
  handler: async (ctx, { paginationOpts }) => {
    const result = await ctx.db
      .query("auditLog")
      .withIndex("by_at")
      .order("desc")
      .paginate(paginationOpts);
    return { ...result, page: result.page.map(auditRow) };
  },
});
