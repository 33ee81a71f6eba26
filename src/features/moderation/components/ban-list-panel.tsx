import { useCallback, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icon";
import { Spinner } from "@/components/ui/spinner";
import { t } from "@/i18n";
import "@/i18n/load/bans";
import "@/i18n/load/common";
import type { Id } from "@/lib/backend";
import { useModeration, type BanEntry } from "../hooks/use-moderation";
import type { ModerationRole } from "../hooks/use-sanctions";
import { AddBanForm } from "./add-ban-form";
import { BanTable } from "./ban-table";
import styles from "@/styles/admin.module.css";

/**
 * The bans in force on the server (read from the game server when shown, merged with the panel's
 * records: reason, who, when), the add-ban form, and unban for the bans the caller may lift. A
 * load failure is shown once, here, in the backend's words ('Помилка завантаження списку банів:
 * {message}'), not also as a toast; unban asks first.
 */
export function BanListPanel({
  serverId,
  role,
}: {
  serverId: Id<"servers"> | undefined;
  role: ModerationRole;
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

  // Loads once when shown; later loads come from "refresh", a new ban and unban.
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
    <div className={styles.cardBody}>
      <AddBanForm serverId={serverId} role={role} onBanned={() => void reload()} />
      <div className={styles.refreshRow}>
        <Button loading={banList.pending} onClick={() => void reload()}>
          {t("bans.refresh")}
        </Button>
      </div>
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
            {confirming.nickname
              ? t("bans.confirmText", { name: confirming.nickname, id: confirming.steamId })
              : t("bans.confirmTextNoName", { id: confirming.steamId })}
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
