/**
 * One POSTed batch of CS2's HTTP log, in one mutation: the server and the secret its URL carries,
 * the server's rate, then the body parsed (model/serverLog/parse.ts) and what the batch changed: the kill feed (one write, only when a new kill
 * came; a resent batch adds nothing) and the bomb on the live match (model/live/data.ts). A batch
 * that is no log at all is refused and counted in the log status, so the admin sees it.
 */
import { v, type Infer } from "convex/values";
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { KILL_FEED_SIZE, type Kill } from "../../lib/killFeed";
import { storeChat } from "../conduct/chatLog";
import { reportsFromChat } from "../conduct/reports";
import { scheduleReportReply } from "../conduct/reportReply";
import { limitServerFeed } from "../../lib/rateLimits";
import { trackLoggedKills } from "../history/detect";
import { storeLoggedBomb } from "../live/data";
import { feedAccess } from "../servers/feedSecret";
import { storeLogMatch } from "./logMatch";
import {
  bombAfter,
  chatOf,
  foldEventsOf,
  killsOf,
  loggedKillsOf,
  mergeKills,
  parseLogBody,
} from "./parse";
import { endLogSilence } from "./silence";
import { LOG_FEED, LOG_STAMP_MS, logStatusOf } from "./status";

/** One POSTed batch: the URL's key and secret, and the body as CS2 sent it (bounded at the edge). */
export const vLogBatch = v.object({ key: v.string(), secret: v.string(), body: v.string() });
export type LogBatch = Infer<typeof vLogBatch>;

export const vLogReply = v.object({
  status: v.number(),
  error: v.optional(v.string()),
  retryAfterMs: v.optional(v.number()),
});
export type LogReply = Infer<typeof vLogReply>;

/** An unknown server or a secret that is not (or no longer) the server's: CS2 drops the listener. */
export const GONE: LogReply = { status: 410, error: "Gone" };

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

/**
 * The checks that need the database, then the body is parsed and the batch's kills and bomb are
 * stored. A body is parsed only for a server whose secret matched (up to half a MiB of lines).
 */
export async function receiveLogBatch(
  ctx: MutationCtx,
  { key, secret, body }: LogBatch,
  now: number,
): Promise<LogReply> {
  const access = await feedAccess(ctx, key, secret, "logSecret");
  if (!access.ok) {
    if (access.retryAfterMs !== undefined) {
      return { status: 429, error: "Too many requests", retryAfterMs: access.retryAfterMs };
    }
    return GONE;
  }
  const { server } = access;
  const limit = await limitServerFeed(ctx, "logBatches", server._id);
  if (!limit.ok) return { status: 429, error: "Too many requests", retryAfterMs: limit.retryAfter };
  const { lines, events } = parseLogBody(body);
  if (lines === 0) {
    await LOG_FEED.noteRefusal(ctx, server._id, "unreadable", now);
    return { status: 400, error: "Not a CS2 log" };
  }
  const status = await logStatusOf(ctx, server._id);
  if (status && (status.lastBatchAt === undefined || now - status.lastBatchAt >= LOG_STAMP_MS)) {
    await ctx.db.patch("serverLogStatus", status._id, { lastBatchAt: now });
  }
  if (status?.silentSince !== undefined) await endLogSilence(ctx, server._id, now);
  await storeKills(ctx, server._id, killsOf(events, KILL_FEED_SIZE), now);
  // The match first, so kills of a match it just opened count towards its weapons.
  // The body is parsed once: the fold takes its match lines (only the cvars it reads).
  const fold = foldEventsOf(events);
  const speaks = fold.length > 0 ? await storeLogMatch(ctx, server._id, fold, now) : false;
  await trackLoggedKills(ctx, server._id, loggedKillsOf(events));
  const bomb = bombAfter(events);
  if (bomb && !speaks) await storeLoggedBomb(ctx, server._id, bomb, now);
  const chat = chatOf(events);
  if (chat.length > 0) {
    const added = await storeChat(ctx, server._id, chat, now);
    // Player text is data: a `!report` files a report, it never becomes a match event.
    const filed = await reportsFromChat(ctx, server._id, added, now);
    await scheduleReportReply(ctx, server._id, filed);
  }
  return { status: 200 };
}

/** The kill feed a spectator opened: the last kills, newest first. */
export async function killFeedOf(ctx: QueryCtx, serverId: Id<"servers">) {
  const row = await killFeedRow(ctx, serverId);
  return row ? { kills: row.kills, updatedAt: row.updatedAt } : null;
}
