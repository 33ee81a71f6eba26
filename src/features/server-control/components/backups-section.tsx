import { useContext } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { ConfirmRequest } from "@/hooks/use-confirmation";
import { Notice } from "@/components/ui/notice";
import { ServerActionScope, useServerAction } from "@/hooks/use-server-action";
import { t } from "@/i18n";
import { formatTime } from "@/i18n/format";
import "@/i18n/load/admin";
import "@/i18n/load/common";
import styles from "@/styles/admin.module.css";
import {
  useBackups,
  useBackupsNotice,
  type BackupFile,
  type BackupsNotice,
} from "../hooks/use-backups";
import { backupScore, restoreText } from "../utils/backup-texts";
import own from "./backups.module.css";

export interface BackupsSectionProps {
  confirm: (request: ConfirmRequest) => void;
  serverName: string;
}

/**
 * CS2's round backups on the server: whether it writes them, the files with the round and score
 * each puts back, and a restore that says first what the players will see.
 */
export function BackupsSection({ confirm, serverName }: BackupsSectionProps) {
  const serverId = useContext(ServerActionScope);
  const { backups, load, pending } = useBackups(serverId);
  const notice = useBackupsNotice(serverId);
  const restoreBackup = useServerAction("restoreBackup");
  const restoreMatchzy = useServerAction("restoreBackupMatchzy");
  const backupsOn = useServerAction("backupsOn");
  const restore = (f: BackupFile) =>
    confirm({
      title: t("admin.backups.confirmTitle", { round: f.round + 1 }),
      text: restoreText(f, serverName),
      confirmLabel: t("admin.backups.restore"),
      run: async () => {
        const run = backups?.via === "matchzy" ? restoreMatchzy : restoreBackup;
        if (await run.run({ file: f.file })) await load();
      },
    });
  const files = backups ? [...backups.files].reverse() : [];
  return (
    <Card title={t("admin.backups.title")} className={styles.wide}>
      <div className={styles.cardBody}>
        <p className={styles.muted}>{t("admin.backups.hint")}</p>
        {notice ? <AutoNotice notice={notice} /> : null}
        <div className={styles.buttons}>
          <Button loading={pending} onClick={() => void load()}>
            {backups ? t("admin.backups.reload") : t("admin.backups.show")}
          </Button>
          {backups && backups.auto === false ? (
            <Button
              loading={backupsOn.pending}
              onClick={async () => {
                if (await backupsOn.run({})) await load();
              }}
            >
              {t("admin.backups.turnOn")}
            </Button>
          ) : null}
        </div>
        {backups ? (
          <>
            <p role="status">
              {backups.auto === true
                ? t("admin.backups.autoOn")
                : backups.auto === false
                  ? t("admin.backups.autoOff")
                  : t("admin.backups.autoUnknown")}{" "}
              {backups.via === "matchzy" ? t("admin.backups.viaMatchzy") : null}
            </p>
            {files.length === 0 ? (
              <p className={styles.muted}>{t("admin.backups.none")}</p>
            ) : (
              <ul className={own.list} aria-label={t("admin.backups.title")}>
                {files.map((f) => (
                  <li key={f.file} className={own.item}>
                    <span className={own.round}>
                      {t("admin.backups.roundLabel", { round: f.round + 1 })}
                    </span>
                    <span className={own.score}>{backupScore(f)}</span>
                    <span className={`${styles.mono} ${own.file}`}>{f.file}</span>
                    <Button
                      size="sm"
                      loading={restoreBackup.pending || restoreMatchzy.pending}
                      onClick={() => restore(f)}
                    >
                      {t("admin.backups.restore")}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : null}
      </div>
    </Card>
  );
}

/** What the panel did when a match went live with backups off. */
function AutoNotice({ notice }: { notice: BackupsNotice }) {
  const time = formatTime(notice.at);
  if (notice.outcome === "on") {
    return <p role="status">{t("admin.backups.panelTurnedOn", { time })}</p>;
  }
  return (
    <Notice>
      {t("admin.backups.panelFailed", { time, reason: notice.detail ?? t("common.dash") })}
    </Notice>
  );
}
