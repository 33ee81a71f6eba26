import { useState } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import type { ConfirmRequest } from "@/hooks/use-confirmation";
import { t } from "@/i18n";
import { formatTime } from "@/i18n/format";
import "@/i18n/load/admin";
import type { Id } from "@/lib/backend";
import { mapLabel } from "@/lib/maps";
import {
  lastGoodBackup,
  useBackups,
  useRecovery,
  type BackupFile,
  type RecoveryResult,
} from "../hooks/use-backups";
import { useInterruption, type Interruption } from "../hooks/use-interruption";
import { backupScore, restoreText } from "../utils/backup-texts";
import own from "./backups.module.css";

export interface InterruptionNoticeProps {
  serverId: Id<"servers"> | undefined;
  serverName?: string;
  confirm: (request: ConfirmRequest) => void;
}

/**
 * «Матч перервано на раунді 14 (7:6)»: a live map that ended without a result, with what happened
 * and when, and the one action that brings it back from the last good round's backup; then, for
 * half an hour, whether it came back or was kept as abandoned.
 */
export function InterruptionNotice({
  serverId,
  serverName = "",
  confirm,
}: InterruptionNoticeProps) {
  const cut = useInterruption(serverId);
  // Kept here, not in the recovery form: the poller may take the match back (and close the notice's
  // form) before the recovery's own read-back returns, and the admin still wants to read it.
  const [done, setDone] = useState<{ id: string; result: RecoveryResult } | null>(null);
  if (!cut) return null;
  const result = done?.id === cut.id ? done.result : null;
  // `round` counts rounds played; the title names the one being played when it stopped.
  const where = t("admin.interrupted.title", {
    round: cut.round + 1,
    scoreCT: cut.scoreCT,
    scoreT: cut.scoreT,
  });
  const what = t(`admin.interrupted.reason.${cut.reason}`, {
    map: mapLabel(cut.map),
    time: formatTime(cut.at),
  });
  const outcome =
    cut.state === "open"
      ? t("admin.interrupted.open")
      : cut.state === "recovered"
        ? t("admin.interrupted.recovered", { time: formatTime(cut.resolvedAt ?? cut.at) })
        : t("admin.interrupted.abandoned");
  return (
    <Notice role={cut.state === "open" ? "status" : "note"}>
      <strong>{where}</strong> {what} {outcome}
      {cut.state === "open" ? (
        <Recovery
          cut={cut}
          serverId={serverId}
          serverName={serverName}
          confirm={confirm}
          result={result}
          onResult={(r) => setDone({ id: cut.id, result: r })}
        />
      ) : result ? (
        <p role="status" className={own.readBack}>
          {readBackText(result)}
        </p>
      ) : null}
    </Notice>
  );
}

function Recovery({
  cut,
  serverId,
  serverName,
  confirm,
  result,
  onResult,
}: { cut: Interruption } & Required<Pick<InterruptionNoticeProps, "serverName" | "confirm">> & {
    serverId: Id<"servers"> | undefined;
    result: RecoveryResult | null;
    onResult: (result: RecoveryResult) => void;
  }) {
  const { backups, load, pending } = useBackups(serverId);
  const recovery = useRecovery(serverId);
  const [file, setFile] = useState("");
  const usable = (backups?.files ?? []).filter((f) => f.round <= cut.round).reverse();
  const chosen: BackupFile | undefined = usable.find((f) => f.file === file) ?? usable[0];

  const start = async () => {
    const read = backups ?? (await load());
    if (!read) return;
    const pick = lastGoodBackup(read.files, cut.round);
    if (!pick) return void toast.error(t("admin.recovery.noBackup"));
    setFile(pick.file);
  };
  const recover = (f: BackupFile) =>
    confirm({
      title: t("admin.recovery.confirmTitle"),
      text: `${t("admin.recovery.confirmSteps", { map: mapLabel(cut.map) })} ${restoreText(f, serverName)}`,
      confirmLabel: t("admin.recovery.run"),
      run: async () => {
        const done = await recovery.run({ interruptionId: cut.id, file: f.file });
        if (!done) return;
        onResult(done);
        if (done.confirmed) toast.success(t("admin.recovery.done"));
        else toast(t("admin.recovery.unconfirmed"), { icon: "⚠️" });
      },
    });

  // Brought back and read back: the poller takes the match back at its next poll; nothing to redo.
  if (result?.confirmed) {
    return (
      <p role="status" className={own.readBack}>
        {readBackText(result)}
      </p>
    );
  }
  return (
    <div className={own.recovery}>
      {chosen ? (
        <>
          <Select
            label={t("admin.recovery.pick")}
            value={chosen.file}
            onChange={setFile}
            options={usable.map((f) => ({
              value: f.file,
              label: t("admin.recovery.option", {
                round: f.round + 1,
                score: backupScore(f),
              }),
            }))}
          />
          <Button variant="primary" loading={recovery.pending} onClick={() => recover(chosen)}>
            {t("admin.recovery.run")}
          </Button>
        </>
      ) : (
        <Button variant="primary" loading={pending} onClick={() => void start()}>
          {t("admin.recovery.start")}
        </Button>
      )}
      {result ? (
        <p role="status" className={own.readBack}>
          {readBackText(result)}
        </p>
      ) : null}
    </div>
  );
}

function readBackText(r: RecoveryResult): string {
  const shown = r.readBack;
  if (!shown) return t("admin.recovery.noAnswer");
  const score =
    shown.scoreCT !== undefined && shown.scoreT !== undefined
      ? `${shown.scoreCT}:${shown.scoreT}`
      : t("admin.recovery.scoreUnknown");
  return t(r.confirmed ? "admin.recovery.readBackOk" : "admin.recovery.readBackOff", {
    map: mapLabel(shown.map),
    score,
    round: r.expected.round,
  });
}
