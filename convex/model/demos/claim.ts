/**
 * Finding the file MatchZy uploaded for a recorded map. MatchZy POSTs the demo straight to a
 * Convex upload URL the panel set as `matchzy_demo_upload_url` (upload.ts); Convex keeps none of
 * its headers and MatchZy drops the `{storageId}` answer, so the file arrives as a bare `_storage`
 * row. What ties it to its map is the demo itself: its header frame names the map and the game
 * server's hostname (format.ts `readDemoHeader`).
 *
 * - A MatchZy map recorded on a server the panel gave an upload URL gets an `uploading` row
 *   (`expectUpload`). Its claim looks at files stored since the map ended that no demo holds,
 *   reads each one's first 4 KiB with a ranged GET (never the whole file) and takes the one whose
 *   header names the map (and the hostname, when two servers ended the same map); looked for
 *   again with growing pauses, and `never_arrived` after UPLOAD_WAIT_MS.
 * - The stray sweep (every 15 min) takes files nobody claimed within 20 minutes: a demo is kept
 *   «Без матчу» on the server its header names, for an admin to attach or delete; anything else
 *   is deleted. So a file that is not a demo, or a demo of a match the panel does not know, never
 *   reaches a match page, and nothing a server uploaded is lost unseen.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { ActionCtx, MutationCtx, QueryCtx } from "../../_generated/server";
import { internal } from "../../_generated/api";
import { DEMO_MAX_BYTES, UPLOAD_WAIT_MS, type DemoProblem } from "../../lib/demos";
import { matchSnapshotOf } from "../live/snapshots";
import {
  DEMO_HEAD_BYTES,
  inspectDemo,
  readDemoHeader,
  sameMapName,
  type DemoHeader,
  type DemoKind,
} from "./format";
import { announceWhenAttached } from "./announce";
import { countStored, sweptThrough } from "./store";

/** Files looked at per claim: far more than uploads that end together. */
const CANDIDATES_SCANNED = 32;
/** A recorded map's first look for its file: MatchZy starts its upload ≥ 30 s after the map. */
export const FIRST_CLAIM_DELAY_MS = 45_000;
/** The record can trail the upload's start by a poll; files stored this much earlier count too. */
const RECORD_SLACK_MS = 60_000;
/** A file no claim took this long after it was stored is a stray. */
export const STRAY_AFTER_MS = 20 * 60_000;
const STRAYS_PER_SWEEP = 16;

export function nextClaimDelay(attempt: number): number {
  return Math.min(3 * 60_000, 30_000 * 2 ** attempt);
}

/**
 * A MatchZy map was recorded on a server that uploads to the panel: its demo is awaited. The
 * hostname is what the server's polls call it now (its demo header says the same).
 */
export async function expectUpload(
  ctx: MutationCtx,
  server: Doc<"servers">,
  match: Doc<"matches">,
  now: number,
): Promise<void> {
  const snapshot = await matchSnapshotOf(ctx, server._id);
  const hostName = snapshot?.match.serverName;
  const matchzyMatchId = Number(match.matchzy?.matchid);
  const mapNumber = match.matchzy?.mapNumber;
  const map = (match.map.split("/").pop() ?? "map").replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 48);
  const demoId = await ctx.db.insert("demos", {
    serverId: server._id,
    serverKey: server.key,
    source: "matchzy",
    state: "uploading",
    fileName: `${server.key}_${match.matchzy?.matchid ?? "match"}_${map}.dem`.slice(0, 200),
    matchId: match._id,
    ...(Number.isSafeInteger(matchzyMatchId) ? { matchzyMatchId } : {}),
    ...(mapNumber !== undefined ? { mapNumber } : {}),
    mapName: match.map,
    ...(hostName ? { hostName } : {}),
    startedAt: now,
    hidden: false,
    pinned: false,
  });
  await ctx.scheduler.runAfter(FIRST_CLAIM_DELAY_MS, internal.demos.claim, { demoId, attempt: 0 });
}

/** Stored files since `after` that no demo holds, oldest first. */
async function unheldFiles(ctx: QueryCtx, after: number, before: number, limit: number) {
  const files = await ctx.db.system
    .query("_storage")
    .withIndex("by_creation_time", (q) => q.gt("_creationTime", after).lte("_creationTime", before))
    .take(limit);
  const out: { storageId: Id<"_storage">; size: number; at: number }[] = [];
  for (const file of files) {
    const holder = await ctx.db
      .query("demos")
      .withIndex("by_storageId", (q) => q.eq("storageId", file._id))
      .first();
    if (!holder) out.push({ storageId: file._id, size: file.size, at: file._creationTime });
  }
  return out;
}

export interface ClaimLook {
  demo: { state: string; startedAt: number; mapName: string; hostName: string | null } | null;
  files: { storageId: Id<"_storage">; size: number }[];
}

/** The awaited demo and the files that may be its upload. */
export async function lookForUpload(
  ctx: QueryCtx,
  demoId: Id<"demos">,
  now: number,
): Promise<ClaimLook> {
  const demo = await ctx.db.get("demos", demoId);
  if (!demo || demo.state !== "uploading") return { demo: null, files: [] };
  const files = await unheldFiles(ctx, demo.startedAt - RECORD_SLACK_MS, now, CANDIDATES_SCANNED);
  return {
    demo: {
      state: demo.state,
      startedAt: demo.startedAt,
      mapName: demo.mapName ?? "",
      hostName: demo.hostName ?? null,
    },
    files: files.map(({ storageId, size }) => ({ storageId, size })),
  };
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

export interface Inspected {
  storageId: Id<"_storage">;
  size: number;
  kind: DemoKind;
  header: DemoHeader | null;
}

/** What a stored file is, and what its demo header says. */
export async function inspectStored(
  ctx: ActionCtx,
  file: { storageId: Id<"_storage">; size: number },
): Promise<Inspected> {
  const url = await ctx.storage.getUrl(file.storageId);
  const head = url ? await headOf(url) : new Uint8Array();
  return { ...file, kind: inspectDemo(head, file.size), header: readDemoHeader(head) };
}

/** Of the files looked at, the one whose header names this map (and host, among several). */
export function pickUpload(
  files: Inspected[],
  mapName: string,
  hostName: string | null,
): Inspected | null {
  const fits = files.filter(
    (f) => f.kind !== "not_a_demo" && f.header && sameMapName(f.header.mapName, mapName),
  );
  if (fits.length === 1) return fits[0]!;
  const exact = fits.filter((f) => hostName !== null && f.header!.serverName === hostName);
  return exact.length === 1 ? exact[0]! : null;
}

/** One look (the `demos.claim` job): settle, fail, or look again later. */
export async function claimUpload(
  ctx: ActionCtx,
  demoId: Id<"demos">,
  attempt: number,
  now: number,
): Promise<void> {
  const look: ClaimLook = await ctx.runQuery(internal.demos.lookForUpload, { demoId });
  if (!look.demo) return;
  const inspected: Inspected[] = [];
  for (const file of look.files) inspected.push(await inspectStored(ctx, file));
  const chosen = pickUpload(inspected, look.demo.mapName, look.demo.hostName);
  if (chosen) {
    await ctx.runMutation(internal.demos.settleUpload, {
      demoId,
      storageId: chosen.storageId,
      kind: chosen.kind,
    });
    return;
  }
  if (now > look.demo.startedAt + UPLOAD_WAIT_MS) {
    await ctx.runMutation(internal.demos.failUpload, { demoId, problem: "never_arrived" });
    return;
  }
  await ctx.scheduler.runAfter(nextClaimDelay(attempt), internal.demos.claim, {
    demoId,
    attempt: attempt + 1,
  });
}

/** The stored file is this demo's: kept (as partial when never closed), or deleted when too big. */
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
  if (kind === "not_a_demo" || file.size > DEMO_MAX_BYTES) {
    await ctx.storage.delete(storageId);
    await failDemo(ctx, demo, kind === "not_a_demo" ? "not_a_demo" : "too_big");
    return;
  }
  const settled = {
    state: kind === "truncated" ? ("partial" as const) : ("ready" as const),
    storageId,
    size: file.size,
    storedAt: now,
  };
  await ctx.db.patch("demos", demoId, settled);
  await countStored(ctx, file.size);
  await announceWhenAttached(ctx, { ...demo, ...settled });
}

export async function failDemo(ctx: MutationCtx, demo: Doc<"demos">, problem: DemoProblem) {
  if (demo.state !== "uploading") return;
  await ctx.db.patch("demos", demo._id, { state: "failed", problem });
}

/** Files stored before `now - STRAY_AFTER_MS` the sweep has not looked at, none held by a demo. */
export async function strayFiles(ctx: QueryCtx, now: number) {
  const after = await sweptThrough(ctx);
  const before = now - STRAY_AFTER_MS;
  const files = await ctx.db.system
    .query("_storage")
    .withIndex("by_creation_time", (q) => q.gt("_creationTime", after).lte("_creationTime", before))
    .take(STRAYS_PER_SWEEP);
  const unheld = await unheldFiles(ctx, after, files.at(-1)?._creationTime ?? after, files.length);
  return {
    files: unheld.map(({ storageId, size }) => ({ storageId, size })),
    through: files.at(-1)?._creationTime ?? null,
    more: files.length === STRAYS_PER_SWEEP,
  };
}

/** The server a stray demo names by hostname, else the first MatchZy server, else the first. */
async function serverOfStray(ctx: QueryCtx, header: DemoHeader | null) {
  const servers = await ctx.db.query("servers").withIndex("by_order").take(50);
  if (header?.serverName) {
    for (const server of servers) {
      const snapshot = await matchSnapshotOf(ctx, server._id);
      if (snapshot?.match.serverName === header.serverName) return server;
    }
  }
  return servers.find((s) => s.matchzy) ?? servers[0] ?? null;
}

const two = (n: number) => String(n).padStart(2, "0");

/** One looked-at stray: a demo is kept «Без матчу», anything else deleted; the sweep moves on. */
export async function keepStray(
  ctx: MutationCtx,
  stray: Inspected,
  now: number,
): Promise<"kept" | "deleted" | "skipped"> {
  const file = await ctx.db.system.get("_storage", stray.storageId);
  const holder = await ctx.db
    .query("demos")
    .withIndex("by_storageId", (q) => q.eq("storageId", stray.storageId))
    .first();
  if (!file || holder) return "skipped";
  const server = stray.kind === "not_a_demo" ? null : await serverOfStray(ctx, stray.header);
  if (!server || file.size > DEMO_MAX_BYTES) {
    await ctx.storage.delete(stray.storageId);
    return "deleted";
  }
  const at = new Date(file._creationTime);
  const stamp = `${at.getUTCFullYear()}${two(at.getUTCMonth() + 1)}${two(at.getUTCDate())}-${two(at.getUTCHours())}${two(at.getUTCMinutes())}`;
  const map = (stray.header?.mapName ?? "demo").replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 48);
  await ctx.db.insert("demos", {
    serverId: server._id,
    serverKey: server.key,
    source: "matchzy",
    state: stray.kind === "truncated" ? "partial" : "ready",
    fileName: `${map}_${stamp}.${stray.kind === "zip" ? "zip" : "dem"}`,
    storageId: stray.storageId,
    size: file.size,
    ...(stray.header ? { mapName: stray.header.mapName, hostName: stray.header.serverName } : {}),
    startedAt: file._creationTime,
    storedAt: now,
    hidden: false,
    pinned: false,
    announced: true,
  });
  await countStored(ctx, file.size);
  return "kept";
}
