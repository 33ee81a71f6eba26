import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { t, type MessageKey } from "@/i18n/uk";
import { useSanctionHistory, type SanctionRow } from "../hooks/use-sanctions";
import { banDuration } from "../utils/bans";
import styles from "./admin.module.css";

const KIND: Record<SanctionRow["kind"], { tone: BadgeTone; label: MessageKey }> = {
  ban: { tone: "danger", label: "moderation.kind.ban" },
  kick: { tone: "warning", label: "moderation.kind.kick" },
  unban: { tone: "success", label: "moderation.kind.unban" },
};

const time = new Intl.DateTimeFormat("uk-UA", { dateStyle: "short", timeStyle: "short" });

/**
 * A player's sanction history (kicks, bans, unbans), newest first. Reusable wherever a player
 * is shown to admins and moderators (player modal, career page). Names and reasons render as text.
 */
export function SanctionHistory({ steamId }: { steamId: string }) {
  const { rows, status, loadMore } = useSanctionHistory(steamId);
  return (
    <section className={styles.history} aria-label={t("moderation.history.title")}>
      <h3 className={styles.moderationTitle}>{t("moderation.history.title")}</h3>
      {status === "LoadingFirstPage" ? (
        <Spinner label={t("common.loading")} />
      ) : rows.length === 0 ? (
        <p className={styles.historyEmpty}>{t("moderation.history.empty")}</p>
      ) : (
        <ul className={styles.historyList}>
          {rows.map((row) => (
            <li key={row._id} className={styles.historyItem}>
              <Badge tone={KIND[row.kind].tone}>{t(KIND[row.kind].label)}</Badge>
              <span className={styles.historyWhen}>{time.format(new Date(row.at))}</span>
              {row.kind === "ban" && row.durationMinutes !== undefined ? (
                <span>{banDuration(row.durationMinutes)}</span>
              ) : null}
              {row.reason ? <span className={styles.historyReason}>{row.reason}</span> : null}
              <span className={styles.historyBy}>
                {t("moderation.history.by", {
                  name: row.by,
                  role: t(`moderation.role.${row.byRole}` as MessageKey),
                })}
                {row.serverName ? ` · ${row.serverName}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
      {status === "CanLoadMore" ? (
        <Button size="sm" variant="ghost" onClick={loadMore}>
          {t("moderation.history.more")}
        </Button>
      ) : null}
    </section>
  );
}
