import { t } from "@/i18n";
import "@/i18n/load/audit";
import "@/i18n/load/common";
import { csvLine } from "@/lib/backend";
import type { AuditRow } from "../hooks/use-audit-log";
import { auditDetailsText } from "./audit-details";
import { auditActionLabel, auditIdentityLabel, auditOutcomeLabel } from "./audit-labels";

const CSV_COLUMNS = [
  "audit.csv.time",
  "audit.csv.user",
  "audit.csv.role",
  "audit.csv.action",
  "audit.csv.actionCode",
  "audit.csv.server",
  "audit.csv.outcome",
  "audit.csv.count",
  "audit.csv.details",
] as const;

/** The header row, in the current language. */
export function auditCsvHeader(): string[] {
  return CSV_COLUMNS.map((key) => t(key));
}

/**
 * The audit rows as a spreadsheet reads them: the labels people see in the table, the action's
 * id in a column of its own (for scripts), a BOM so non-Latin text opens as UTF-8.
 */
export function auditCsv(rows: AuditRow[]): string {
  const lines = [
    csvLine(auditCsvHeader()),
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
        auditDetailsText(r),
      ]),
    ),
  ];
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
