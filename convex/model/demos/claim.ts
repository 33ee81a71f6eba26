/**
 * Finding the file an announced upload stored. The upload URL's answer (`{storageId}`) goes to
 * MatchZy, which does not pass it on, so the panel looks in `_storage` for a file stored after the
 * announcement with exactly the announced size that no demo holds yet; then reads its first bytes
 * (a ranged GET of its URL, never the whole file) to tell a demo from anything else.
 *
 * Looked for 20 s after the announcement, then with growing pauses until the upload URL has
 * expired: a file that has not come by then never will (`never_arrived`). A file that is not a
 * demo is deleted (`not_a_demo`); one whose recording was never closed is kept as `partial`.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { ActionCtx, MutationCtx, QueryCtx } from "../../_generated/server";
import { internal } from "../../_generated/api";
import { UPLOAD_URL_TTL_MS, type DemoProblem } from "../../lib/demos";
import { DEMO_HEAD_BYTES, inspectDemo, type DemoKind } from "./format";
import { announceWhenAttached } from "./attach";
import { countStored } from "./store";

/** Files stored after one announcement that are looked at: far more than uploads overlap. */
const CANDIDATES_SCANNED = 64;
/** After the URL expired, how long an upload that started just before may still be finishing. */
const LAST_LOOK_AFTER_EXPIRY_MS = 5 * 60_000;

export function nextClaimDelay(attempt: number): number {
  return Math.min(5 * 60_000, 30_000 * 2 ** attempt);
}

export interface ClaimLook {
  demo: { state: Doc<"demos">["state"]; startedAt: number } | null;
  storageId: Id<"_storage"> | null;
}

/** The demo and the oldest unclaimed file of its announced size stored since it was announced. */
export async function lookForUpload(ctx: QueryCtx, demoId: Id<"demos">): Promise<ClaimLook> {
  const demo = await ctx.db.get("demos", demoId);
  if (!demo || demo.state !== "uploading" || demo.size === undefined) {
    return { demo: demo && { state: demo.state, startedAt: demo.startedAt }, storageId: null };
  }
  const files = await ctx.db.system
    .query("_storage")
    .withIndex("by_creation_time", (q) => q.gte("_creationTime", demo.startedAt))
    .take(CANDIDATES_SCANNED);
  for (const file of files) {
    if (file.size !== demo.size) continue;
    const holder = await ctx.db
      .query("demos")
      .withIndex("by_storageId", (q) => q.eq("storageId", file._id))
      .first();
    if (!holder) {
      return { demo: { state: demo.state, startedAt: demo.startedAt }, storageId: file._id };
    }
  }
  return { demo: { state: demo.state, startedAt: demo.startedAt }, storageId: null };
}

/** The file's first bytes, through its URL with a Range request (a server ignoring it is cut off). */
async function headOf(url: string): Promise<Uint8Array> {
  const response = await fetch(url, { headers: { Range: `bytes=0-${DEMO_HEAD_BYTES - 1}` } });
  if (!response.ok || !response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const head = new Uint8Array(DEMO_HEAD_BYTES);
  let filled = 0;
  while (filled < DEMO_HEAD_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    const take = value.subarray(0, DEMO_HEAD_BYTES - filled);
    head.set(take, filled);
    filled += take.length;
  }
  await reader.cancel().catch(() => {});
  return head.subarray(0, filled);
}

/** What the stored file is. */
export async function inspectStored(
  ctx: ActionCtx,
  storageId: Id<"_storage">,
  size: number,
): Promise<DemoKind> {
  const url = await ctx.storage.getUrl(storageId);
  if (!url) return "not_a_demo";
  return inspectDemo(await headOf(url), size);
}

/** One look (the `demos.claim` job): settle, fail, or look again later. */
export async function claimUpload(
  ctx: ActionCtx,
  demoId: Id<"demos">,
  attempt: number,
  now: number,
): Promise<void> {
  const look: ClaimLook = await ctx.runQuery(internal.demos.lookForUpload, { demoId });
  if (!look.demo || look.demo.state !== "uploading") return;
  if (look.storageId) {
    const size =
      (await ctx.runQuery(internal.demos.storedSize, { storageId: look.storageId })) ?? 0;
    const kind = await inspectStored(ctx, look.storageId, size);
    await ctx.runMutation(internal.demos.settleUpload, { demoId, storageId: look.storageId, kind });
    return;
  }
  if (now > look.demo.startedAt + UPLOAD_URL_TTL_MS + LAST_LOOK_AFTER_EXPIRY_MS) {
    await ctx.runMutation(internal.demos.failUpload, { demoId, problem: "never_arrived" });
    return;
  }
  await ctx.scheduler.runAfter(nextClaimDelay(attempt), internal.demos.claim, {
    demoId,
    attempt: attempt + 1,
  });
}

/** The stored file is this demo's: kept (and attached if its map is recorded) or refused. */
export async function settleUpload(
  ctx: MutationCtx,
  { demoId, storageId, kind }: { demoId: Id<"demos">; storageId: Id<"_storage">; kind: DemoKind },
  now: number,
): Promise<void> {
  const demo = await ctx.db.get("demos", demoId);
  const file = await ctx.db.system.get("_storage", storageId);
  if (!demo || demo.state !== "uploading" || !file) return;
  const holder = await ctx.db
    .query("demos")
    .withIndex("by_storageId", (q) => q.eq("storageId", storageId))
    .first();
  if (holder) return;
  if (kind === "not_a_demo") {
    await ctx.storage.delete(storageId);
    await failDemo(ctx, demo, "not_a_demo");
    return;
  }
  const matchKey = demo.matchKey;
  const match = matchKey
    ? await ctx.db
        .query("matches")
        .withIndex("by_dedupeKey", (q) => q.eq("dedupeKey", matchKey))
        .first()
    : null;
  const settled = {
    state: kind === "truncated" ? ("partial" as const) : ("ready" as const),
    storageId,
    size: file.size,
    storedAt: now,
    ...(match ? { matchId: match._id } : {}),
  };
  await ctx.db.patch("demos", demoId, settled);
  await countStored(ctx, file.size);
  await announceWhenAttached(ctx, { ...demo, ...settled });
}

export async function failDemo(ctx: MutationCtx, demo: Doc<"demos">, problem: DemoProblem) {
  if (demo.state !== "uploading") return;
  await ctx.db.patch("demos", demo._id, { state: "failed", problem });
}
