/**
 * What match pages and the admins' demo list show. A download URL is Convex's file URL: anyone
 * holding it can fetch the file until it is deleted, so a hidden demo's URL is given to admins
 * only (hiding withholds the link; deleting revokes it).
 */
import type { Doc } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import type { DemoAdminItem, DemoView } from "../../lib/demos";
import { demoTotals } from "./store";

const PER_MATCH = 8;
const LISTED = 50;

const isStored = (demo: Doc<"demos">) =>
  demo.storageId !== undefined && (demo.state === "ready" || demo.state === "partial");

async function viewOf(ctx: QueryCtx, demo: Doc<"demos">): Promise<DemoView> {
  const url = isStored(demo) ? await ctx.storage.getUrl(demo.storageId!) : null;
  return {
    id: demo._id,
    fileName: demo.fileName,
    size: demo.size ?? null,
    state: demo.state,
    problem: demo.problem ?? null,
    source: demo.source,
    url,
    serverPath: demo.serverPath ?? null,
    hidden: demo.hidden,
    pinned: demo.pinned,
    storedAt: demo.storedAt ?? null,
  };
}

async function adminItemOf(ctx: QueryCtx, demo: Doc<"demos">): Promise<DemoAdminItem> {
  return {
    ...(await viewOf(ctx, demo)),
    serverKey: demo.serverKey,
    matchId: demo.matchId ?? null,
    matchzyMatchId: demo.matchzyMatchId ?? null,
    mapNumber: demo.mapNumber ?? null,
    startedAt: demo.startedAt,
  };
}

async function ofMatch(ctx: QueryCtx, raw: string) {
  const matchId = ctx.db.normalizeId("matches", raw);
  if (!matchId) return [];
  return await ctx.db
    .query("demos")
    .withIndex("by_matchId", (q) => q.eq("matchId", matchId))
    .take(PER_MATCH);
}

/**
 * A visitor's view of a match's demos: the stored, visible ones with their download link, and a
 * recording kept on the game server (where it is); nothing of failed or hidden ones.
 */
export async function publicDemosOfMatch(ctx: QueryCtx, matchId: string): Promise<DemoView[]> {
  const demos = await ofMatch(ctx, matchId);
  const shown = demos.filter(
    (d) => !d.hidden && (isStored(d) || d.state === "on_server" || d.state === "recording"),
  );
  return await Promise.all(shown.map((d) => viewOf(ctx, d)));
}

/** An admin's view of a match's demos: every state, hidden ones too. */
export async function adminDemosOfMatch(ctx: QueryCtx, matchId: string): Promise<DemoView[]> {
  return await Promise.all((await ofMatch(ctx, matchId)).map((d) => viewOf(ctx, d)));
}

/**
 * The admins' list: what needs them (uploads under way or failed, stored demos with no map,
 * recordings kept on game servers), then the newest stored demos; with the store's totals.
 */
export async function adminDemoList(ctx: QueryCtx) {
  const byState = async (state: Doc<"demos">["state"]) =>
    await ctx.db
      .query("demos")
      .withIndex("by_state_and_startedAt", (q) => q.eq("state", state))
      .order("desc")
      .take(LISTED);
  const unmatched = (
    await ctx.db
      .query("demos")
      .withIndex("by_matchId", (q) => q.eq("matchId", undefined))
      .order("desc")
      .take(LISTED)
  ).filter((d) => isStored(d));
  const attention = [
    ...(await byState("uploading")),
    ...(await byState("failed")),
    ...unmatched,
    ...(await byState("recording")),
    ...(await byState("on_server")),
  ];
  const stored = await ctx.db
    .query("demos")
    .withIndex("by_storedAt", (q) => q.gte("storedAt", 0))
    .order("desc")
    .take(LISTED);
  return {
    attention: await Promise.all(attention.map((d) => adminItemOf(ctx, d))),
    stored: await Promise.all(stored.map((d) => adminItemOf(ctx, d))),
    totals: await demoTotals(ctx),
  };
}
