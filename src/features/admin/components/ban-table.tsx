import { Button } from "@/components/ui/button";
import { Table } from "@/components/ui/table";
import { formatDateTime } from "@/i18n/format";
import { t } from "@/i18n/uk";
import type { BanEntry } from "../hooks/use-moderation";
import { banDuration, steamProfileUrl } from "../utils/bans";
import styles from "./admin.module.css";

export function BanTable({
  entries,
  onUnban,
}: {
  entries: BanEntry[];
  onUnban: (entry: BanEntry) => void;
}) {
  return (
    <Table caption={t("bans.title")}>
      <thead>
        <tr>
          <th scope="col">{t("bans.col.player")}</th>
          <th scope="col">{t("bans.col.steamId")}</th>
          <th scope="col">{t("bans.col.duration")}</th>
          <th scope="col">
            <span className="visually-hidden">{t("bans.col.actions")}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.steamId}>
            <td>
              {entry.nickname ?? (
                <span className={styles.unknown}>{t("banList.unknownNickname")}</span>
              )}
            </td>
            <td>
              <div className={styles.cellStack}>
                <span className={styles.mono}>{entry.steamId}</span>
                <a href={steamProfileUrl(entry.steamId)} target="_blank" rel="noreferrer">
                  {t("player.profile")}
                </a>
              </div>
            </td>
            <td>
              <div className={styles.cellStack}>
                <span>{banDuration(entry.durationMinutes)}</span>
                {entry.expiresAt ? (
                  <span className={styles.unknown}>
                    {t("bans.until", { date: formatDateTime(entry.expiresAt) })}
                  </span>
                ) : null}
              </div>
            </td>
            <td>
              <div className={styles.cellActions}>
                <Button
                  size="sm"
                  variant="danger"
                  aria-label={t("bans.unbanPlayer", {
                    name: entry.nickname ?? entry.steamId,
                  })}
                  onClick={() => onUnban(entry)}
                >
                  {t("bans.unban")}
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
