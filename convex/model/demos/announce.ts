/** A stored demo attached to its map is announced once on the match-results Discord webhook. */
import type { Doc } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { notify } from "../notifications/notify";

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
