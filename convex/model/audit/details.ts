/**
 * Audit details as a key and parameters (`lib/texts/audit.ts`): the entry keeps the Ukrainian text
 * too, filled here, for the search and for panels that do not know the key.
 */
import { AUDIT_WORDED_TEXTS, type AuditWordedKey } from "../../lib/texts/audit";
import { fillText, type TextParams, type Worded } from "../../lib/wording";
import { parseSanctionCode, sanctionWords } from "../../lib/sanctionWords";

export { sanctionCode } from "../../lib/sanctionWords";

/** The details of an entry: its key, its parameters, and the Ukrainian text they make. */
export function auditDetails(key: AuditWordedKey, params: TextParams = {}): Worded {
  const shown: TextParams = { ...params };
  if (typeof params.sanction === "string") {
    const sanction = parseSanctionCode(params.sanction);
    if (sanction) shown.sanction = sanctionWords(sanction);
  }
  const message = fillText(AUDIT_WORDED_TEXTS[key], shown);
  return Object.keys(params).length ? { key, params, message } : { key, message };
}
