import { paginationOptsValidator } from "convex/server";
import { v, type ObjectType } from "convex/values";
import { internalMutation, type MutationCtx } from "./_generated/server";
import { adminQuery } from "./lib/functions";
import { allowRefusalAudit } from "./lib/rateLimits";
import { vAuditOutcome, type AuditOutcome } from "./lib/validators";

/** Who did what, where: the fields of every audit entry except its outcome. */
export const auditEventFields = {
  username: v.string(),
  tokenIdentifier: v.optional(v.string()),
  guestId: v.optional(v.string()),
  action: v.string(),
  serverId: v.optional(v.id("servers")),
  details: v.optional(v.string()),
};

export type AuditEntry = ObjectType<typeof auditEventFields> & { outcome: AuditOutcome };

/** Appends one entry; the server name is copied in so the log survives renames and deletions. */
export async function appendAudit(ctx: MutationCtx, entry: AuditEntry): Promise<void> {
  const server = entry.serverId ? await ctx.db.get("servers", entry.serverId) : null;
  await ctx.db.insert("auditLog", {
    ...entry,
    details: entry.details?.slice(0, 500),
    serverName: server?.name,
    at: Date.now(),
  });
}

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
  handler: async (ctx, args) => {
    const caller = args.tokenIdentifier ?? (args.guestId ? `guest:${args.guestId}` : "anonymous");
    if (!(await allowRefusalAudit(ctx, caller))) return false;
    await appendAudit(ctx, { ...args, outcome: "unauthorized" });
    return true;
  },
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
    return {
      ...result,
      page: result.page.map((e) => ({
        _id: e._id,
        at: e.at,
        user: e.guestId ? `${e.username} (${e.guestId})` : e.username,
        action: e.action,
        serverName: e.serverName,
        outcome: e.outcome,
        details: e.details,
      })),
    };
  },
});
