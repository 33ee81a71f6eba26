/**
 * The admin's Discord settings as declared capabilities (model/capability/define.ts): set or
 * remove a webhook, send a test message. Kept apart from the notification core, which the live
 * data writers import, so that the capability runner never depends on itself through them.
 */
import { v } from "convex/values";
import { vLanguage, vWebhookKind } from "../../lib/discord";
import { auditDetails } from "../audit/details";
import { defineCapability } from "../capability/define";
import { saveWebhook, saveWebhookLanguage, sendTest } from "./notify";

/** Sets the webhook URL of one kind; "" removes it. The audit entry never holds the URL. */
export const SET_WEBHOOK_CAPABILITY = defineCapability({
  name: "discord_webhook",
  access: "admin",
  args: { kind: vWebhookKind, url: v.string() },
  returns: v.null(),
  resolve: ({ kind, url }) => ({ kind, url: url.slice(0, 1000) }),
  commit: async (ctx, { kind, url }) => {
    await saveWebhook(ctx, kind, url);
    return {
      details: auditDetails(
        url.trim() ? "audit.details.webhookChanged" : "audit.details.webhookRemoved",
        { kind },
      ),
    };
  },
});

/** "Надіслати тест": queues a test message; its outcome shows as the last delivery status. */
export const SEND_TEST_CAPABILITY = defineCapability({
  name: "discord_test",
  access: "admin",
  args: { kind: vWebhookKind },
  returns: v.null(),
  commit: async (ctx, { kind }) => {
    await sendTest(ctx, kind);
    return { details: kind };
  },
});

/** The language one webhook's messages are written in (Ukrainian until set). */
export const SET_WEBHOOK_LANGUAGE_CAPABILITY = defineCapability({
  name: "discord_language",
  access: "admin",
  args: { kind: vWebhookKind, language: vLanguage },
  returns: v.null(),
  commit: async (ctx, { kind, language }) => {
    await saveWebhookLanguage(ctx, kind, language);
    return { details: `${kind}: ${language}` };
  },
});
