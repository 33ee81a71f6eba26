/** The Discord webhook kinds: one URL per kind (the admin may point several at one channel). */
import { literals } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";
import { LANGUAGES } from "./languages";

export const WEBHOOK_KINDS = ["moderation", "match", "tournament", "serverState", "push"] as const;
export const vWebhookKind = literals(...WEBHOOK_KINDS);
/** The language a webhook's messages are written in. */
export const vLanguage = literals(...LANGUAGES);
export type WebhookKind = Infer<typeof vWebhookKind>;

export const vDeliveryState = v.union(v.literal("ok"), v.literal("retrying"), v.literal("failed"));
export type DeliveryState = Infer<typeof vDeliveryState>;

/** What the admin sees of a webhook: never the URL. */
export const vWebhookStatus = v.object({
  kind: vWebhookKind,
  configured: v.boolean(),
  language: vLanguage,
  lastAt: v.union(v.number(), v.null()),
  lastState: v.union(vDeliveryState, v.null()),
  lastHttpStatus: v.union(v.number(), v.null()),
  lastError: v.union(v.string(), v.null()),
});
export type WebhookStatus = Infer<typeof vWebhookStatus>;

/** One queued delivery: which webhook (and which version of its URL), the body, the attempt. */
export const vDeliveryJob = v.object({
  kind: vWebhookKind,
  generation: v.number(),
  payload: v.string(),
  attempt: v.number(),
});

/** One POST's outcome (model/notifications/delivery.ts). */
export const vAttemptResult = v.union(
  v.object({ state: v.literal("ok"), httpStatus: v.number() }),
  v.object({
    state: v.literal("retry"),
    httpStatus: v.optional(v.number()),
    retryAfterMs: v.optional(v.number()),
    error: v.string(),
  }),
  v.object({ state: v.literal("failed"), httpStatus: v.optional(v.number()), error: v.string() }),
);
