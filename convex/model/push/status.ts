/**
 * MatchZy push, the state side (docs/game-server-api.md §6): whether push is on for a
 * server, when its last event came and what was refused, and the admin's switch. While events
 * flow the poller only checks consistency (`pushActive`); when they stop, it polls as before by
 * itself. The three `matchzy_remote_log_*` commands go through the typed command layer, and the
 * free console box refuses them.
 */
import { v } from "convex/values";
import type { Id } from "../../_generated/dataModel";
import { env, type MutationCtx, type QueryCtx } from "../../_generated/server";
import { PUSH_ACTIVE_MS, PUSH_HEADER } from "../../lib/push";
import { feedSwitchCapabilities } from "../serverControl/feedSwitch";
import { writeGeneratedSecret } from "../servers/records";
import { EVENTS_PATH } from "./http";

export { PUSH_ACTIVE_MS, PUSH_HEADER };

/** The poller's interval while events flow: a consistency check (model/live/poller.ts). */
export const PUSH_CHECK_INTERVAL_MS = 30_000;

export async function pushStatusOf(ctx: QueryCtx, serverId: Id<"servers">) {
  return await ctx.db
    .query("pushStatus")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
}

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
  enabled: v.boolean(),
  lastEventAt: v.union(v.number(), v.null()),
  lastEvent: v.union(v.string(), v.null()),
  eventsCount: v.number(),
  refusedCount: v.number(),
  lastRefusedAt: v.union(v.number(), v.null()),
  /** The refused event's name ("" when the body named none). */
  lastRefusal: v.union(v.string(), v.null()),
});

/** What the admin tab shows; never the secret. The client tells "flowing" from `lastEventAt`. */
export async function pushStatusView(ctx: QueryCtx, serverId: Id<"servers">) {
  const status = await pushStatusOf(ctx, serverId);
  return {
    enabled: status?.enabled ?? false,
    lastEventAt: status?.lastEventAt ?? null,
    lastEvent: status?.lastEvent ?? null,
    eventsCount: status?.eventsCount ?? 0,
    refusedCount: status?.refusedCount ?? 0,
    lastRefusedAt: status?.lastRefusedAt ?? null,
    lastRefusal: status?.lastRefusal ?? null,
  };
}

/** Stores a new secret and marks push on; returns the server key the event URL names. */
export async function armPush(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  secret: string,
  now: number,
): Promise<string | null> {
  const server = await ctx.db.get("servers", serverId);
  if (!server || server.disabled) return null;
  await writeGeneratedSecret(ctx, serverId, "pushSecret", secret);
  const status = await pushStatusOf(ctx, serverId);
  if (status) {
    await ctx.db.patch("pushStatus", status._id, {
      enabled: true,
      enabledAt: now,
      track: undefined,
    });
  } else {
    await ctx.db.insert("pushStatus", { serverId, enabled: true, enabledAt: now, eventsCount: 0 });
  }
  return server.key;
}

/** Clears the secret (every later event is refused with 401) and marks push off. */
export async function disarmPush(ctx: MutationCtx, serverId: Id<"servers">): Promise<void> {
  await writeGeneratedSecret(ctx, serverId, "pushSecret", undefined);
  const status = await pushStatusOf(ctx, serverId);
  if (status?.enabled) {
    await ctx.db.patch("pushStatus", status._id, { enabled: false, track: undefined });
  }
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
  arm: armPush,
  disarm: disarmPush,
  secret: "pushSecret",
  url: (serverKey) => eventsUrl(env.CONVEX_SITE_URL, serverKey),
  enable: (url, secret) => ({ kind: "pushEnable", url, secret }),
  disable: { kind: "pushDisable" },
});
