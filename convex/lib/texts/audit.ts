import { defineTexts } from "../wording";

/**
 * Audit-log details the panel words in the visitor's language: an entry stores the key and its
 * parameters beside the Ukrainian text (which the search reads, and older entries have alone).
 * A `{sanction}` parameter is a sanction's code, `kind` or `kind:minutes`, which each side words
 * as «бан 1 год.» (`model/audit/details.ts`, `src/features/audit/utils/audit-details.ts`).
 * (`auditDetails.ts` holds details still written as plain text in the panel's language.)
 */
export const AUDIT_WORDED_TEXTS = defineTexts({
  "audit.details.conductSettingsApply":
    "чат {chatDays} дн.; {threshold} попереджень за {periodDays} дн. → {sanction} (одразу)",
  "audit.details.conductSettingsPropose":
    "чат {chatDays} дн.; {threshold} попереджень за {periodDays} дн. → {sanction} (пропозиція)",
  "audit.details.warn": "{player}: {reason} ({count}/{threshold})",
  "audit.details.warnApplied": "{player}: {reason} ({count}/{threshold}); {sanction} застосовано",
  "audit.details.warnProposed":
    "{player}: {reason} ({count}/{threshold}); {sanction} запропоновано",
  "audit.details.playerSanction": "{player}: {sanction}",
  "audit.details.playerSanctionReason": "{player}: {sanction} ({reason})",
  "audit.details.appealDecided": "{player}: {sanction}; {reason}",
  "audit.details.appealDecidedLifted": "{player}: {sanction}; {reason} (знято)",
  "audit.details.callAdmin": "виклик адміністратора",
  "audit.details.reportDecided": "{player}: {decision}",
  "audit.details.reportDecidedSanction": "{player}: {decision} ({sanction})",
  "audit.details.callAdminDecided": "виклик адміністратора: {decision}",
  "audit.details.callAdminDecidedSanction": "виклик адміністратора: {decision} ({sanction})",
  "audit.details.banListImported": "імпортовано з сервера: {count}",
  "audit.details.moderationSettingsPublic": "макс. {max} хв; публічний список: так",
  "audit.details.moderationSettingsPrivate": "макс. {max} хв; публічний список: ні",
  "audit.details.webhookChanged": "{kind}: змінено",
  "audit.details.webhookRemoved": "{kind}: видалено",
  "audit.details.refusalBurst": "Спроб: {count}. Дії: {actions}. Джерела: {sources}",
} as const);

export type AuditWordedKey = keyof typeof AUDIT_WORDED_TEXTS;
