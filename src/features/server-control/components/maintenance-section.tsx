import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { ConfirmRequest } from "@/hooks/use-confirmation";
import { useServerAction } from "@/hooks/use-server-action";
import { t } from "@/i18n";
import "@/i18n/load/admin";
import { expectDowntime } from "@/lib/expected-downtime";
import styles from "@/styles/admin.module.css";

type Risky = "restartServices" | "serverUpdate";

/**
 * Reset stats wipes the match's statistics; restart services and server update take the server
 * down. All three ask first.
 */
export function MaintenanceSection({
  confirm: confirmReset,
  serverName,
}: {
  confirm: (request: ConfirmRequest) => void;
  serverName: string;
}) {
  const resetStats = useServerAction("resetStats");
  const restartServices = useServerAction("restartServices");
  const serverUpdate = useServerAction("serverUpdate");
  const [confirming, setConfirming] = useState<Risky | null>(null);
  const risky = confirming === "serverUpdate" ? serverUpdate : restartServices;

  const confirm = async () => {
    // The server goes away on purpose: no "could not update" toast for it for a while.
    if ((await risky.run({})) !== undefined) expectDowntime(serverName);
    setConfirming(null);
  };

  return (
    <Card title={t("admin.server.title")}>
      <div className={styles.cardBody}>
        <p className={styles.muted}>{t("admin.server.intro")}</p>
        <div className={styles.buttons}>
          <Button
            loading={resetStats.pending}
            onClick={() =>
              confirmReset({
                title: t("admin.confirm.resetStatsTitle"),
                text: t("admin.confirm.resetStatsText", { server: serverName }),
                confirmLabel: t("admin.server.resetStats"),
                run: () => resetStats.run({}),
              })
            }
          >
            {t("admin.server.resetStats")}
          </Button>
          <Button variant="danger" onClick={() => setConfirming("restartServices")}>
            {t("admin.server.restartServices")}
          </Button>
          <Button variant="danger" onClick={() => setConfirming("serverUpdate")}>
            {t("admin.server.update")}
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title={t(
          confirming === "serverUpdate"
            ? "admin.server.updateConfirmTitle"
            : "admin.server.restartConfirmTitle",
        )}
        confirmLabel={t(
          confirming === "serverUpdate" ? "admin.server.update" : "admin.server.restartServices",
        )}
        danger
        pending={risky.pending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      >
        <p className={styles.muted}>{t("admin.server.downtimeWarning")}</p>
      </ConfirmDialog>
    </Card>
  );
}
