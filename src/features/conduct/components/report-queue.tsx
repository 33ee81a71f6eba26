import { useState } from "react";
import { Link } from "react-router-dom";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { paths } from "@/config/paths";
import { t, type MessageKey } from "@/i18n";
import { formatDateTime } from "@/i18n/format";
import "@/i18n/load/conduct";
import "@/i18n/load/moderation";
import type { Id } from "@/lib/backend";
import {
  useReportActions,
  useReports,
  useSanctionsSince,
  type ReportRow,
  type ReportStatus,
} from "../hooks/use-conduct";
import { ChatLines } from "./chat-lines";
import { reportSanction } from "../utils/report-sanction";
import styles from "./conduct.module.css";

const STATUSES: ReportStatus[] = ["open", "claimed", "resolved", "rejected"];

/** The staff's report queue: new, in progress, decided; each report with its context. */
export function ReportQueue() {
  const [status, setStatus] = useState<ReportStatus>("open");
  const { rows, status: loading, loadMore } = useReports(status);
  return (
    <div>
      <div className={styles.tabs} role="group" aria-label={t("conduct.reports.title")}>
        {STATUSES.map((s) => (
          <Button
            key={s}
            size="sm"
            variant={s === status ? "primary" : "ghost"}
            aria-pressed={s === status}
            onClick={() => setStatus(s)}
          >
            {t(`conduct.reports.${s}` as MessageKey)}
          </Button>
        ))}
      </div>
      {loading === "LoadingFirstPage" ? null : rows.length === 0 ? (
        <p className={styles.empty}>{t("conduct.reports.empty")}</p>
      ) : (
        <ul className={styles.list}>
          {rows.map((report) => (
            <ReportItem key={report._id} report={report} />
          ))}
        </ul>
      )}
      {loading === "CanLoadMore" ? (
        <Button size="sm" variant="ghost" onClick={loadMore}>
          {t("conduct.reports.more")}
        </Button>
      ) : null}
    </div>
  );
}

function ReportItem({ report }: { report: ReportRow }) {
  const target = report.targetName ?? report.targetSteamId;
  const decided = report.status === "resolved" || report.status === "rejected";
  return (
    <li className={styles.item} aria-label={target ?? t("conduct.reports.calladmin")}>
      <div className={styles.head}>
        <Badge tone={report.kind === "calladmin" ? "warning" : "danger"}>
          {report.kind === "calladmin"
            ? t("conduct.reports.calladmin")
            : t("conduct.reports.target")}
        </Badge>
        {report.targetSteamId ? (
          <Link className={styles.name} to={paths.player.replace(":steamId", report.targetSteamId)}>
            {target}
          </Link>
        ) : null}
        <span className={styles.muted}>
          {formatDateTime(report.at)} ·{" "}
          {report.source === "game" ? t("conduct.reports.fromGame") : t("conduct.reports.fromWeb")}
          {report.serverName ? ` · ${report.serverName}` : ""}
        </span>
        {report.folded > 0 ? (
          <Badge tone="accent">{t("conduct.reports.folded", { n: report.folded })}</Badge>
        ) : null}
      </div>
      <p className={styles.text}>
        <span className={styles.muted}>
          {t("conduct.reports.by", { name: report.reporterName })} ·{" "}
        </span>
        {report.reason || "—"}
      </p>
      {report.round !== undefined || report.map ? (
        <p className={styles.muted}>
          {t("conduct.reports.context", {
            round: report.round ?? "—",
            ct: report.scoreCT ?? "?",
            t: report.scoreT ?? "?",
            map: report.map ?? "",
          })}
          {report.stats
            ? ` · ${t("conduct.reports.stats", { k: report.stats.kills, d: report.stats.deaths, a: report.stats.assists })}${
                report.stats.adr !== undefined
                  ? t("conduct.reports.adr", { adr: report.stats.adr })
                  : ""
              }`
            : ""}
          {report.matchId ? (
            <>
              {" · "}
              <Link to={paths.match.replace(":id", report.matchId)}>
                {t("conduct.reports.match")}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      {report.chat.length > 0 ? (
        <ChatLines lines={report.chat} label={t("conduct.reports.chat")} />
      ) : null}
      {report.status === "claimed" && report.claimedBy ? (
        <p className={styles.muted}>{t("conduct.reports.claimedBy", { name: report.claimedBy })}</p>
      ) : null}
      {decided ? (
        <p className={styles.text}>
          <Badge tone={report.status === "resolved" ? "success" : "neutral"}>
            {t(`conduct.reports.${report.status}` as MessageKey)}
          </Badge>{" "}
          {t("conduct.reports.decided", {
            decision: report.decision ?? "",
            by: report.decidedBy ?? "",
          })}
          {report.sanction ? ` · ${reportSanction(report)}` : ""}
        </p>
      ) : (
        <ReportDecision report={report} />
      )}
    </li>
  );
}

function ReportDecision({ report }: { report: ReportRow }) {
  const { claim, resolve, reject } = useReportActions();
  const [decision, setDecision] = useState("");
  const [sanctionId, setSanctionId] = useState("");
  const sanctions = useSanctionsSince(report.targetSteamId, report.at);
  const reportId = report._id;
  return (
    <div className={styles.row}>
      {report.status === "open" ? (
        <Button size="sm" loading={claim.pending} onClick={() => void claim.run({ reportId })}>
          {t("conduct.reports.claim")}
        </Button>
      ) : null}
      <TextField
        className={styles.grow}
        label={t("conduct.reports.decision")}
        value={decision}
        maxLength={200}
        onChange={(e) => setDecision(e.target.value)}
      />
      {report.targetSteamId ? (
        <Select
          label={t("conduct.reports.sanction")}
          value={sanctionId}
          onChange={setSanctionId}
          options={[
            { value: "", label: t("conduct.reports.noSanction") },
            ...sanctions.map((s) => ({
              value: s._id,
              label: `${t(`moderation.kind.${s.kind}` as MessageKey)} · ${formatDateTime(s.at)}`,
            })),
          ]}
        />
      ) : null}
      <Button
        size="sm"
        variant="primary"
        loading={resolve.pending}
        onClick={() =>
          void resolve.run({
            reportId,
            decision,
            ...(sanctionId ? { sanctionId: sanctionId as Id<"sanctions"> } : {}),
          })
        }
      >
        {t("conduct.reports.resolve")}
      </Button>
      <Button
        size="sm"
        loading={reject.pending}
        onClick={() => void reject.run({ reportId, decision })}
      >
        {t("conduct.reports.reject")}
      </Button>
    </div>
  );
}
