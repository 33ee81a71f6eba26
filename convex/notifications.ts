/** Discord webhooks: the admin's settings, the test button, and the queued deliveries. */
import { vOnCompleteArgs } from "@convex-dev/workpool";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalAction, internalMutation, internalQuery } from "./_generated/server";
import {
  vAttemptResult,
  vDeliveryJob,
  vWebhookKind,
  vWebhookStatus,
  WEBHOOK_KINDS,
} from "./lib/discord";
import { adminAction, adminQuery } from "./lib/functions";
import { appendAudit } from "./model/audit";
import { playerSnapshotOf } from "./model/liveData";
import { postOnce, type AttemptResult } from "./model/discordDelivery";
import {
  confirmServerState as confirmServerStateModel,
  deliveryUrl,
  notify,
  recordAttempt,
  saveWebhook,
  sendTest,
  webhookStatuses,
} from "./model/notifications";

/** Per kind: configured or not and the last delivery's outcome (never the URL). */
export const webhooks = adminQuery({
  args: {},
  returns: v.array(vWebhookStatus),
  handler: async (ctx) => await webhookStatuses(ctx),
});

export const store = internalMutation({
  args: {
    kind: vWebhookKind,
    url: v.string(),
    username: v.string(),
    tokenIdentifier: v.optional(v.string()),
  },
  returns: v.null(),
  handler: async (ctx, { kind, url, username, tokenIdentifier }) => {
    await saveWebhook(ctx, kind, url);
    await appendAudit(ctx, {
      identity: "admin",
      username,
      tokenIdentifier,
      action: "discord_webhook",
      outcome: "success",
      details: `${kind}: ${url.trim() ? "змінено" : "видалено"}`, // never the URL
    });
    return null;
  },
});

/** Sets the webhook URL of one kind; "" removes it. */
export const setWebhook = adminAction({
  audit: "discord_webhook",
  args: { kind: vWebhookKind, url: v.string() },
  returns: v.null(),
  handler: async (ctx, { kind, url }) => {
    await ctx.runMutation(internal.notifications.store, {
      kind,
      url: url.slice(0, 1000),
      username: ctx.viewer.username,
      tokenIdentifier: ctx.viewer.tokenIdentifier,
    });
    return null;
  },
});

export const queueTest = internalMutation({
  args: { kind: vWebhookKind },
  returns: v.null(),
  handler: async (ctx, { kind }) => {
    await sendTest(ctx, kind);
    return null;
  },
});

/** "Надіслати тест": queues a test message; its outcome shows as the last delivery status. */
export const sendTestMessage = adminAction({
  audit: "discord_test",
  args: { kind: vWebhookKind },
  returns: v.null(),
  handler: async (ctx, { kind }) => {
    await ctx.runMutation(internal.notifications.queueTest, { kind });
    return null;
  },
});

export const urlFor = internalQuery({
  args: { job: vDeliveryJob },
  returns: v.union(v.string(), v.null()),
  handler: async (ctx, { job }) => await deliveryUrl(ctx, job),
});

/** One attempt; null when the webhook was removed or changed after the message was queued. */
export const deliver = internalAction({
  args: vDeliveryJob,
  returns: v.union(vAttemptResult, v.null()),
  handler: async (ctx, job): Promise<AttemptResult | null> => {
    const url: string | null = await ctx.runQuery(internal.notifications.urlFor, { job });
    if (!url) return null;
    return await postOnce(url, JSON.parse(job.payload));
  },
});

export const delivered = internalMutation({
  args: vOnCompleteArgs(vDeliveryJob),
  returns: v.null(),
  handler: async (ctx, { context, result }) => {
    await recordAttempt(ctx, context, result);
    return null;
  },
});

/** A successful ban, kick, unban or push switch (model/notifications.ts `notifyServerAction`). */
export const notifyAction = internalMutation({
  args: {
    kind: v.union(
      v.literal("ban"),
      v.literal("kick"),
      v.literal("unban"),
      v.literal("pushEnabled"),
      v.literal("pushDisabled"),
    ),
    serverId: v.id("servers"),
    serverName: v.string(),
    admin: v.string(),
    steamId: v.optional(v.string()),
    durationMinutes: v.optional(v.number()),
    reason: v.optional(v.string()),
  },
  returns: v.null(),
  handler: async (ctx, { kind, serverId, serverName, admin, steamId, durationMinutes, reason }) => {
    if (kind === "pushEnabled" || kind === "pushDisabled") {
      await notify(ctx, { kind, admin, serverName });
      return null;
    }
    if (!steamId) return null;
    const snapshot = await playerSnapshotOf(ctx, serverId);
    const playerName = snapshot?.players.find((p) => p.steamId === steamId)?.name;
    await notify(
      ctx,
      kind === "ban"
        ? {
            kind,
            admin,
            serverName,
            steamId,
            playerName,
            durationMinutes: durationMinutes ?? 0,
            reason,
          }
        : { kind, admin, serverName, steamId, playerName },
    );
    return null;
  },
});

/** A server's online/offline flip, checked once it has held (model/notifications.ts). */
export const confirmServerState = internalMutation({
  args: { serverId: v.id("servers"), online: v.boolean() },
  returns: v.null(),
  handler: async (ctx, { serverId, online }) => {
    await confirmServerStateModel(ctx, serverId, online, Date.now());
    return null;
  },
});

/** Dev/demo: points every kind at `baseUrl` (a local Discord stand-in allowed by the env). */
export const seedWebhooks = internalMutation({
  args: { baseUrl: v.string() },
  returns: v.null(),
  handler: async (ctx, { baseUrl }) => {
    for (const [i, kind] of WEBHOOK_KINDS.entries()) {
      await saveWebhook(
        ctx,
        kind,
        `${baseUrl}/api/webhooks/1000000000000000${10 + i}/demo-token-${kind}-0000000000`,
      );
    }
    return null;
  },
});
