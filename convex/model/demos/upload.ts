/**
 * How a MatchZy demo reaches Convex file storage: MatchZy POSTs the whole `.dem` to
 * `matchzy_demo_upload_url` once the map is over, and the panel keeps that cvar set to a fresh
 * Convex upload URL (`ctx.storage.generateUploadUrl()`), so the bytes go straight into storage.
 *
 * Why not an HTTP action in front: MatchZy's HttpClient writes the whole body before it takes an
 * answer, an HTTP action may read at most 20 MiB, and Convex's HTTP server closes a connection
 * whose body was left unread, so a `307` to an upload URL fails the upload of any real demo.
 *
 * An upload URL is valid for an hour from when it was made, checked when an upload starts, and is
 * not spent by use. Every UPLOAD_URL_RENEW_MS (`demos.renewUploadUrls`, a 5-minute cron) each
 * MatchZy server with push on is sent a new one over the command layer, so whenever MatchZy
 * starts an upload the URL it holds is younger than an hour, even after a missed renewal. The URL
 * is the credential: only the game server (over RCON or its plugin) and the panel know it.
 * Push off points the cvar at a dead address; the target row goes with it.
 */
import type { Id } from "../../_generated/dataModel";
import type { ActionCtx, MutationCtx, QueryCtx } from "../../_generated/server";
import { internal } from "../../_generated/api";
import { UPLOAD_URL_RENEW_MS } from "../../lib/demos";
import type { GameServerTarget } from "../../lib/validators";
import { sendToServer } from "../serverControl/step";

/** Servers renewed per run: a fleet beyond this catches up over the next runs. */
const RENEWED_PER_RUN = 20;

export async function uploadTargetOf(ctx: QueryCtx, serverId: Id<"servers">) {
  return await ctx.db
    .query("demoUploadTargets")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
}

/** MatchZy servers with push on whose upload URL is due (or was never set). */
export async function renewalsDue(ctx: QueryCtx, now: number): Promise<Id<"servers">[]> {
  const servers = await ctx.db.query("servers").withIndex("by_order").take(50);
  const due: Id<"servers">[] = [];
  for (const server of servers) {
    if (server.disabled || !server.matchzy) continue;
    const push = await ctx.db
      .query("pushStatus")
      .withIndex("by_serverId", (q) => q.eq("serverId", server._id))
      .unique();
    if (!push?.enabled) continue;
    const target = await uploadTargetOf(ctx, server._id);
    if (!target || now - target.issuedAt >= UPLOAD_URL_RENEW_MS) due.push(server._id);
    if (due.length >= RENEWED_PER_RUN) break;
  }
  return due;
}

/** Records a renewal: taken (the URL's time) or refused (why, for admins). */
export async function noteRenewal(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  outcome: { issuedAt: number } | { failedAt: number; failure: string },
): Promise<void> {
  const target = await uploadTargetOf(ctx, serverId);
  if ("issuedAt" in outcome) {
    const fields = { issuedAt: outcome.issuedAt, failedAt: undefined, failure: undefined };
    if (target) await ctx.db.patch("demoUploadTargets", target._id, fields);
    else await ctx.db.insert("demoUploadTargets", { serverId, issuedAt: outcome.issuedAt });
  } else if (target) {
    await ctx.db.patch("demoUploadTargets", target._id, outcome);
  } else {
    // Never taken: 0 keeps it due, and no upload is awaited from it (attach.ts).
    await ctx.db.insert("demoUploadTargets", { serverId, issuedAt: 0, ...outcome });
  }
}

/** Push went off: no more URLs for this server, and no upload is awaited from it. */
export async function dropUploadTarget(ctx: MutationCtx, serverId: Id<"servers">) {
  const target = await uploadTargetOf(ctx, serverId);
  if (target) await ctx.db.delete("demoUploadTargets", target._id);
}

/** One renewal run: a fresh URL to each due server; a server that does not take it is noted. */
export async function renewUploadUrls(ctx: ActionCtx, now: number): Promise<number> {
  const due: Id<"servers">[] = await ctx.runQuery(internal.demos.uploadRenewalsDue, {});
  let renewed = 0;
  for (const serverId of due) {
    const prepared: { target: GameServerTarget; url: string } | null = await ctx.runMutation(
      internal.demos.newUploadUrl,
      { serverId },
    );
    if (!prepared) continue;
    const sent = await sendToServer(ctx, prepared.target, {
      kind: "demoUploadUrl",
      url: prepared.url,
    });
    const outcome = sent.failure
      ? { failedAt: now, failure: sent.failure.details.slice(0, 300) }
      : { issuedAt: now };
    await ctx.runMutation(internal.demos.noteUploadRenewal, { serverId, outcome });
    if (!sent.failure) renewed++;
  }
  return renewed;
}
