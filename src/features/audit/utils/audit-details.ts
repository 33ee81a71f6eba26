import { isMessageKey, t, type MessageKey } from "@/i18n";
import { lowerCase } from "@/i18n/format";
import "@/i18n/load/audit";
import "@/i18n/load/moderation";
import { parseSanctionCode } from "@/lib/moderation";
import { auditActionLabel } from "./audit-labels";

type Params = Record<string, string | number>;

/** The parts of an entry its details are read from. */
export interface AuditDetailsOf {
  details?: string;
  detailsKey?: string;
  detailsParams?: Params;
}

/** A sanction's length as the backend writes it: in the largest whole unit. */
function durationLabel(minutes: number): string {
  if (minutes === 0) return t("audit.duration.forever");
  if (minutes % 1440 === 0) return t("audit.duration.days", { n: minutes / 1440 });
  if (minutes % 60 === 0) return t("audit.duration.hours", { n: minutes / 60 });
  return t("audit.duration.minutes", { n: minutes });
}

/** A `{sanction}` parameter (`kind` or `kind:minutes`) as «бан 1 год.». */
function sanctionLabel(code: string): string {
  const sanction = parseSanctionCode(code);
  if (!sanction) return code;
  const key = `moderation.kind.${sanction.kind}`;
  const kind = isMessageKey(key) ? lowerCase(t(key)) : sanction.kind;
  return sanction.durationMinutes === undefined
    ? kind
    : `${kind} ${durationLabel(sanction.durationMinutes)}`;
}

/**
 * An entry's details in the visitor's language: a keyed entry is worded from the dictionary (a
 * sanction and the actions named, the rest as the backend stored it); an entry written before
 * keyed details, or with a key this panel does not know, shows the stored text.
 */
export function auditDetailsText(row: AuditDetailsOf): string | undefined {
  const key = row.detailsKey;
  if (!key || !key.startsWith("audit.details.") || !isMessageKey(key)) return row.details;
  const params: Params = { ...row.detailsParams };
  if (typeof params.sanction === "string") params.sanction = sanctionLabel(params.sanction);
  if (key === "audit.details.refusalBurst" && typeof params.actions === "string") {
    params.actions = params.actions
      .split(", ")
      .map((action) => auditActionLabel(action))
      .join(", ");
  }
  return t(key as MessageKey, params);
}
