import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { t } from "@/i18n";
import "@/i18n/load/audit";
import "@/i18n/load/moderation";
import { toastError } from "@/lib/errors";
import { useServers } from "@/hooks/use-servers";
import { useAuditCsv, useAuditUsers, type AuditFilters } from "../hooks/use-audit-log";
import { auditActionOptions } from "../utils/audit-labels";
import styles from "./audit.module.css";
import { lowerCase } from "@/i18n/format";

const ANY = "";

/** `YYYY-MM-DD` (a date input, local time) → start or end of that day in ms; empty → undefined. */
function dayBound(value: string, end: boolean): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const at = end ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d);
  return Number.isNaN(at.getTime()) ? undefined : at.getTime();
}

/**
 * Filters by free text in the details, action (its Ukrainian label), user (a known name in any
 * letter case, or the start of a word of names), server, outcome and dates; "Застосувати" applies, CSV applies them too and exports them, so the file
 * always holds what the table shows. A start after the end is refused with a message rather than
 * shown as an empty log.
 */
export function AuditFiltersForm({
  onApply,
  canExport,
}: {
  onApply: (filters: AuditFilters) => void;
  canExport: boolean;
}) {
  const servers = useServers() ?? [];
  const users = useAuditUsers();
  const toCsv = useAuditCsv();
  const [action, setAction] = useState(ANY);
  const [username, setUsername] = useState("");
  const [search, setSearch] = useState("");
  const [serverId, setServerId] = useState(ANY);
  const [outcome, setOutcome] = useState(ANY);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [exporting, setExporting] = useState(false);
  const [rangeError, setRangeError] = useState<string>();
  const usersListId = useId();

  // A known name in any letter case is that user; anything else is part of a name
  // ("mak" finds Maksym and Makar).
  const resolveUser = (typed: string): Pick<AuditFilters, "username" | "userLike"> => {
    const wanted = typed.trim();
    if (!wanted) return {};
    const lower = lowerCase(wanted);
    const known = users.find((u) => lowerCase(u) === lower);
    return known !== undefined ? { username: known } : { userLike: wanted };
  };

  const current = (): AuditFilters | null => {
    const start = dayBound(from, false);
    const end = dayBound(to, true);
    if (start !== undefined && end !== undefined && start > end) {
      setRangeError(t("moderation.audit.badRange"));
      return null;
    }
    setRangeError(undefined);
    return {
      action: action || undefined,
      ...resolveUser(username),
      search: search.trim() || undefined,
      serverId: servers.find((s) => s._id === serverId)?._id,
      outcome:
        outcome === "success" || outcome === "failure" || outcome === "unauthorized"
          ? outcome
          : undefined,
      from: start,
      to: end,
    };
  };

  const onExport = async () => {
    const filters = current();
    if (!filters) return;
    onApply(filters);
    setExporting(true);
    try {
      const csv = await toCsv(filters);
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
        const filters = current();
        if (filters) onApply(filters);
      }}
    >
      <Select
        label={t("moderation.audit.action")}
        value={action}
        options={[{ value: ANY, label: t("moderation.audit.any") }, ...auditActionOptions()]}
        onChange={setAction}
      />
      <TextField
        label={t("moderation.audit.search")}
        type="search"
        value={search}
        maxLength={100}
        placeholder={t("moderation.audit.searchHint")}
        onChange={(e) => setSearch(e.target.value)}
      />
      <TextField
        label={t("moderation.audit.user")}
        value={username}
        list={usersListId}
        onChange={(e) => setUsername(e.target.value)}
      />
      <datalist id={usersListId}>
        {users.map((u) => (
          <option key={u} value={u} />
        ))}
      </datalist>
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
        error={rangeError}
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
