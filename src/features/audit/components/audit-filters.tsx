import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { t } from "@/i18n/uk";
import { toastError } from "@/lib/errors";
import { useAuditCsv, useAuditServers, type AuditFilters } from "../hooks/use-audit-log";
import styles from "./audit.module.css";

const ANY = "";

/** `YYYY-MM-DD` (a date input, local time) → start or end of that day in ms; empty → undefined. */
function dayBound(value: string, end: boolean): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const at = end ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d);
  return Number.isNaN(at.getTime()) ? undefined : at.getTime();
}

/** Filters by action, user, server, outcome and dates; "Застосувати" applies, CSV exports them. */
export function AuditFiltersForm({
  onApply,
  canExport,
}: {
  onApply: (filters: AuditFilters) => void;
  canExport: boolean;
}) {
  const servers = useAuditServers();
  const toCsv = useAuditCsv();
  const [action, setAction] = useState("");
  const [username, setUsername] = useState("");
  const [serverId, setServerId] = useState(ANY);
  const [outcome, setOutcome] = useState(ANY);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [exporting, setExporting] = useState(false);

  const current = (): AuditFilters => ({
    action: action.trim() || undefined,
    username: username.trim() || undefined,
    serverId: servers.find((s) => s._id === serverId)?._id,
    outcome:
      outcome === "success" || outcome === "failure" || outcome === "unauthorized"
        ? outcome
        : undefined,
    from: dayBound(from, false),
    to: dayBound(to, true),
  });

  const onExport = async () => {
    setExporting(true);
    try {
      const csv = await toCsv(current());
      const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = `audit-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      toastError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <form
      className={styles.filters}
      aria-label={t("moderation.audit.filters")}
      onSubmit={(e) => {
        e.preventDefault();
        onApply(current());
      }}
    >
      <TextField
        label={t("moderation.audit.action")}
        value={action}
        onChange={(e) => setAction(e.target.value)}
      />
      <TextField
        label={t("moderation.audit.user")}
        value={username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <Select
        label={t("moderation.audit.server")}
        value={serverId}
        options={[
          { value: ANY, label: t("moderation.audit.any") },
          ...servers.map((s) => ({ value: s._id, label: s.name })),
        ]}
        onChange={setServerId}
      />
      <Select
        label={t("moderation.audit.outcome")}
        value={outcome}
        options={[
          { value: ANY, label: t("moderation.audit.any") },
          { value: "success", label: t("audit.outcome.success") },
          { value: "failure", label: t("audit.outcome.failure") },
          { value: "unauthorized", label: t("audit.outcome.unauthorized") },
        ]}
        onChange={setOutcome}
      />
      <TextField
        label={t("moderation.audit.from")}
        type="date"
        value={from}
        onChange={(e) => setFrom(e.target.value)}
      />
      <TextField
        label={t("moderation.audit.to")}
        type="date"
        value={to}
        onChange={(e) => setTo(e.target.value)}
      />
      <div className={styles.filterButtons}>
        <Button type="submit" variant="primary">
          {t("moderation.audit.apply")}
        </Button>
        {canExport ? (
          <Button loading={exporting} onClick={() => void onExport()}>
            {t("moderation.audit.csv")}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
