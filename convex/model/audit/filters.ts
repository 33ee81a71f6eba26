/**
 * Audit log filters, index-backed: the most selective equality filter picks the index (user,
 * then action, then server, then outcome), the date range narrows it on `at`, and only the
 * remaining equality filters are checked row by row inside that range. So a filter never scans
 * the whole table: at most the entries of one user/action/server/outcome in the date range, and
 * at most `AUDIT_SCAN_ROWS` of them per page.
 */
import type { IndexRange } from "convex/server";
import { v, type Infer } from "convex/values";
import type { Doc } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { vAuditOutcome } from "../../lib/validators";

export const vAuditFilters = v.object({
  action: v.optional(v.string()),
  username: v.optional(v.string()),
  serverId: v.optional(v.id("servers")),
  outcome: v.optional(vAuditOutcome),
  /** Inclusive bounds on `at` (ms since the epoch). */
  from: v.optional(v.number()),
  to: v.optional(v.number()),
});
export type AuditFilters = Infer<typeof vAuditFilters>;

/** What every audit index ends with: the entry time, bounded by the date range. */
type AtRange = { gte: (f: "at", n: number) => AtRange; lte: (f: "at", n: number) => AtRange };

function withRange(q: unknown, { from, to }: AuditFilters): IndexRange {
  let r = q as AtRange;
  if (from !== undefined) r = r.gte("at", from);
  if (to !== undefined) r = r.lte("at", to);
  return r as unknown as IndexRange;
}

/**
 * How many entries one page of a filtered read may go through. Filters checked row by row still
 * read the rows they drop, and a function may scan only so many documents (32,000 today): a page
 * stops here and the next one continues from where it stopped, however rare the matches are.
 */
export const AUDIT_SCAN_ROWS = 4_000;

/** Newest first: the filtered entries, read through the index that fits best. */
export function auditQuery(ctx: QueryCtx, f: AuditFilters) {
  const { query, rest } = auditIndexRange(ctx, f);
  if (rest.length === 0) return query;
  return query.filter((q) => q.and(...rest.map((k) => q.eq(q.field(k), f[k] as string))));
}

/** The index range a filter reads (newest first), and the filters checked row by row in it. */
export function auditIndexRange(ctx: QueryCtx, f: AuditFilters) {
  const table = ctx.db.query("auditLog");
  let covered: keyof AuditFilters | null = null;
  let query;
  if (f.username !== undefined) {
    const username = f.username;
    covered = "username";
    query = table.withIndex("by_username_and_at", (q) => withRange(q.eq("username", username), f));
  } else if (f.action !== undefined) {
    const action = f.action;
    covered = "action";
    query = table.withIndex("by_action_and_at", (q) => withRange(q.eq("action", action), f));
  } else if (f.serverId !== undefined) {
    const serverId = f.serverId;
    covered = "serverId";
    query = table.withIndex("by_serverId_and_at", (q) => withRange(q.eq("serverId", serverId), f));
  } else if (f.outcome !== undefined) {
    const outcome = f.outcome;
    covered = "outcome";
    query = table.withIndex("by_outcome_and_at", (q) => withRange(q.eq("outcome", outcome), f));
  } else {
    query = table.withIndex("by_at", (q) => withRange(q, f));
  }
  const rest = (["username", "action", "serverId", "outcome"] as const).filter(
    (k) => k !== covered && f[k] !== undefined,
  );
  return { query: query.order("desc"), rest };
}

/** Whether an entry passes every filter (tests and the benchmark check pages with it). */
export function matchesFilters(e: Doc<"auditLog">, f: AuditFilters): boolean {
  return (
    (f.username === undefined || e.username === f.username) &&
    (f.action === undefined || e.action === f.action) &&
    (f.serverId === undefined || e.serverId === f.serverId) &&
    (f.outcome === undefined || e.outcome === f.outcome) &&
    (f.from === undefined || e.at >= f.from) &&
    (f.to === undefined || e.at <= f.to)
  );
}
