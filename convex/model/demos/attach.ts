/**
 * Which recorded map a demo belongs to. A MatchZy map gets its awaited upload when it is recorded
 * (claim.ts finds the file by the map its header names); a `tv_record` recording belongs to the
 * map its server records next.
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { internal } from "../../_generated/api";
import { expectUpload } from "./claim";

/**
 * A map was just recorded: a MatchZy map's upload is awaited (on a server the panel gives upload
 * URLs), and a recording the panel runs on this server is stopped and attached.
 */
export async function attachDemosToRecordedMap(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  matchId: Id<"matches">,
  dedupeKey: string,
): Promise<void> {
  const server = await ctx.db.get("servers", serverId);
  const match = await ctx.db.get("matches", matchId);
  const uploads = await ctx.db
    .query("demoUploadTargets")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
  const push = await ctx.db
    .query("pushStatus")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
  const given = uploads !== null && uploads.issuedAt > 0;
  if (server && match && given && push?.enabled && dedupeKey.includes(":matchzy:")) {
    await expectUpload(ctx, server, match, Date.now());
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
