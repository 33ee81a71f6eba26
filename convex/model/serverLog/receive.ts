/**
 * One POSTed batch of CS2's HTTP log, in one mutation: the server and the secret its URL carries,
 * the server's rate, then what the batch changed: the kill feed (one write, only when a new kill
 * came; a resent batch adds nothing) and the bomb on the live match (model/live/data.ts). A batch
 * that is no log at all is refused and counted in the log status, so the admin sees it.
 */
import { v, type Infer } from "convex/values";
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { KILL_FEED_SIZE, vKill, type Kill } from "../../lib/killFeed";
import { vChatIn } from "../../lib/conductFields";
import { storeChat } from "../conduct/chatLog";
import { reportsFromChat } from "../conduct/reports";
import { limitServerFeed } from "../../lib/rateLimits";
import { trackLoggedKills } from "../history/detect";
import { storeLoggedBomb } from "../live/data";
import { sameSecret } from "../push/secret";
import { generatedSecretOf, serverByKey } from "../servers/records";
import { storeLogMatch } from "./logMatch";
import { mergeKills } from "./parse";
import { LOG_STAMP_MS, logStatusOf } from "./status";

export const vLogBatch = v.object({
  key: v.string(),
  secret: v.string(),
  /** The batch's kills, newest first (at most KILL_FEED_SIZE); absent when it was refused. */
  kills: v.array(vKill),
  /** Every kill of the batch (when it was logged, its identity, weapon, headshot) for the match's weapon count. */
  logged: v.optional(
    v.array(
      v.object({ at: v.number(), key: v.string(), weapon: v.string(), headshot: v.boolean() }),
    ),
  ),
  bomb: v.union(v.literal("planted"), v.literal("gone"), v.null()),
  /** The raw lines the match fold reads (model/serverLog/matchLog.ts), as the edge kept them. */
  foldText: v.optional(v.string()),
  /** The batch's chat lines (model/serverLog/parse.ts `chatOf`), bounded at the edge. */
  chat: v.optional(v.array(vChatIn)),
  /** Set when the edge found no log line in the body: counted, nothing stored. */
  refusal: v.optional(v.string()),
});
export type LogBatch = Infer<typeof vLogBatch>;

export const vLogReply = v.object({
  status: v.number(),
  error: v.optional(v.string()),
  retryAfterMs: v.optional(v.number()),
});
export type LogReply = Infer<typeof vLogReply>;

/** An unknown server or a secret that is not (or no longer) the server's: CS2 drops the listener. */
export const GONE: LogReply = { status: 410, error: "Gone" };

async function noteRefusal(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  reason: string,
  now: number,
): Promise<void> {
  const status = await logStatusOf(ctx, serverId);
  if (!status) return;
  await ctx.db.patch("serverLogStatus", status._id, {
    refusedCount: (status.refusedCount ?? 0) + 1,
    lastRefusedAt: now,
    lastRefusal: reason,
  });
}

async function killFeedRow(ctx: QueryCtx, serverId: Id<"servers">) {
  return await ctx.db
    .query("killFeeds")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
}

async function storeKills(ctx: MutationCtx, serverId: Id<"servers">, kills: Kill[], now: number) {
  if (kills.length === 0) return;
  const row = await killFeedRow(ctx, serverId);
  if (!row) {
    await ctx.db.insert("killFeeds", {
      serverId,
      kills: kills.slice(0, KILL_FEED_SIZE),
      updatedAt: now,
    });
    return;
  }
  const merged = mergeKills(row.kills, kills, KILL_FEED_SIZE);
  if (merged !== row.kills) {
    await ctx.db.patch("killFeeds", row._id, { kills: merged, updatedAt: now });
  }
}

/** The checks that need the database, then the batch's kills and bomb are stored. */
export async function receiveLogBatch(
  ctx: MutationCtx,
  batch: LogBatch,
  now: number,
): Promise<LogReply> {
  const server = await serverByKey(ctx, batch.key);
  if (!server || server.disabled) return GONE;
  const expected = await generatedSecretOf(ctx, server._id, "logSecret");
  if (!expected || !sameSecret(batch.secret, expected)) return GONE;
  const limit = await limitServerFeed(ctx, "logBatches", server._id);
  if (!limit.ok) return { status: 429, error: "Too many requests", retryAfterMs: limit.retryAfter };
  if (batch.refusal !== undefined) {
    await noteRefusal(ctx, server._id, batch.refusal, now);
    return { status: 400, error: "Not a CS2 log" };
  }
  const status = await logStatusOf(ctx, server._id);
  if (status && (status.lastBatchAt === undefined || now - status.lastBatchAt >= LOG_STAMP_MS)) {
    await ctx.db.patch("serverLogStatus", status._id, { lastBatchAt: now });
  }
  await storeKills(ctx, server._id, batch.kills, now);
  // The match first, so kills of a match it just opened count towards its weapons.
  const speaks = batch.foldText ? await storeLogMatch(ctx, server._id, batch.foldText, now) : false;
  if (batch.logged) await trackLoggedKills(ctx, server._id, batch.logged);
  if (batch.bomb && !speaks) await storeLoggedBomb(ctx, server._id, batch.bomb, now);
  if (batch.chat) {
    const added = await storeChat(ctx, server._id, batch.chat, now);
    // Player text is data: a `!report` files a report, it never becomes a match event.
    await reportsFromChat(ctx, server._id, added, now);
  }
  return { status: 200 };
}

/** The kill feed a spectator opened: the last kills, newest first. */
export async function killFeedOf(ctx: QueryCtx, serverId: Id<"servers">) {
  const row = await killFeedRow(ctx, serverId);
  return row ? { kills: row.kills, updatedAt: row.updatedAt } : null;
}
