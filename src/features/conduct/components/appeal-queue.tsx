import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { t, type MessageKey } from "@/i18n";
import { formatDateTime } from "@/i18n/format";
import "@/i18n/load/conduct";
import "@/i18n/load/moderation";
import { useAppeals, useDecideAppeal, type AppealRow } from "../hooks/use-conduct";
import styles from "./conduct.module.css";

/** Open appeals; staff decide those they may (a moderator only a moderator's sanction). */
export function AppealQueue() {
  const { rows, status, loadMore } = useAppeals();
  if (status === "LoadingFirstPage") return null;
  return (
    <div>
      {rows.length === 0 ? (
        <p className={styles.empty}>{t("conduct.appeals.empty")}</p>
      ) : (
        <ul className={styles.list}>
          {rows.map((appeal) => (
            <AppealItem key={appeal._id} appeal={appeal} />
          ))}
        </ul>
      )}
      {status === "CanLoadMore" ? (
        <Button size="sm" variant="ghost" onClick={loadMore}>
          {t("conduct.reports.more")}
        </Button>
      ) : null}
    </div>
  );
}

function AppealItem({ appeal }: { appeal: AppealRow }) {
  const decide = useDecideAppeal();
  const [reason, setReason] = useState("");
  const s = appeal.sanction;
  const kind = t(`moderation.kind.${s.kind}` as MessageKey);
  const name = s.playerName ?? appeal.steamId;
  const run = (accept: boolean) =>
    void decide.run({
      appealId: appeal._id,
      accept,
      reason,
      ...(s.serverId ? { serverId: s.serverId } : {}),
    });
  return (
    <li className={styles.item} aria-label={name}>
      <div className={styles.head}>
        <Badge tone="warning">{kind}</Badge>
        <span className={styles.name}>{name}</span>
        <span className={styles.muted}>
          {formatDateTime(appeal.at)}
          {s.serverName ? ` · ${s.serverName}` : ""} · {s.by} (
          {t(`moderation.role.${s.byRole}` as MessageKey)})
        </span>
      </div>
      <p className={styles.muted}>
        {t("conduct.appeals.of", { sanction: kind, reason: s.reason ?? "—" })}
      </p>
      <p className={styles.text}>{appeal.text}</p>
      {appeal.canDecide ? (
        <div className={styles.row}>
          <TextField
            className={styles.grow}
            label={t("conduct.appeals.reason")}
            value={reason}
            maxLength={200}
            onChange={(e) => setReason(e.target.value)}
          />
          <Button size="sm" variant="primary" loading={decide.pending} onClick={() => run(true)}>
            {t("conduct.appeals.accept")}
          </Button>
          <Button size="sm" loading={decide.pending} onClick={() => run(false)}>
            {t("conduct.appeals.reject")}
          </Button>
        </div>
      ) : (
        <p className={styles.muted}>{t("conduct.appeals.adminOnly")}</p>
      )}
    </li>
  );
}
