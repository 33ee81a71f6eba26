import { useCallback, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icon";
import { Spinner } from "@/components/ui/spinner";
import { t } from "@/i18n/uk";
import type { Id } from "@/lib/backend";
import { useModeration, type BanEntry } from "../hooks/use-moderation";
import { AddBanForm } from "./add-ban-form";
import { BanTable } from "./ban-table";
import styles from "./admin.module.css";

/**
 * The server's ban list (read from the game server when opened). A load failure is shown once,
 * inside the modal, in the backend's words ('Помилка завантаження списку банів: {message}'), not
 * also as a toast; unban asks first.
 */
export function BanListModal({
  serverId,
  onClose,
}: {
  serverId: Id<"servers"> | undefined;
  onClose: () => void;
}) {
  const { banList, unban } = useModeration(serverId);
  const [entries, setEntries] = useState<BanEntry[] | null | undefined>(undefined);
  const [loadError, setLoadError] = useState<string>();
  const [confirming, setConfirming] = useState<BanEntry | null>(null);
  const load = banList.run;

  const reload = useCallback(async () => {
    setLoadError(undefined);
    const list = await load({}, { onError: setLoadError });
    setEntries(list ?? null);
  }, [load]);

  // Loads once when the modal opens; later loads come from "refresh" and unban.
  useEffect(() => {
    let active = true;
    void load({}, { onError: (message) => active && setLoadError(message) }).then((list) => {
      if (active) setEntries(list ?? null);
    });
    return () => {
      active = false;
    };
  }, [load]);

  const doUnban = async (entry: BanEntry) => {
    const done = await unban.run({ steamId: entry.steamId });
    setConfirming(null);
    if (done) {
      setEntries((list) => list?.filter((e) => e.steamId !== entry.steamId));
      void reload();
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={t("bans.title")}
      footer={
        <Button loading={banList.pending} onClick={() => void reload()}>
          {t("bans.refresh")}
        </Button>
      }
    >
      <AddBanForm serverId={serverId} onBanned={() => void reload()} />
      {entries === undefined ? (
        <div className={styles.centered}>
          <Spinner label={t("common.loading")} />
        </div>
      ) : entries === null ? (
        <EmptyState icon={<Icon name="alert" />} role="alert">
          {loadError ?? t("bans.loadFailed")}
        </EmptyState>
      ) : entries.length === 0 ? (
        <EmptyState icon={<Icon name="list" />} role="status">
          {t("bans.empty")}
        </EmptyState>
      ) : (
        <BanTable entries={entries} onUnban={setConfirming} />
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t("bans.confirmTitle")}
        confirmLabel={t("bans.unban")}
        danger
        pending={unban.pending}
        onConfirm={() => confirming && void doUnban(confirming)}
        onCancel={() => setConfirming(null)}
      >
        {confirming ? (
          <p className={styles.muted}>
            {t("bans.confirmText", {
              name: confirming.nickname ?? t("banList.unknownNickname"),
              id: confirming.steamId,
            })}
          </p>
        ) : null}
      </ConfirmDialog>
    </Dialog>
  );
}
