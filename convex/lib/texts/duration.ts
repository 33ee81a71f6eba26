import type { Language } from "../languages";

const UK = {
  forever: "назавжди",
  days: "{n} дн.",
  hours: "{n} год.",
  minutes: "{n} хв",
} as const;

/** A sanction's length, in each language the backend writes (`lib/durationText.ts`). */
export const DURATION_TEXTS: Record<Language, Record<keyof typeof UK, string>> = {
  uk: UK,
  en: { forever: "permanent", days: "{n} d", hours: "{n} h", minutes: "{n} min" },
};
