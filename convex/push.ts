/** MatchZy push: the event endpoint's mutation and the admin's switch; see `model/push/`. */
import { v } from "convex/values";
import { internalMutation } from "./_generated/server";
import { SERVER_ACTIONS } from "./lib/actionRegistry";
import { adminQuery, gatedActionFor } from "./lib/functions";
import { vPushReply } from "./model/push/http";
import { receivePushEvent } from "./model/push/receive";
import {
  armPush,
  disablePush,
  disarmPush,
  enablePush,
  pushStatusView,
  vPushStatusView,
} from "./model/push/status";
import { vActionResult } from "./model/serverActions";

/** One POSTed event (`POST /api/events/{key}`, http.ts): secret, rate, dedupe, then applied. */
export const receive = internalMutation({
  args: { key: v.string(), secret: v.string(), body: v.string() },
  returns: vPushReply,
  handler: async (ctx, args) => await receivePushEvent(ctx, args, Date.now()),
});

export const arm = internalMutation({
  args: { serverId: v.id("servers"), secret: v.string() },
  returns: v.union(v.string(), v.null()),
  handler: async (ctx, { serverId, secret }) => await armPush(ctx, serverId, secret, Date.now()),
});

export const disarm = internalMutation({
  args: { serverId: v.id("servers") },
  returns: v.null(),
  handler: async (ctx, { serverId }) => {
    await disarmPush(ctx, serverId);
    return null;
  },
});

/** Whether push is on for a server and when its last event came (admins). */
export const status = adminQuery({
  args: { serverId: v.id("servers") },
  returns: vPushStatusView,
  handler: async (ctx, { serverId }) => await pushStatusView(ctx, serverId),
});

/** New secret, then the three `matchzy_remote_log_*` commands (admin only, audited). */
export const enable = gatedActionFor(SERVER_ACTIONS.pushEnable.access)({
  audit: "pushEnable",
  args: {},
  returns: vActionResult,
  handler: async (ctx, { serverId }) => await enablePush(ctx, serverId),
});

/** Secret cleared, then MatchZy's remote log pointed nowhere (admin only, audited). */
export const disable = gatedActionFor(SERVER_ACTIONS.pushDisable.access)({
  audit: "pushDisable",
  args: {},
  returns: vActionResult,
  handler: async (ctx, { serverId }) => await disablePush(ctx, serverId),
});
