import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useGatedAction } from "@/hooks/use-gated-action";
import { api } from "@/lib/backend";

export type WebhookStatus = FunctionReturnType<typeof api.notifications.webhooks>[number];

/** Discord webhooks (admin only): per kind, whether one is set and its last delivery; never the URL. */
export function useDiscordWebhooks() {
  return {
    webhooks: useQuery(api.notifications.webhooks),
    save: useGatedAction(api.notifications.setWebhook, { needsServer: false }),
    test: useGatedAction(api.notifications.sendTestMessage, { needsServer: false }),
    setLanguage: useGatedAction(api.notifications.setWebhookLanguage, { needsServer: false }),
  };
}
