import { useState } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icon";
import { QueryBoundary } from "@/components/ui/query-boundary";
import { LoadingLabel, Skeleton } from "@/components/ui/spinner";
import { t } from "@/i18n";
import { AUDIT_SEARCH_MAX } from "@/lib/catalog";
import "@/i18n/load/audit";
import "@/i18n/load/common";
import "@/i18n/load/moderation";
import { useAuditLog, type AuditFilters } from "../hooks/use-audit-log";
import { AuditFiltersForm } from "./audit-filters";
import { AuditTable } from "./audit-table";
import styles from "./audit.module.css";

/** The audit log, newest first, with "load more"; a failed load says 'Не вдалося завантажити журнал аудиту.'. */
export function AuditLog() {
  const [filters, setFilters] = useState<AuditFilters>({});
  return (
    <div className={styles.wrap}>
      <AuditFiltersForm onApply={setFilters} canExport />
      <QueryBoundary
        onError={() => toast.error(t("errors.auditFailed"), { id: "audit-failed" })}
        fallback={
          <EmptyState icon={<Icon name="alert" />} role="alert">
            {t("errors.auditFailed")}
          </EmptyState>
        }
      >
        <AuditLogContent filters={filters} />
      </QueryBoundary>
    </div>
  );
}

function AuditLogContent({ filters }: { filters: AuditFilters }) {
  const { rows, status, loadMore } = useAuditLog(filters);
  if (status === "LoadingFirstPage") {
    return (
      <div className={styles.loading} aria-busy="true">
        <LoadingLabel />
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height="2.25rem" />
        ))}
      </div>
    );
  }
  if (rows.length === 0 && status === "Exhausted") {
    return (
      <EmptyState icon={<Icon name="list" />} role="status">
        {t("audit.empty")}
      </EmptyState>
    );
  }
  const searching = Boolean(filters.search ?? filters.userLike);
  return (
    <div className={styles.wrap}>
      {searching && rows.length >= AUDIT_SEARCH_MAX ? (
        <p role="status">{t("moderation.audit.searchNote", { max: AUDIT_SEARCH_MAX })}</p>
      ) : null}
      {rows.length > 0 ? <AuditTable rows={rows} /> : null}
      {status !== "Exhausted" ? (
        <div className={styles.more}>
          {/* A filtered page reads a bounded part of the log: say so when it found nothing yet. */}
          {rows.length === 0 ? <p role="status">{t("audit.searchedPart")}</p> : null}
          <Button loading={status === "LoadingMore"} onClick={loadMore}>
            {t("audit.loadMore")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
