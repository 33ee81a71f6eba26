/**
 * The append-only audit log: who did what, where, with which outcome. Every module that records an
 * event writes it through `appendAudit`, so entries always carry the same fields.
 */
import { v, type ObjectType } from "convex/values";
import type { Doc } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { allowRefusalAudit } from "../lib/rateLimits";
import type { AuditOutcome } from "../lib/validators";

/** Who did what, where: the fields of every audit entry except its outcome. */
export const auditEventFields = {
  username: v.string(),
  tokenIdentifier: v.optional(v.string()),
  guestId: v.optional(v.string()),
  action: v.string(),
  serverId: v.optional(v.id("servers")),
  details: v.optional(v.string()),
};

export type AuditEvent = ObjectType<typeof auditEventFields>;
export type AuditEntry = AuditEvent & { outcome: AuditOutcome };

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

/** An "unauthorized attempt" entry, written unless this caller (or everyone) refused too often. */
export async function appendRefusal(ctx: MutationCtx, event: AuditEvent): Promise<boolean> {
  const caller = event.tokenIdentifier ?? (event.guestId ? `guest:${event.guestId}` : "anonymous");
  if (!(await allowRefusalAudit(ctx, caller))) return false;
  await appendAudit(ctx, { ...event, outcome: "unauthorized" });
  return true;
}

/** How the admin screen shows an entry: a guest is named with its session label. */
export function auditRow(e: Doc<"auditLog">) {
  return {
    _id: e._id,
    at: e.at,
    user: e.guestId ? `${e.username} (${e.guestId})` : e.username,
    action: e.action,
    serverName: e.serverName,
    outcome: e.outcome,
    details: e.details,
  };
}
