import { DEFAULT_LANGUAGE, type Language } from "./languages";
import { DURATION_TEXTS } from "./texts/duration";
import { fillText } from "./wording";

/**
 * A sanction's length as the panel writes it in audit entries, report outcomes and Discord: in
 * the largest whole unit, as the ban form offered it («1 год.», not «60 хв»).
 */
export function durationText(minutes: number, language: Language = DEFAULT_LANGUAGE): string {
  const texts = DURATION_TEXTS[language];
  if (minutes === 0) return texts.forever;
  if (minutes % 1440 === 0) return fillText(texts.days, { n: minutes / 1440 });
  if (minutes % 60 === 0) return fillText(texts.hours, { n: minutes / 60 });
  return fillText(texts.minutes, { n: minutes });
}
