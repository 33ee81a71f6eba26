/** Discord webhooks: the admin's settings, the test button, and the queued deliveries. */
import { vOnCompleteArgs } from "@convex-dev/workpool";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalAction, internalMutation, internalQuery } from "./_generated/server";
import { vAttemptResult, vDeliveryJob, vWebhookStatus, WEBHOOK_KINDS } from "./lib/discord";
import { adminQuery } from "./lib/functions";
import { capability } from "./model/capability/define";
import { postOnce, type AttemptResult } from "./model/notifications/delivery";
import {
  confirmServerState as confirmServerStateModel,
  deliveryUrl,
  recordAttempt,
  saveWebhook,
  webhookStatuses,
} from "./model/notifications/notify";
import {
  SEND_TEST_CAPABILITY,
  SET_WEBHOOK_CAPABILITY,
  SET_WEBHOOK_LANGUAGE_CAPABILITY,
} from "./model/notifications/webhookCapabilities";

/** Per kind: configured or not and the last delivery's outcome (never the URL). */
export const webhooks = adminQuery({
  args: {},
  returns: v.array(vWebhookStatus),
  handler: async (ctx) => await webhookStatuses(ctx),
});

/** Sets the webhook URL of one kind; "" removes it. */
export const setWebhook = capability(SET_WEBHOOK_CAPABILITY);

/** "Надіслати тест": queues a test message; its outcome shows as the last delivery status. */
export const sendTestMessage = capability(SEND_TEST_CAPABILITY);

/** The language one webhook's messages are written in. */
export const setWebhookLanguage = capability(SET_WEBHOOK_LANGUAGE_CAPABILITY);

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

/** A server's online/offline flip, checked once it has held (model/notifications/notify.ts). */
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
