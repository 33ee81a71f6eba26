import { useState } from "react";
import toast from "react-hot-toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextArea } from "@/components/ui/text-area";
import { t, type MessageKey } from "@/i18n";
import { formatDateTime } from "@/i18n/format";
import "@/i18n/load/conduct";
import "@/i18n/load/moderation";
import { throwRefusal, toastError } from "@/lib/errors";
import { useAppeal, useMyReports, useOwnRecord, type OwnRecord } from "../hooks/use-conduct";
import { reportSanction } from "../utils/report-sanction";
import styles from "./conduct.module.css";

type OwnSanction = OwnRecord["sanctions"][number];

/** A linked player's own sanctions and warnings, each sanction appealable once. */
export function OwnRecordCard() {
  const record = useOwnRecord(true);
  if (!record) return null;
  const empty = record.sanctions.length === 0 && record.warnings.length === 0;
  return (
    <Card title={t("conduct.record.title")}>
      {empty ? (
        <p className={styles.empty}>{t("conduct.record.empty")}</p>
      ) : (
        <div className={styles.stack}>
          <ul className={styles.list}>
            {record.sanctions.map((s) => (
              <SanctionItem key={s._id} sanction={s} />
            ))}
          </ul>
          {record.warnings.length > 0 ? (
            <section aria-label={t("conduct.record.warnings")}>
              <h3 className={styles.name}>{t("conduct.record.warnings")}</h3>
              <ul className={styles.list}>
                {record.warnings.map((w) => (
                  <li key={w._id} className={styles.item}>
                    <div className={styles.head}>
                      <Badge tone={w.inForce ? "warning" : "neutral"}>
                        {w.inForce
                          ? t("conduct.record.until", { date: formatDateTime(w.expiresAt) })
                          : t("conduct.record.past")}
                      </Badge>
                      <span className={styles.text}>{w.reason}</span>
                    </div>
                    <span className={styles.muted}>
                      {formatDateTime(w.at)} ·{" "}
                      {t("conduct.record.by", { by: w.by ?? t(`conduct.record.role.${w.byRole}`) })}
                      {w.serverName
                        ? ` · ${t("conduct.record.server", { name: w.serverName })}`
                        : ""}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      )}
    </Card>
  );
}

function SanctionItem({ sanction: s }: { sanction: OwnSanction }) {
  const appeal = useAppeal();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [pending, setPending] = useState(false);
  const kind = t(`moderation.kind.${s.kind}` as MessageKey);
  const until =
    s.durationMinutes === 0
      ? t("conduct.record.forever")
      : s.expiresAt
        ? t("conduct.record.until", { date: formatDateTime(s.expiresAt) })
        : "";
  const send = async () => {
    setPending(true);
    try {
      throwRefusal(await appeal({ sanctionId: s._id, text }));
      toast.success(t("conduct.record.appealSent"));
      setOpen(false);
    } catch (error) {
      toastError(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <li className={styles.item} aria-label={kind}>
      <div className={styles.head}>
        <Badge tone={s.inForce ? "danger" : "neutral"}>{kind}</Badge>
        <Badge tone={s.inForce ? "warning" : "neutral"}>
          {s.inForce ? t("conduct.record.inForce") : t("conduct.record.past")}
        </Badge>
        {until ? <span className={styles.muted}>{until}</span> : null}
      </div>
      {s.reason ? <p className={styles.text}>{s.reason}</p> : null}
      <span className={styles.muted}>
        {formatDateTime(s.at)} ·{" "}
        {t("conduct.record.by", { by: s.by ?? t(`conduct.record.role.${s.byRole}`) })}
        {s.serverName ? ` · ${t("conduct.record.server", { name: s.serverName })}` : ""}
      </span>
      {s.appeal ? (
        <p className={styles.text}>
          <Badge
            tone={
              s.appeal.status === "accepted"
                ? "success"
                : s.appeal.status === "rejected"
                  ? "danger"
                  : "accent"
            }
          >
            {s.appeal.status === "open"
              ? t("conduct.record.appealOpen")
              : t(
                  s.appeal.status === "accepted"
                    ? "conduct.record.appealAccepted"
                    : "conduct.record.appealRejected",
                  { decision: s.appeal.decision ?? "" },
                )}
          </Badge>
        </p>
      ) : s.appealable ? (
        open ? (
          <div className={styles.stack}>
            <TextArea
              label={t("conduct.record.appealText")}
              value={text}
              maxLength={1000}
              rows={3}
              onChange={(e) => setText(e.target.value)}
            />
            <div className={styles.row}>
              <Button variant="primary" loading={pending} onClick={() => void send()}>
                {t("conduct.record.appealSend")}
              </Button>
            </div>
          </div>
        ) : (
          <div className={styles.row}>
            <Button size="sm" onClick={() => setOpen(true)}>
              {t("conduct.record.appeal")}
            </Button>
          </div>
        )
      ) : null}
    </li>
  );
}

/** The user's own reports and what became of them. */
export function MyReportsCard() {
  const reports = useMyReports(true);
  if (!reports || reports.length === 0) return null;
  return (
    <Card title={t("conduct.myReports.title")}>
      <ul className={styles.list}>
        {reports.map((r) => (
          <li key={r._id} className={styles.item}>
            <div className={styles.head}>
              <Badge
                tone={
                  r.status === "resolved"
                    ? "success"
                    : r.status === "rejected"
                      ? "neutral"
                      : "accent"
                }
              >
                {t(`conduct.myReports.status.${r.status}` as MessageKey)}
              </Badge>
              <span className={styles.name}>
                {r.targetName ?? r.targetSteamId ?? t("conduct.reports.calladmin")}
              </span>
              <span className={styles.muted}>{formatDateTime(r.at)}</span>
            </div>
            <p className={styles.text}>{r.reason}</p>
            {r.decision ? (
              <p className={styles.muted}>
                {r.decision}
                {r.sanction ? ` · ${reportSanction(r)}` : ""}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
