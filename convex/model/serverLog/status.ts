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
import { feedStatusViewFields } from "../../lib/validators";
import { defineFeed } from "../serverControl/feedStatus";
import { feedSwitchCapabilities } from "../serverControl/feedSwitch";
import { serverByKey } from "../servers/records";
import { newPushSecret } from "../push/secret";

/** `lastBatchAt` is written at most this often: a busy log must not write a row per POST. */
export const LOG_STAMP_MS = 30_000;

/** CS2's HTTP log as a feed: its status row and the secret in the URL. */
export const LOG_FEED = defineFeed({
  table: "serverLogStatus",
  secret: "logSecret",
  // A silence belonged to the last session of the log.
  cleared: { silentSince: undefined, silentAnnounced: undefined },
});

export const logStatusOf = LOG_FEED.statusOf;

export const vServerLogStatusView = v.object({
  ...feedStatusViewFields,
  lastBatchAt: v.union(v.number(), v.null()),
});

/** What the admin tab shows; never the URL that carries the secret. */
export async function logStatusView(ctx: QueryCtx, serverId: Id<"servers">) {
  const { status, view } = await LOG_FEED.view(ctx, serverId);
  return { ...view, lastBatchAt: status?.lastBatchAt ?? null };
}

/** The URL CS2 is given; "" when the deployment's site URL is unknown (refused when planned). */
export function logUrl(siteUrl: string | undefined, serverKey: string, secret: string): string {
  if (!siteUrl) return "";
  return `${siteUrl.replace(/\/+$/, "")}${LOG_PATH}${encodeURIComponent(serverKey)}/${secret}`;
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
  await LOG_FEED.arm(ctx, server._id, secret, now);
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
  feed: LOG_FEED,
  url: (serverKey, secret) => logUrl(env.CONVEX_SITE_URL, serverKey, secret),
  enable: (url) => ({ kind: "logEnable", url }),
  disable: { kind: "logDisable" },
});
