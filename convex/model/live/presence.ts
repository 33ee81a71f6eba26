/**
 * "Someone is watching this server": browser tabs send a heartbeat every 72 s while the panel
 * shows a server. Presence rows are read only by the poller (to pick its pace), never by a viewer
 * query, so a heartbeat wakes no subscription.
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { fail } from "../../lib/errors";
import { PRESENCE_TTL_MS } from "../../lib/presence";
import { allowNewViewer, allowViewerRefresh } from "../../lib/rateLimits";
import type { LiveView } from "../../lib/validators";
import { REQUEST_TEXTS } from "../../lib/texts/request";

export { PRESENCE_TTL_MS } from "../../lib/presence";
/**
 * A tab's own row says when it was last refreshed (its expiry less the TTL): a refresh sooner
 * than this after the last one changes nothing, unless it changes the tab's view, and only that
 * rarer case asks the rate limiter. A steady tab's heartbeat then makes no call into the
 * rate-limiter component (Convex bills those calls like any other), while one tab still writes
 * its row at most every 10 s, view changes aside, which the limiter bounds as before.
 */
const QUIET_REFRESH_MS = 10_000;
/** How many expired rows one clean-up removes. */
export const PRESENCE_CLEANUP_BATCH = 2000;

export async function isWatched(
  ctx: QueryCtx,
  serverId: Id<"servers">,
  now: number,
): Promise<boolean> {
  const live = await ctx.db
    .query("presence")
    .withIndex("by_serverId_and_expiresAt", (q) => q.eq("serverId", serverId).gt("expiresAt", now))
    .first();
  return live !== null;
}

/** Whether some live tab shows this server's player list (players or random tab). */
export async function isWatchingPlayers(
  ctx: QueryCtx,
  serverId: Id<"servers">,
  now: number,
): Promise<boolean> {
  const live = await ctx.db
    .query("presence")
    .withIndex("by_serverId_and_players_and_expiresAt", (q) =>
      q.eq("serverId", serverId).eq("players", true).gt("expiresAt", now),
    )
    .first();
  return live !== null;
}

/**
 * Records (or refreshes) one tab's presence and what it shows. Returns true when this tab is the
 * server's first watcher (or the first to open its player list): its poller should then run at
 * once rather than at its next tick.
 */
export async function recordPresence(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  viewerId: string,
  view: LiveView = "other",
): Promise<boolean> {
  if (viewerId.length < 8 || viewerId.length > 64) {
    fail("INVALID_INPUT", REQUEST_TEXTS["refusal.request.badViewerId"]);
  }
  const server = await ctx.db.get("servers", serverId);
  if (!server || server.disabled) return false;
  const now = Date.now();
  const mine = await ctx.db
    .query("presence")
    .withIndex("by_serverId_and_viewerId", (q) =>
      q.eq("serverId", serverId).eq("viewerId", viewerId),
    )
    .unique();
  const players = view === "players";
  // A live tab is itself a watcher (of the list too, if it shows it): its refresh reads no other
  // tab's row. Those reads scan up to the earliest-expiring row, the very row the next heartbeat
  // rewrites, so every concurrent heartbeat would conflict with it.
  const live = mine !== null && mine.expiresAt > now;
  const someoneWatching = live || (await isWatched(ctx, serverId, now));
  const listWanted =
    players && !(live && mine.players === true) && !(await isWatchingPlayers(ctx, serverId, now));
  const fields = { expiresAt: now + PRESENCE_TTL_MS, players };
  if (mine) {
    const tooSoon = now - (mine.expiresAt - PRESENCE_TTL_MS) < QUIET_REFRESH_MS;
    const sameView = (mine.players === true) === players;
    if (tooSoon && (sameView || !(await allowViewerRefresh(ctx, `${serverId}:${viewerId}`)))) {
      return false;
    }
    await ctx.db.patch("presence", mine._id, fields);
  } else if (await allowNewViewer(ctx, serverId, viewerId)) {
    await ctx.db.insert("presence", { serverId, viewerId, ...fields });
  } else return false; // a flood of fresh ids: the real viewers already keep the server watched
  // The first watcher, or the first to open the player list, should not wait for the next tick.
  return !someoneWatching || listWanted;
}

/** Deletes up to one batch of expired presence rows; returns how many. */
export async function cleanExpiredPresence(ctx: MutationCtx, now: number): Promise<number> {
  const expired = await ctx.db
    .query("presence")
    .withIndex("by_expiresAt", (q) => q.lt("expiresAt", now))
    .take(PRESENCE_CLEANUP_BATCH);
  for (const row of expired) await ctx.db.delete("presence", row._id);
  return expired.length;
}
