import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/table";
import { formatDateTime } from "@/i18n/format";
import { t, type MessageKey } from "@/i18n";
import "@/i18n/load/bans";
import "@/i18n/load/common";
import "@/i18n/load/moderation";
import "@/i18n/load/players";
import type { BanEntry } from "../hooks/use-moderation";
import { banDuration, steamProfileUrl } from "../utils/bans";
import { actionsColumn } from "@/components/ui/actions-column";
import styles from "@/styles/admin.module.css";

export function BanTable({
  entries,
  onUnban,
}: {
  entries: BanEntry[];
  onUnban: (entry: BanEntry) => void;
}) {
  return (
    <DataTable
      caption={t("bans.title")}
      rows={entries}
      rowKey={(entry) => entry.steamId}
      columns={[
        {
          header: t("bans.col.player"),
          cell: (entry) =>
            entry.nickname ?? (
              <span className={styles.unknown}>{t("banList.unknownNickname")}</span>
            ),
        },
        {
          header: t("bans.col.steamId"),
          cell: (entry) => (
            <div className={styles.cellStack}>
              <span className={styles.mono}>{entry.steamId}</span>
              <a href={steamProfileUrl(entry.steamId)} target="_blank" rel="noreferrer">
                {t("player.profile")}
              </a>
            </div>
          ),
        },
        {
          header: t("bans.col.reason"),
          cell: (entry) => (
            <div className={styles.cellStack}>
              <span className={styles.wrap}>{entry.reason ?? t("common.dash")}</span>
              <span className={styles.unknown}>
                {entry.source === "gameServer"
                  ? t("bans.byGameServer")
                  : entry.by
                    ? t("moderation.history.by", {
                        name: entry.by,
                        role: t(`moderation.role.${entry.byRole ?? "admin"}` as MessageKey),
                      })
                    : null}
              </span>
            </div>
          ),
        },
        {
          header: t("bans.col.duration"),
          cell: (entry) => (
            <div className={styles.cellStack}>
              <span>{banDuration(entry.durationMinutes)}</span>
              {entry.expiresAt ? (
                <span className={styles.unknown}>
                  {t("bans.until", { date: formatDateTime(entry.expiresAt) })}
                </span>
              ) : null}
            </div>
          ),
        },
        actionsColumn((entry: BanEntry) =>
          entry.canLift ? (
            <Button
              size="sm"
              variant="danger"
              aria-label={t("bans.unbanPlayer", { name: entry.nickname ?? entry.steamId })}
              onClick={() => onUnban(entry)}
            >
              {t("bans.unban")}
            </Button>
          ) : (
            <span className={styles.unknown} title={t("bans.adminOnlyHint")}>
              {t("bans.adminOnly")}
            </span>
          ),
        ),
      ]}
    />
  );
}
