/**
 * The chat log: every `say` / `say_team` line CS2's log carried, kept per server with the player,
 * the side, the round and when; read by staff only (by server, player, text and time) and deleted
 * past the admin's retention by a scheduled job. Chat is attacker-controlled text: the edge bounds
 * it (model/serverLog/parse.ts `chatOf`) and every screen shows it as text.
 */
import type { PaginationOptions } from "convex/server";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import type { ChatIn, ChatLine } from "../../lib/conductFields";
import { paginateSafely } from "../../lib/pagination";
import { matchSnapshotOf } from "../live/snapshots";
import { getConductSettings } from "./settings";

/** Chat lines per page at most. */
export const CHAT_PAGE_MAX = 100;
/** Lines deleted per retention run; a run that hit it schedules the next at once. */
export const CHAT_RETENTION_BATCH = 500;
const DAY_MS = 24 * 3600_000;

/**
 * Stores the batch's chat lines not stored yet (a resent batch adds nothing) with the round the
 * live match shows; returns the lines it added, in the order logged.
 */
export async function storeChat(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  chat: ChatIn[],
  now: number,
): Promise<Doc<"chatLines">[]> {
  if (chat.length === 0) return [];
  const snapshot = await matchSnapshotOf(ctx, serverId);
  const round = snapshot?.match.round;
  const map = snapshot?.match.mapName;
  const added: Doc<"chatLines">[] = [];
  for (const line of chat) {
    const known = await ctx.db
      .query("chatLines")
      .withIndex("by_serverId_and_key", (q) => q.eq("serverId", serverId).eq("key", line.key))
      .first();
    if (known) continue;
    const { ago, ...fields } = line;
    const id = await ctx.db.insert("chatLines", {
      ...fields,
      serverId,
      at: now - ago,
      ...(round !== undefined ? { round } : {}),
      ...(map ? { map } : {}),
    });
    added.push((await ctx.db.get("chatLines", id))!);
  }
  return added;
}

/** A stored line as staff and reports see it. */
export function chatLineOf(row: Doc<"chatLines">): ChatLine {
  return {
    at: row.at,
    steamId: row.steamId,
    name: row.name,
    ...(row.side ? { side: row.side } : {}),
    teamOnly: row.teamOnly,
    text: row.text,
    ...(row.round !== undefined ? { round: row.round } : {}),
  };
}

/** The last `count` lines of a server up to `at`, oldest first (a report's context). */
export async function chatBefore(
  ctx: QueryCtx,
  serverId: Id<"servers">,
  at: number,
  count: number,
): Promise<ChatLine[]> {
  const rows = await ctx.db
    .query("chatLines")
    .withIndex("by_serverId_and_at", (q) => q.eq("serverId", serverId).lte("at", at))
    .order("desc")
    .take(count);
  return rows.reverse().map(chatLineOf);
}

export interface ChatSearch {
  serverId?: Id<"servers">;
  steamId?: string;
  /** Words to find (Convex's full-text search: relevance first, then newest). */
  text?: string;
  /** Only lines at or after / before these (ms). */
  from?: number;
  to?: number;
}

/**
 * A page of chat, newest first: by server or player (index ranges bounded by time), or by text
 * (the search index, filtered by server and player). Text search orders by relevance.
 */
export async function chatPage(ctx: QueryCtx, search: ChatSearch, opts: PaginationOptions) {
  const { serverId, steamId, from, to } = search;
  const text = search.text?.trim().slice(0, 100);
  const inTime = (at: number) =>
    (from === undefined || at >= from) && (to === undefined || at < to);
  if (text) {
    const result = await paginateSafely(
      ctx.db.query("chatLines").withSearchIndex("search_text", (q) => {
        const base = q.search("text", text);
        const byServer = serverId ? base.eq("serverId", serverId) : base;
        return steamId ? byServer.eq("steamId", steamId) : byServer;
      }),
      opts,
      CHAT_PAGE_MAX,
    );
    return { ...result, page: result.page.filter((r) => inTime(r.at)).map(withServer) };
  }
  // Open ends as the widest bounds, so every lookup is one index range.
  const lo = from ?? 0;
  const hi = to ?? Number.MAX_SAFE_INTEGER;
  const query = steamId
    ? ctx.db
        .query("chatLines")
        .withIndex("by_steamId_and_at", (q) => q.eq("steamId", steamId).gte("at", lo).lt("at", hi))
    : serverId
      ? ctx.db
          .query("chatLines")
          .withIndex("by_serverId_and_at", (q) =>
            q.eq("serverId", serverId).gte("at", lo).lt("at", hi),
          )
      : ctx.db.query("chatLines").withIndex("by_at", (q) => q.gte("at", lo).lt("at", hi));
  const result = await paginateSafely(query.order("desc"), opts, CHAT_PAGE_MAX);
  // A player's lines across servers, narrowed to one server when asked.
  const page =
    serverId && steamId ? result.page.filter((r) => r.serverId === serverId) : result.page;
  return { ...result, page: page.map(withServer) };
}

function withServer(row: Doc<"chatLines">) {
  return { _id: row._id, serverId: row.serverId, map: row.map, ...chatLineOf(row) };
}

/**
 * Deletes chat older than the admin's retention, oldest first, a batch per run; true when more
 * may be left (the caller schedules the next run at once).
 */
export async function applyChatRetention(ctx: MutationCtx, now: number): Promise<boolean> {
  const { chatRetentionDays } = await getConductSettings(ctx);
  const before = now - chatRetentionDays * DAY_MS;
  const old = await ctx.db
    .query("chatLines")
    .withIndex("by_at", (q) => q.lt("at", before))
    .take(CHAT_RETENTION_BATCH);
  for (const row of old) await ctx.db.delete("chatLines", row._id);
  return old.length === CHAT_RETENTION_BATCH;
}
