import { isMessageKey, t, type MessageKey } from "@/i18n";
import "@/i18n/load/audit";
import "@/i18n/load/moderation";
import { sanctionLabel } from "@/lib/sanction-label";
import { auditActionLabel, storedDetailsText } from "./audit-labels";

type Params = Record<string, string | number>;

/** The parts of an entry its details are read from. */
export interface AuditDetailsOf {
  details?: string;
  detailsKey?: string;
  detailsParams?: Params;
}

/**
 * An entry's details in the visitor's language: a keyed entry is worded from the dictionary (a
 * sanction and the actions named, the rest as the backend stored it); an entry written before
 * keyed details, or with a key this panel does not know, shows the stored text.
 */
export function auditDetailsText(row: AuditDetailsOf): string | undefined {
  const key = row.detailsKey;
  if (!key || !key.startsWith("audit.details.") || !isMessageKey(key)) {
    return row.details === undefined ? undefined : storedDetailsText(row.details);
  }
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
