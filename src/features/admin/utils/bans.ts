import { formatInteger } from "@/i18n/format";
import { t } from "@/i18n/uk";

export function steamProfileUrl(steamId: string): string {
  return `https://steamcommunity.com/profiles/${steamId}`;
}

/** 'Назавжди' for 0, else the minutes. */
export function banDuration(minutes: number): string {
  return minutes === 0 ? t("banList.forever") : t("bans.minutes", { n: formatInteger(minutes) });
}

/** Ban duration input (spec §5): a whole number of minutes, at least 0 (0 = forever); else null. */
export function parseBanMinutes(raw: string): number | null {
  const text = raw.trim();
  if (!/^\d{1,7}$/.test(text)) return null;
  return Number(text);
}
