/** CS2's HTTP log: the batch endpoint's mutation, the admin's switch and the kill feed; see `model/serverLog/`. */
import { v } from "convex/values";
import { internalMutation } from "./_generated/server";
import { vKill } from "./lib/killFeed";
import { adminQuery, publicQuery } from "./lib/functions";
import { capability } from "./model/capability/define";
import { killFeedOf, receiveLogBatch, vLogBatch, vLogReply } from "./model/serverLog/receive";
import { announceLogSilence } from "./model/serverLog/silence";
import {
  configLines,
  LOG_CAPABILITIES,
  logStatusView,
  vServerLogStatusView,
} from "./model/serverLog/status";

/** One POSTed batch, parsed at the edge (`POST /api/log/{key}/{secret}`, http.ts). */
export const receive = internalMutation({
  args: vLogBatch.fields,
  returns: vLogReply,
  handler: async (ctx, batch) => await receiveLogBatch(ctx, batch, Date.now()),
});

/** The silent-log alert's timer (model/serverLog/silence.ts). */
export const announceSilence = internalMutation({
  args: { serverId: v.id("servers") },
  returns: v.null(),
  handler: async (ctx, { serverId }) => {
    await announceLogSilence(ctx, serverId, Date.now());
    return null;
  },
});

/**
 * The kill feed a spectator opened (the dashboard's panel, the overlay's `?killfeed=1`): its own
 * subscription, woken only by a batch that brought a new kill. Null until the first kill.
 */
export const killFeed = publicQuery({
  args: { serverId: v.id("servers") },
  returns: v.union(v.null(), v.object({ kills: v.array(vKill), updatedAt: v.number() })),
  handler: async (ctx, { serverId }) => await killFeedOf(ctx, serverId),
});

/** Whether the log is on for a server, when a batch last came and what was refused (admins). */
export const status = adminQuery({
  args: { serverId: v.id("servers") },
  returns: vServerLogStatusView,
  handler: async (ctx, { serverId }) => await logStatusView(ctx, serverId),
});

/** New secret, then `log on` and `logaddress_add_http` (admin only, audited). */
export const enable = capability(LOG_CAPABILITIES.enable);

/** Secret cleared, then `logaddress_delall_http` (admin only, audited). */
export const disable = capability(LOG_CAPABILITIES.disable);

/**
 * For the deployment's owner: switches the log on with a new secret and answers the lines for the
 * game server's `server.cfg` (`npx convex run serverLog:configLine '{"key":"server1"}'`).
 */
export const configLine = internalMutation({
  args: { key: v.string() },
  returns: v.union(v.null(), v.array(v.string())),
  handler: async (ctx, { key }) => await configLines(ctx, key, Date.now()),
});
