import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "@/lib/backend";
import { DEFAULT_MODERATION_SETTINGS } from "@/lib/moderation";

export type ModerationSettings = FunctionReturnType<typeof api.moderation.settings>;

/** Reasons, presets and limits; the defaults until the backend answers. */
export function useModerationSettings(enabled = true): ModerationSettings {
  return useQuery(api.moderation.settings, enabled ? {} : "skip") ?? DEFAULT_MODERATION_SETTINGS;
}
