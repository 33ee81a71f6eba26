/**
 * Retention: the admin's policy applied by the hourly `demo retention` cron. Stored demos are
 * walked oldest first (`by_storedAt`); an unpinned one goes when it is older than the policy's
 * days, or while all stored demos together are over its cap. Pinned demos are always kept (and
 * still count in the total). A walk is cut into pages; the next page is scheduled only while
 * something may still be due.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { internal } from "../../_generated/api";
import type { DemoRetention } from "../../lib/demos";
import { demoTotals, removeDemo } from "./store";

export const DAY_MS = 24 * 60 * 60 * 1000;
const PAGE = 50;
/** Failed uploads (no file) are listed for admins this long, then dropped. */
const FAILED_KEPT_MS = 30 * DAY_MS;

export interface RetentionItem {
  id: Id<"demos">;
  storedAt: number;
  size: number;
  pinned: boolean;
}

/**
 * The verdict on one page (oldest first): which demos go, the total after them, and whether a
 * later (younger) page can still have something due.
 */
export function retentionVerdict(
  page: RetentionItem[],
  policy: DemoRetention,
  totalBytes: number,
  now: number,
): { remove: Id<"demos">[]; totalAfter: number; more: boolean } {
  const cutoff = policy.days > 0 ? now - policy.days * DAY_MS : -Infinity;
  const overCap = (total: number) => policy.capBytes > 0 && total > policy.capBytes;
  const remove: Id<"demos">[] = [];
  let total = totalBytes;
  for (const item of page) {
    if (item.pinned) continue;
    if (item.storedAt < cutoff || overCap(total)) {
      remove.push(item.id);
      total -= item.size;
    }
  }
  const last = page.at(-1);
  const more = last !== undefined && (last.storedAt < cutoff || overCap(total));
  return { remove, totalAfter: total, more };
}

/** One page of the walk; schedules the next while something may still be due. */
export async function applyRetentionPage(
  ctx: MutationCtx,
  cursor: string | null,
  now: number,
): Promise<{ removed: number }> {
  const totals = await demoTotals(ctx);
  const page = await ctx.db
    .query("demos")
    .withIndex("by_storedAt", (q) => q.gte("storedAt", 0))
    .paginate({ numItems: PAGE, cursor });
  const items = page.page.flatMap((d: Doc<"demos">) =>
    d.storedAt !== undefined
      ? [{ id: d._id, storedAt: d.storedAt, size: d.size ?? 0, pinned: d.pinned }]
      : [],
  );
  const verdict = retentionVerdict(items, totals, totals.totalBytes, now);
  for (const id of verdict.remove) {
    const demo = await ctx.db.get("demos", id);
    if (demo) await removeDemo(ctx, demo);
  }
  if (cursor === null) await dropOldFailures(ctx, now);
  if (verdict.more && !page.isDone) {
    await ctx.scheduler.runAfter(0, internal.demos.applyRetention, {
      cursor: page.continueCursor,
    });
  }
  return { removed: verdict.remove.length };
}

async function dropOldFailures(ctx: MutationCtx, now: number) {
  const old = await ctx.db
    .query("demos")
    .withIndex("by_state_and_startedAt", (q) =>
      q.eq("state", "failed").lt("startedAt", now - FAILED_KEPT_MS),
    )
    .take(PAGE);
  for (const demo of old) await ctx.db.delete("demos", demo._id);
}
