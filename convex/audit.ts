import { paginationOptsValidator } from "convex/server";
import { v } from "convex/values";
import { internalMutation } from "./_generated/server";
import { adminQuery } from "./lib/functions";
import { vAuditOutcome } from "./lib/validators";
import { appendAudit, appendRefusal, auditEventFields, auditRow } from "./model/audit";

export const record = internalMutation({
  args: { ...auditEventFields, outcome: vAuditOutcome },
  returns: v.null(),
  handler: async (ctx, args) => {
    await appendAudit(ctx, args);
    return null;
  },
});

/** An "unauthorized attempt" entry, written unless this caller (or everyone) refused too often. */
export const recordRefusal = internalMutation({
  args: auditEventFields,
  returns: v.boolean(),
  handler: async (ctx, args) => await appendRefusal(ctx, args),
});

const vAuditRow = v.object({
  _id: v.id("auditLog"),
  at: v.number(),
  user: v.string(),
  action: v.string(),
  serverName: v.optional(v.string()),
  outcome: vAuditOutcome,
  details: v.optional(v.string()),
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
