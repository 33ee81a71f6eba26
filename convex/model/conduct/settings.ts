/**
 * The conduct settings (one row, key "global"): how long chat is kept, when warnings escalate and
 * to what, and whether a player's own record names who sanctioned them. Read with defaults until
 * an admin saves them; what an admin saves is checked first.
 */
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { DEFAULT_CONDUCT_SETTINGS, type ConductSettings } from "../../lib/conductFields";
import { fail } from "../../lib/errors";
import { CONDUCT_TEXTS } from "../../lib/texts/conduct";
import { isValidDuration } from "../moderation/sanctions";

const GLOBAL = "global";

async function settingsRow(ctx: QueryCtx) {
  return await ctx.db
    .query("conductSettings")
    .withIndex("by_key", (q) => q.eq("key", GLOBAL))
    .unique();
}

export async function getConductSettings(ctx: QueryCtx): Promise<ConductSettings> {
  const row = await settingsRow(ctx);
  if (!row) return DEFAULT_CONDUCT_SETTINGS;
  const { key: _key, _id, _creationTime, ...settings } = row;
  return settings;
}

const wholeIn = (n: number, min: number, max: number) =>
  Number.isInteger(n) && n >= min && n <= max;

/** Checks admin-edited settings; refuses with a keyed text. */
export function cleanConductSettings(input: ConductSettings): ConductSettings {
  if (!wholeIn(input.chatRetentionDays, 1, 365)) {
    fail("INVALID_INPUT", CONDUCT_TEXTS["refusal.conduct.chatRetention"]);
  }
  if (!wholeIn(input.warnThreshold, 1, 20)) {
    fail("INVALID_INPUT", CONDUCT_TEXTS["refusal.conduct.warnThreshold"]);
  }
  if (!wholeIn(input.warnPeriodDays, 1, 365) || !wholeIn(input.warnExpiryDays, 1, 365)) {
    fail("INVALID_INPUT", CONDUCT_TEXTS["refusal.conduct.warnPeriods"]);
  }
  if (!isValidDuration(input.escalationMinutes)) {
    fail("INVALID_INPUT", CONDUCT_TEXTS["refusal.conduct.escalationMinutes"]);
  }
  return input;
}

export async function writeConductSettings(
  ctx: MutationCtx,
  settings: ConductSettings,
): Promise<void> {
  const row = await settingsRow(ctx);
  if (row) await ctx.db.patch("conductSettings", row._id, settings);
  else await ctx.db.insert("conductSettings", { key: GLOBAL, ...settings });
}
