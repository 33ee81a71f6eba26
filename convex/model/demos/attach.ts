/**
 * Which recorded map a demo belongs to. A MatchZy upload names its match and map number, the same
 * pair that keys the recorded map (model/history/record.ts `dedupeKeyOf`), so the demo is attached
 * whichever comes first: the map's record (this module, from `recordMatch`) or the stored file
 * (`claim.ts`). A `tv_record` recording belongs to the map its server records next.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { internal } from "../../_generated/api";
import { notify } from "../notifications/notify";

/** The recorded map's dedupeKey for a MatchZy match id and map number. */
export function matchKeyOf(serverId: Id<"servers">, matchzyMatchId: number, mapNumber: number) {
  return `${serverId}:matchzy:${matchzyMatchId}:${mapNumber}`;
}

/** A stored demo became attached: its Discord message is due once. */
export async function announceWhenAttached(ctx: MutationCtx, demo: Doc<"demos">) {
  const stored = demo.state === "ready" || demo.state === "partial";
  if (!stored || !demo.matchId || demo.announced || demo.hidden) return;
  await ctx.db.patch("demos", demo._id, { announced: true });
  const match = await ctx.db.get("matches", demo.matchId);
  if (!match || match.voided) return;
  await notify(ctx, {
    kind: "demoReady",
    matchId: match._id,
    serverName: match.serverName,
    map: match.map,
    scoreA: match.scoreCT,
    scoreB: match.scoreT,
    sizeBytes: demo.size ?? 0,
    partial: demo.state === "partial",
  });
}

/**
 * A map was just recorded: the MatchZy demo already waiting for it is attached, and a recording the
 * panel runs on this server is stopped and attached.
 */
export async function attachDemosToRecordedMap(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  matchId: Id<"matches">,
  dedupeKey: string,
): Promise<void> {
  const waiting = await ctx.db
    .query("demos")
    .withIndex("by_matchKey", (q) => q.eq("matchKey", dedupeKey))
    .take(4);
  for (const demo of waiting) {
    if (demo.matchId) continue;
    await ctx.db.patch("demos", demo._id, { matchId });
    await announceWhenAttached(ctx, { ...demo, matchId });
  }
  const recording = await ctx.db
    .query("demos")
    .withIndex("by_serverId_and_state", (q) => q.eq("serverId", serverId).eq("state", "recording"))
    .first();
  if (recording) {
    await ctx.db.patch("demos", recording._id, { matchId, state: "on_server" });
    await ctx.scheduler.runAfter(0, internal.demos.sendRecording, {
      serverId,
      demoId: null,
      action: { kind: "demoStop" },
    });
  }
}
