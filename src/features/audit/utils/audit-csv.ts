import { t } from "@/i18n";
import "@/i18n/load/common";
import { csvLine } from "@/lib/backend";
import type { AuditRow } from "../hooks/use-audit-log";
import { auditActionLabel, auditIdentityLabel, auditOutcomeLabel } from "./audit-labels";

export const AUDIT_CSV_HEADER = [
  "Час (UTC)",
  "Користувач",
  "Роль",
  "Дія",
  "Код дії",
  "Сервер",
  "Результат",
  "Кількість",
  "Деталі",
];

/**
 * The audit rows as a spreadsheet reads them: the labels people see in the table, the action's
 * id in a column of its own (for scripts), a BOM so the Ukrainian text opens as UTF-8.
 */
export function auditCsv(rows: AuditRow[]): string {
  const lines = [
    csvLine(AUDIT_CSV_HEADER),
    ...rows.map((r) =>
      csvLine([
        new Date(r.at).toISOString(),
        r.user,
        r.identity ? auditIdentityLabel(r.identity) : t("common.dash"),
        auditActionLabel(r.action),
        r.action,
        r.serverName,
        auditOutcomeLabel(r.outcome),
        r.count,
        r.details,
      ]),
    ),
  ];
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
