/** MatchZy push: the event endpoint's mutation and the admin's switch; see `model/push/`. */
import { v } from "convex/values";
import { internalMutation } from "./_generated/server";
import { adminQuery } from "./lib/functions";
import { capability } from "./model/capability/define";
import { vPushReply } from "./model/push/http";
import { receivePushEvent } from "./model/push/receive";
import { PUSH_CAPABILITIES, pushStatusView, vPushStatusView } from "./model/push/status";

/** One POSTed event (`POST /api/events/{key}`, http.ts): secret, rate, body read, dedupe, applied. */
export const receive = internalMutation({
  args: { key: v.string(), secret: v.string(), body: v.string() },
  returns: vPushReply,
  handler: async (ctx, args) => await receivePushEvent(ctx, args, Date.now()),
});

/** Whether push is on for a server and when its last event came (admins). */
export const status = adminQuery({
  args: { serverId: v.id("servers") },
  returns: vPushStatusView,
  handler: async (ctx, { serverId }) => await pushStatusView(ctx, serverId),
});

/** New secret, then the three `matchzy_remote_log_*` commands (admin only, audited). */
export const enable = capability(PUSH_CAPABILITIES.enable);

/** Secret cleared, then MatchZy's remote log pointed nowhere (admin only, audited). */
export const disable = capability(PUSH_CAPABILITIES.disable);
