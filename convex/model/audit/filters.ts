/**
 * Audit log filters, index-backed: the most selective equality filter picks the index (user,
 * then action, then server, then outcome), the date range narrows it on `at`, and only the
 * remaining equality filters are checked row by row inside that range. So a filter never scans
 * the whole table: at most the entries of one user/action/server/outcome in the date range, and
 * at most `AUDIT_SCAN_ROWS` of them per page.
 */
import type { IndexRange, PaginationOptions, PaginationResult } from "convex/server";
import { v, type Infer } from "convex/values";
import type { Doc } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { paginateSafely } from "../../lib/pagination";
import { AUDIT_SEARCH_MAX } from "../../lib/auditActions";
import { vAuditOutcome } from "../../lib/validators";

export const vAuditFilters = v.object({
  action: v.optional(v.string()),
  username: v.optional(v.string()),
  serverId: v.optional(v.id("servers")),
  outcome: v.optional(vAuditOutcome),
  /** Part of a name: every word typed starts a word of the name, in any letter case. */
  userLike: v.optional(v.string()),
  /** Free text: every word typed starts a word of the entry's details, in any letter case. */
  search: v.optional(v.string()),
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

/** Typed text is cut here: a search term, not a document. */
const SEARCH_TEXT_MAX = 100;

/** Lower-case words of a text (letters and digits, any script). */
function wordsOf(text: string): string[] {
  return text.toLocaleLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
}

/** Every typed word starts some word of `text` (how the search index matches, checked exactly). */
export function wordsMatch(typed: string, text: string | undefined): boolean {
  const wanted = wordsOf(typed.slice(0, SEARCH_TEXT_MAX));
  if (wanted.length === 0) return true;
  const words = wordsOf(text ?? "");
  return wanted.every((w) => words.some((x) => x.startsWith(w)));
}

/** Whether a filter asks for a text search (then `auditSearch`, not an index range, answers it). */
export function isTextSearch(f: AuditFilters): boolean {
  return wordsOf(f.search ?? "").length > 0 || wordsOf(f.userLike ?? "").length > 0;
}

/**
 * A text search: the search index over details (or over user names for part of a name) with the
 * equality filters, then every word and the date range checked exactly. A search index ranks by
 * relevance, so the first `AUDIT_SEARCH_MAX` matches are read and shown newest first, in one page.
 */
export async function auditSearch(ctx: QueryCtx, f: AuditFilters): Promise<Doc<"auditLog">[]> {
  const text = (f.search ?? "").slice(0, SEARCH_TEXT_MAX);
  const userLike = (f.userLike ?? "").slice(0, SEARCH_TEXT_MAX);
  const byDetails = wordsOf(text).length > 0;
  const found = await ctx.db
    .query("auditLog")
    .withSearchIndex(byDetails ? "search_details" : "search_username", (q) => {
      let s = byDetails ? q.search("details", text) : q.search("username", userLike);
      if (f.username !== undefined) s = s.eq("username", f.username);
      if (f.action !== undefined) s = s.eq("action", f.action);
      if (f.serverId !== undefined) s = s.eq("serverId", f.serverId);
      if (f.outcome !== undefined) s = s.eq("outcome", f.outcome);
      return s;
    })
    .take(AUDIT_SEARCH_MAX);
  return found.filter((e) => matchesFilters(e, f)).sort((a, b) => b.at - a.at);
}

/** One page of the filtered log: a text search in one page, else the index range page by page. */
export async function auditPage(
  ctx: QueryCtx,
  f: AuditFilters,
  opts: PaginationOptions,
): Promise<PaginationResult<Doc<"auditLog">>> {
  if (isTextSearch(f)) {
    // Every match is on the first page; a cursor asks for what comes after it: nothing.
    const page = opts.cursor === null ? await auditSearch(ctx, f) : [];
    return { page, isDone: true, continueCursor: "search" };
  }
  return await paginateSafely(
    auditQuery(ctx, f),
    // Filters checked row by row read what they drop: bound the rows, continue next page.
    { ...opts, maximumRowsRead: AUDIT_SCAN_ROWS },
    500,
  );
}

/** Whether an entry passes every filter (tests and the benchmark check pages with it). */
export function matchesFilters(e: Doc<"auditLog">, f: AuditFilters): boolean {
  return (
    (f.username === undefined || e.username === f.username) &&
    (f.userLike === undefined || wordsMatch(f.userLike, e.username)) &&
    (f.search === undefined || wordsMatch(f.search, e.details)) &&
    (f.action === undefined || e.action === f.action) &&
    (f.serverId === undefined || e.serverId === f.serverId) &&
    (f.outcome === undefined || e.outcome === f.outcome) &&
    (f.from === undefined || e.at >= f.from) &&
    (f.to === undefined || e.at <= f.to)
  );
}
