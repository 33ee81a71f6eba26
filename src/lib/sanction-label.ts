import { isMessageKey, t } from "@/i18n";
import { lowerCase } from "@/i18n/format";
import "@/i18n/load/moderation";
import { parseSanctionCode } from "@/lib/moderation";

/** A sanction's length as the backend writes it: in the largest whole unit. */
function durationLabel(minutes: number): string {
  if (minutes === 0) return t("moderation.duration.forever");
  if (minutes % 1440 === 0) return t("moderation.duration.days", { n: minutes / 1440 });
  if (minutes % 60 === 0) return t("moderation.duration.hours", { n: minutes / 60 });
  return t("moderation.duration.minutes", { n: minutes });
}

/**
 * A sanction the backend sent as its code (`kind` or `kind:minutes`) in the visitor's language:
 * «бан 1 год.», «ban 1 h»; anything else as it came.
 */
export function sanctionLabel(code: string): string {
  const sanction = parseSanctionCode(code);
  if (!sanction) return code;
  const key = `moderation.kind.${sanction.kind}`;
  const kind = isMessageKey(key) ? lowerCase(t(key)) : sanction.kind;
  return sanction.durationMinutes === undefined
    ? kind
    : `${kind} ${durationLabel(sanction.durationMinutes)}`;
}
