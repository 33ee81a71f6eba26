import { t } from "@/i18n";
import "@/i18n/load/admin";
import type { BackupFile } from "../hooks/use-backups";

/** «6:5» or «?» where neither the server nor the panel's round log knows the score. */
export function backupScore(f: BackupFile): string {
  return f.scoreCT !== undefined && f.scoreT !== undefined ? `${f.scoreCT}:${f.scoreT}` : "?";
}

/** What players see after loading a file, for the confirmation. */
export function restoreText(f: BackupFile, serverName: string): string {
  return f.scoreCT !== undefined && f.scoreT !== undefined
    ? t("admin.backups.confirmText", {
        round: f.round + 1,
        scoreCT: f.scoreCT,
        scoreT: f.scoreT,
        server: serverName,
      })
    : t("admin.backups.confirmTextNoScore", { round: f.round + 1, server: serverName });
}
