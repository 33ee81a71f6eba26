/**
 * MatchZy push, the state side (docs/game-server-api.md §6): whether push is on for a
 * server, when its last event came and what was refused, and the admin's switch. While events
 * flow the poller only checks consistency (`pushActive`); when they stop, it polls as before by
 * itself. The three `matchzy_remote_log_*` commands go through the typed command layer, and the
 * free console box refuses them.
 */
import { v } from "convex/values";
import type { Id } from "../../_generated/dataModel";
import { env, type QueryCtx } from "../../_generated/server";
import { PUSH_ACTIVE_MS, PUSH_HEADER } from "../../lib/push";
import { feedStatusViewFields } from "../../lib/validators";
import { defineFeed } from "../serverControl/feedStatus";
import { feedSwitchCapabilities } from "../serverControl/feedSwitch";
import { EVENTS_PATH } from "./http";

export { PUSH_ACTIVE_MS, PUSH_HEADER };

/** The poller's interval while events flow: a consistency check (model/live/poller.ts). */
export const PUSH_CHECK_INTERVAL_MS = 30_000;

/** MatchZy's events as a feed: its status row, the secret in a header, the series it tracks. */
export const PUSH_FEED = defineFeed({
  table: "pushStatus",
  secret: "pushSecret",
  initial: { eventsCount: 0 },
  cleared: { track: undefined },
});

export const pushStatusOf = PUSH_FEED.statusOf;

/** Whether MatchZy events are flowing for this server: push is on and one came in the last 60 s. */
export async function pushActive(
  ctx: QueryCtx,
  serverId: Id<"servers">,
  now: number,
): Promise<boolean> {
  const status = await pushStatusOf(ctx, serverId);
  return (
    !!status?.enabled &&
    status.lastEventAt !== undefined &&
    now - status.lastEventAt < PUSH_ACTIVE_MS
  );
}

// ---- Turning push on and off (admin) ----

export const vPushStatusView = v.object({
  ...feedStatusViewFields,
  lastEventAt: v.union(v.number(), v.null()),
  lastEvent: v.union(v.string(), v.null()),
  eventsCount: v.number(),
});

/** What the admin tab shows. The client tells "flowing" from `lastEventAt`. */
export async function pushStatusView(ctx: QueryCtx, serverId: Id<"servers">) {
  const { status, view } = await PUSH_FEED.view(ctx, serverId);
  return {
    ...view,
    lastEventAt: status?.lastEventAt ?? null,
    lastEvent: status?.lastEvent ?? null,
    eventsCount: status?.eventsCount ?? 0,
  };
}

/** The URL MatchZy is given; "" when the deployment's site URL is unknown (refused when planned). */
export function eventsUrl(siteUrl: string | undefined, serverKey: string): string {
  if (!siteUrl) return "";
  return `${siteUrl.replace(/\/+$/, "")}${EVENTS_PATH}${encodeURIComponent(serverKey)}`;
}

/**
 * Push on: MatchZy is told where to send events and with which header. Off: its remote log is
 * pointed at `PUSH_OFF_URL` (it refuses "").
 */
export const PUSH_CAPABILITIES = feedSwitchCapabilities({
  on: "pushEnable",
  off: "pushDisable",
  feed: PUSH_FEED,
  url: (serverKey) => eventsUrl(env.CONVEX_SITE_URL, serverKey),
  enable: (url, secret) => ({ kind: "pushEnable", url, secret }),
  disable: { kind: "pushDisable" },
});
