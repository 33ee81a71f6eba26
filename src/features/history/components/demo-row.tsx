import toast from "react-hot-toast";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useConfirmation } from "@/hooks/use-confirmation";
import { t } from "@/i18n";
import "@/i18n/load/history";
import type { DemoView } from "@/lib/backend-history";
import { useDemoActions } from "../hooks/use-demos";
import { formatSize } from "../utils/format";
import styles from "./history.module.css";

const TONE: Record<DemoView["state"], BadgeTone> = {
  uploading: "accent",
  ready: "success",
  partial: "warning",
  failed: "danger",
  recording: "accent",
  on_server: "neutral",
};

/**
 * One demo: its name, size and state; the download link while it is stored (a plain link with the
 * file name, so the browser saves it); where it is when it stayed on the game server; for admins
 * the problem, and hide/pin/delete.
 */
export function DemoRow({ demo, isAdmin }: { demo: DemoView; isAdmin: boolean }) {
  const { setHidden, setPinned, remove } = useDemoActions();
  const { ask, dialog } = useConfirmation();
  const size = demo.size !== null ? formatSize(demo.size) : null;
  const onDelete = () =>
    ask({
      title: t("history.demos.delete"),
      text: t("history.demos.deleteConfirm", { file: demo.fileName }),
      confirmLabel: t("history.demos.delete"),
      run: async () => {
        const done = await remove.run({ demoId: demo.id });
        if (done !== undefined) toast.success(t("history.demos.deleted"));
      },
    });
  return (
    <li className={styles.demo} data-testid="demo">
      <div className={styles.demoHead}>
        <span className={styles.demoName}>{demo.fileName}</span>
        <Badge tone={TONE[demo.state]}>{t(`history.demos.state.${demo.state}`)}</Badge>
        {demo.hidden ? <Badge tone="warning">{t("history.demos.hidden")}</Badge> : null}
        {demo.pinned ? <Badge tone="accent">{t("history.demos.pinned")}</Badge> : null}
      </div>
      {demo.url ? (
        <a className={styles.demoDownload} href={demo.url} download={demo.fileName}>
          {size ? t("history.demos.downloadSize", { size }) : t("history.demos.download")}
        </a>
      ) : null}
      {demo.state === "partial" ? (
        <Notice role="note">{t("history.demos.partialHint")}</Notice>
      ) : null}
      {demo.state === "on_server" && demo.serverPath ? (
        <p className={styles.muted}>{t("history.demos.onServer", { path: demo.serverPath })}</p>
      ) : null}
      {demo.state === "recording" && demo.serverPath ? (
        <p className={styles.muted}>{t("history.demos.recording", { path: demo.serverPath })}</p>
      ) : null}
      {isAdmin && demo.problem ? (
        <Notice>{t(`history.demos.problem.${demo.problem}`, { file: demo.fileName })}</Notice>
      ) : null}
      {isAdmin ? (
        <div className={styles.demoActions}>
          {demo.url ? (
            <Button
              size="sm"
              loading={setHidden.pending}
              onClick={() => void setHidden.run({ demoId: demo.id, hidden: !demo.hidden })}
            >
              {demo.hidden ? t("history.demos.show") : t("history.demos.hide")}
            </Button>
          ) : null}
          {demo.url ? (
            <Button
              size="sm"
              loading={setPinned.pending}
              onClick={() => void setPinned.run({ demoId: demo.id, pinned: !demo.pinned })}
            >
              {demo.pinned ? t("history.demos.unpin") : t("history.demos.pin")}
            </Button>
          ) : null}
          <Button size="sm" variant="danger" loading={remove.pending} onClick={onDelete}>
            {t("history.demos.delete")}
          </Button>
        </div>
      ) : null}
      {dialog}
    </li>
  );
}
