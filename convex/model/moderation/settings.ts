/**
 * The moderation settings (one row, key "global"): reasons offered per action, ban durations, the
 * moderators' maximum and whether the ban list is public. Read with defaults until an admin saves
 * them; what an admin saves is cleaned and checked first.
 */
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { fail } from "../../lib/errors";
import { DEFAULT_MODERATION_SETTINGS } from "../../lib/moderationDefaults";
import { MODERATION_TEXTS } from "../../lib/texts/moderation";
import { wordedIn } from "../../lib/wording";
import type { ModerationSettings } from "../../lib/sanctionFields";
import { cleanReason, isValidDuration } from "./sanctions";

const GLOBAL = "global";
export const MAX_REASONS = 20;

async function settingsRow(ctx: QueryCtx) {
  return await ctx.db
    .query("moderationSettings")
    .withIndex("by_key", (q) => q.eq("key", GLOBAL))
    .unique();
}

export async function getModerationSettings(ctx: QueryCtx): Promise<ModerationSettings> {
  const row = await settingsRow(ctx);
  if (!row) return DEFAULT_MODERATION_SETTINGS;
  const { key: _key, _id, _creationTime, ...settings } = row;
  return settings;
}

/** Trims and checks admin-edited settings; refuses with a keyed text. */
export function cleanSettings(input: ModerationSettings): ModerationSettings {
  const reasons = (list: string[]) => {
    const cleaned = [...new Set(list.map((r) => cleanReason(r)).filter((r) => r.length > 0))];
    if (cleaned.length === 0 || cleaned.length > MAX_REASONS) {
      fail(
        "INVALID_INPUT",
        wordedIn(MODERATION_TEXTS, "refusal.moderation.reasonsCount", { max: MAX_REASONS }),
      );
    }
    return cleaned;
  };
  const durations = [...new Set(input.banDurations)].sort((a, b) =>
    a === 0 ? 1 : b === 0 ? -1 : a - b,
  );
  if (durations.length === 0 || durations.length > 12 || !durations.every(isValidDuration)) {
    fail("INVALID_INPUT", MODERATION_TEXTS["refusal.moderation.durationsList"]);
  }
  const max = input.moderatorMaxMinutes;
  if (!isValidDuration(max) || max === 0) {
    fail("INVALID_INPUT", MODERATION_TEXTS["refusal.moderation.moderatorMax"]);
  }
  return {
    ...input,
    banReasons: reasons(input.banReasons),
    kickReasons: reasons(input.kickReasons),
    banDurations: durations,
  };
}

export async function writeModerationSettings(
  ctx: MutationCtx,
  settings: ModerationSettings,
): Promise<void> {
  const row = await settingsRow(ctx);
  if (row) await ctx.db.patch("moderationSettings", row._id, settings);
  else await ctx.db.insert("moderationSettings", { key: GLOBAL, ...settings });
}
