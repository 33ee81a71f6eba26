/**
 * CS2's HTTP log, the state side: whether it is on for a server, when a batch last came, what was
 * refused, and the admin's switch. Turning it on stores a new secret and sends `log on` and
 * `logaddress_add_http "<site URL>/api/log/<key>/<secret>"` through the typed command layer (the
 * free console refuses `log` and every `logaddress_*`), so it works over the plugin API, the proxy
 * and direct RCON alike.
 */
import { v } from "convex/values";
import type { Id } from "../../_generated/dataModel";
import { env, type MutationCtx, type QueryCtx } from "../../_generated/server";
import { LOG_PATH } from "../../lib/killFeed";
import { feedSwitchCapabilities } from "../serverControl/feedSwitch";
import { serverByKey, writeGeneratedSecret } from "../servers/records";
import { newPushSecret } from "../push/secret";

/** `lastBatchAt` is written at most this often: a busy log must not write a row per POST. */
export const LOG_STAMP_MS = 30_000;

export async function logStatusOf(ctx: QueryCtx, serverId: Id<"servers">) {
  return await ctx.db
    .query("serverLogStatus")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
}

export const vServerLogStatusView = v.object({
  enabled: v.boolean(),
  lastBatchAt: v.union(v.number(), v.null()),
  refusedCount: v.number(),
  lastRefusedAt: v.union(v.number(), v.null()),
  /** Why the last batch was refused ("unreadable": no log line in it). */
  lastRefusal: v.union(v.string(), v.null()),
});

/** What the admin tab shows; never the secret or the URL that carries it. */
export async function logStatusView(ctx: QueryCtx, serverId: Id<"servers">) {
  const status = await logStatusOf(ctx, serverId);
  return {
    enabled: status?.enabled ?? false,
    lastBatchAt: status?.lastBatchAt ?? null,
    refusedCount: status?.refusedCount ?? 0,
    lastRefusedAt: status?.lastRefusedAt ?? null,
    lastRefusal: status?.lastRefusal ?? null,
  };
}

/** The URL CS2 is given; "" when the deployment's site URL is unknown (refused when planned). */
export function logUrl(siteUrl: string | undefined, serverKey: string, secret: string): string {
  if (!siteUrl) return "";
  return `${siteUrl.replace(/\/+$/, "")}${LOG_PATH}${encodeURIComponent(serverKey)}/${secret}`;
}

/** Stores a new secret and marks the log on; returns the server key the URL names. */
export async function armLog(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  secret: string,
  now: number,
): Promise<string | null> {
  const server = await ctx.db.get("servers", serverId);
  if (!server || server.disabled) return null;
  await writeGeneratedSecret(ctx, serverId, "logSecret", secret);
  const status = await logStatusOf(ctx, serverId);
  if (status) await ctx.db.patch("serverLogStatus", status._id, { enabled: true, enabledAt: now });
  else await ctx.db.insert("serverLogStatus", { serverId, enabled: true, enabledAt: now });
  return server.key;
}

/**
 * Clears the secret and marks the log off: every later POST to the old URL is answered
 * `410 Gone`, which makes CS2 drop that listener by itself.
 */
export async function disarmLog(ctx: MutationCtx, serverId: Id<"servers">): Promise<void> {
  await writeGeneratedSecret(ctx, serverId, "logSecret", undefined);
  const status = await logStatusOf(ctx, serverId);
  if (status?.enabled) await ctx.db.patch("serverLogStatus", status._id, { enabled: false });
}

/**
 * For the deployment's owner (`npx convex run serverLog:configLine '{"key":"server1"}'`) and the
 * demo: the log switched on with a new secret, and the two lines to put in the game server's
 * `server.cfg` so the listener survives its restarts. Null for an unknown or disabled server.
 */
export async function configLines(ctx: MutationCtx, key: string, now: number) {
  const server = await serverByKey(ctx, key);
  if (!server || server.disabled) return null;
  const secret = newPushSecret();
  await armLog(ctx, server._id, secret, now);
  const url = logUrl(env.CONVEX_SITE_URL, server.key, secret);
  return url ? ["log on", `logaddress_add_http "${url}"`] : null;
}

/**
 * Log on: `log on` and `logaddress_add_http "<url>"`. Off: `logaddress_delall_http` (CS2 has no
 * command that removes one listener, so this removes every HTTP log listener of that game server);
 * the old URL is answered 410 from the moment the secret is cleared.
 */
export const LOG_CAPABILITIES = feedSwitchCapabilities({
  on: "logEnable",
  off: "logDisable",
  arm: armLog,
  disarm: disarmLog,
  secret: "logSecret",
  url: (serverKey, secret) => logUrl(env.CONVEX_SITE_URL, serverKey, secret),
  enable: (url) => ({ kind: "logEnable", url }),
  disable: { kind: "logDisable" },
});
