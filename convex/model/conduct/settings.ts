/**
 * The conduct settings (one row, key "global"): how long chat is kept, when warnings escalate and
 * to what, and whether a player's own record names who sanctioned them. Read with defaults until
 * an admin saves them; what an admin saves is checked first.
 */
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { DEFAULT_CONDUCT_SETTINGS, type ConductSettings } from "../../lib/conductFields";
import { fail } from "../../lib/errors";
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

/** Checks admin-edited settings; refuses with a Ukrainian message. */
export function cleanConductSettings(input: ConductSettings): ConductSettings {
  if (!wholeIn(input.chatRetentionDays, 1, 365)) {
    fail("INVALID_INPUT", "Зберігання чату: ціле число днів від 1 до 365.");
  }
  if (!wholeIn(input.warnThreshold, 1, 20)) {
    fail("INVALID_INPUT", "Кількість попереджень: ціле число від 1 до 20.");
  }
  if (!wholeIn(input.warnPeriodDays, 1, 365) || !wholeIn(input.warnExpiryDays, 1, 365)) {
    fail("INVALID_INPUT", "Періоди попереджень: ціле число днів від 1 до 365.");
  }
  if (!isValidDuration(input.escalationMinutes)) {
    fail("INVALID_INPUT", "Тривалість покарання: ціле число хвилин (0 — назавжди).");
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
