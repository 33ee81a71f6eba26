import { Badge, type BadgeTone } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/table";
import { t, type MessageKey } from "@/i18n";
import "@/i18n/load/audit";
import "@/i18n/load/common";
import "@/i18n/load/moderation";
import type { AuditRow } from "../hooks/use-audit-log";
import { auditDetailsText as details } from "../utils/audit-details";
import { auditActionLabel, formatAuditTime } from "../utils/audit-labels";
import styles from "./audit.module.css";

const OUTCOME: Record<AuditRow["outcome"], { tone: BadgeTone; label: MessageKey }> = {
  success: { tone: "success", label: "audit.outcome.success" },
  failure: { tone: "danger", label: "audit.outcome.failure" },
  unauthorized: { tone: "warning", label: "audit.outcome.unauthorized" },
};

/** The kind of identity the backend established; a display name alone can be spoofed. */
const IDENTITY: Record<
  NonNullable<AuditRow["identity"]>,
  { tone: BadgeTone; label: MessageKey }
> = {
  anonymous: { tone: "neutral", label: "audit.identity.anonymous" },
  signedIn: { tone: "accent", label: "audit.identity.signedIn" },
  admin: { tone: "success", label: "audit.identity.admin" },
  moderator: { tone: "accent", label: "moderation.identity.moderator" },
};

export function AuditTable({ rows }: { rows: AuditRow[] }) {
  return (
    <DataTable
      caption={t("audit.title")}
      rows={rows}
      rowKey={(row) => row._id}
      rowProps={(row) => ({ "data-outcome": row.outcome })}
      columns={[
        {
          header: t("audit.col.time"),
          className: styles.time,
          cell: (row) => formatAuditTime(row.at),
        },
        {
          header: t("audit.col.user"),
          cell: (row) => {
            const identity = row.identity ? IDENTITY[row.identity] : null;
            return (
              <div className={styles.stack}>
                <span className={styles.user} title={row.user}>
                  {row.user}
                </span>
                {identity ? <Badge tone={identity.tone}>{t(identity.label)}</Badge> : null}
              </div>
            );
          },
        },
        {
          header: t("audit.col.action"),
          className: styles.action,
          cell: (row) => {
            const text = details(row);
            return (
              <div className={styles.stack}>
                <span>{auditActionLabel(row.action)}</span>
                {text ? (
                  <span className={styles.details} title={text}>
                    {text}
                  </span>
                ) : null}
              </div>
            );
          },
        },
        {
          header: t("audit.col.server"),
          cell: (row) => {
            const outcome = OUTCOME[row.outcome];
            return (
              <div className={styles.server}>
                <span>{row.serverName ?? t("common.dash")}</span>
                <Badge tone={outcome.tone}>{t(outcome.label)}</Badge>
              </div>
            );
          },
        },
      ]}
    />
  );
}
