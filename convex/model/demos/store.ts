/**
 * The demo store's one row: the admin's retention policy and the running total of stored demos.
 * Every demo that gains or loses its file goes through `fileStored`/`removeDemo`, so the total is
 * exact without scanning the table.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { DEFAULT_RETENTION, type DemoRetention } from "../../lib/demos";

const KEY = "global";

export interface DemoTotals extends DemoRetention {
  totalBytes: number;
  count: number;
}

async function storeRow(ctx: QueryCtx): Promise<Doc<"demoStore"> | null> {
  return await ctx.db
    .query("demoStore")
    .withIndex("by_key", (q) => q.eq("key", KEY))
    .unique();
}

export async function demoTotals(ctx: QueryCtx): Promise<DemoTotals> {
  const row = await storeRow(ctx);
  if (!row) return { ...DEFAULT_RETENTION, totalBytes: 0, count: 0 };
  const { days, capBytes, totalBytes, count } = row;
  return { days, capBytes, totalBytes, count };
}

async function patchStore(ctx: MutationCtx, change: (t: DemoTotals) => Partial<DemoTotals>) {
  const row = await storeRow(ctx);
  const current = await demoTotals(ctx);
  const next = { ...current, ...change(current) };
  if (row) await ctx.db.patch("demoStore", row._id, next);
  else await ctx.db.insert("demoStore", { key: KEY, ...next });
}

export async function setRetention(ctx: MutationCtx, retention: DemoRetention): Promise<void> {
  await patchStore(ctx, () => retention);
}

/** Counts a demo's newly stored file in the total. */
export async function countStored(ctx: MutationCtx, bytes: number): Promise<void> {
  await patchStore(ctx, (t) => ({ totalBytes: t.totalBytes + bytes, count: t.count + 1 }));
}

/** Deletes a demo row, and its stored file with its share of the total. */
export async function removeDemo(ctx: MutationCtx, demo: Doc<"demos">): Promise<void> {
  if (demo.storageId) await dropFile(ctx, demo.storageId, demo.size ?? 0);
  await ctx.db.delete("demos", demo._id);
}

async function dropFile(ctx: MutationCtx, storageId: Id<"_storage">, bytes: number) {
  if (await ctx.db.system.get("_storage", storageId)) await ctx.storage.delete(storageId);
  await patchStore(ctx, (t) => ({
    totalBytes: Math.max(0, t.totalBytes - bytes),
    count: Math.max(0, t.count - 1),
  }));
}

/** Stored files created up to this time were looked at by the stray sweep (claim.ts). */
export async function sweptThrough(ctx: QueryCtx): Promise<number> {
  return (await storeRow(ctx))?.sweptThrough ?? 0;
}

export async function markSwept(ctx: MutationCtx, through: number): Promise<void> {
  const row = await storeRow(ctx);
  if (row) await ctx.db.patch("demoStore", row._id, { sweptThrough: through });
  else {
    await ctx.db.insert("demoStore", {
      key: KEY,
      ...DEFAULT_RETENTION,
      totalBytes: 0,
      count: 0,
      sweptThrough: through,
    });
  }
}
