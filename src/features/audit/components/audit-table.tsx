import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Table } from "@/components/ui/table";
import { t, type MessageKey } from "@/i18n/uk";
import type { AuditRow } from "../hooks/use-audit-log";
import { auditActionLabel, formatAuditTime } from "../utils/audit-labels";
import styles from "./audit.module.css";

const OUTCOME: Record<AuditRow["outcome"], { tone: BadgeTone; label: MessageKey }> = {
  success: { tone: "success", label: "audit.outcome.success" },
  failure: { tone: "danger", label: "audit.outcome.failure" },
  unauthorized: { tone: "warning", label: "audit.outcome.unauthorized" },
};

export function AuditTable({ rows }: { rows: AuditRow[] }) {
  return (
    <Table caption={t("audit.title")}>
      <thead>
        <tr>
          <th scope="col">{t("audit.col.time")}</th>
          <th scope="col">{t("audit.col.user")}</th>
          <th scope="col">{t("audit.col.action")}</th>
          <th scope="col">{t("audit.col.server")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const outcome = OUTCOME[row.outcome];
          return (
            <tr key={row._id} data-outcome={row.outcome}>
              <td className={styles.time}>{formatAuditTime(row.at)}</td>
              <td>
                <span className={styles.user} title={row.user}>
                  {row.user}
                </span>
              </td>
              <td>
                <div className={styles.stack}>
                  <span>{auditActionLabel(row.action)}</span>
                  {row.details ? (
                    <span className={styles.details} title={row.details}>
                      {row.details}
                    </span>
                  ) : null}
                </div>
              </td>
              <td>
                <div className={styles.server}>
                  <span>{row.serverName ?? t("common.dash")}</span>
                  <Badge tone={outcome.tone}>{t(outcome.label)}</Badge>
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
