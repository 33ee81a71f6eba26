import { formatInteger } from "@/i18n/format";
import { t, type MessageKey } from "@/i18n";
import "@/i18n/load/admin";
import "@/i18n/load/bans";

export function steamProfileUrl(steamId: string): string {
  return `https://steamcommunity.com/profiles/${steamId}`;
}

/** 'Назавжди' for 0, a preset as the form offered it («1 год», not «60 хв»), else the minutes. */
export function banDuration(minutes: number): string {
  if (minutes === 0) return t("banList.forever");
  return lengthLabel(minutes);
}

function lengthLabel(minutes: number): string {
  const preset = BAN_PRESETS.find((p) => p === minutes);
  return preset ? presetLabel(preset) : t("bans.minutes", { n: formatInteger(minutes) });
}

/** Ban duration input: a whole number of minutes, at least 0 (0 = forever); else null. */
export function parseBanMinutes(raw: string): number | null {
  const text = raw.trim();
  if (!/^\d{1,7}$/.test(text)) return null;
  return Number(text);
}

/** Preset ban lengths in minutes, shortest first; 0 = forever, last, so it is never the default. */
export const BAN_PRESETS = [30, 60, 1440, 10080, 43200, 0] as const;
export type BanPreset = (typeof BAN_PRESETS)[number];
export const DEFAULT_BAN_MINUTES: BanPreset = 60;

export function presetLabel(minutes: BanPreset): string {
  return t(`admin.player.preset.${minutes}` as MessageKey);
}

/** "на 1 год", "на 45 хв" or "назавжди", for the confirmation text. */
export function banPeriod(minutes: number): string {
  if (minutes === 0) return t("admin.player.forever");
  return t("admin.player.forPeriod", { period: lengthLabel(minutes) });
}
