import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { t, type MessageKey } from "@/i18n";
import "@/i18n/load/bans";
import "@/i18n/load/common";
import "@/i18n/load/moderation";
import { useSanctionHistory, type SanctionRow } from "../hooks/use-sanctions";
import { banDuration } from "../utils/bans";
import styles from "@/styles/admin.module.css";
import { formatDateTime } from "@/i18n/format";

const KIND: Record<SanctionRow["kind"], { tone: BadgeTone; label: MessageKey }> = {
  ban: { tone: "danger", label: "moderation.kind.ban" },
  kick: { tone: "warning", label: "moderation.kind.kick" },
  unban: { tone: "success", label: "moderation.kind.unban" },
  mute: { tone: "warning", label: "moderation.kind.mute" },
  gag: { tone: "warning", label: "moderation.kind.gag" },
  silence: { tone: "warning", label: "moderation.kind.silence" },
  unmute: { tone: "success", label: "moderation.kind.unmute" },
  ungag: { tone: "success", label: "moderation.kind.ungag" },
  unsilence: { tone: "success", label: "moderation.kind.unsilence" },
};

const TIMED = new Set<SanctionRow["kind"]>(["ban", "mute", "gag", "silence"]);

/**
 * A player's sanction history (kicks, bans, mutes, gags, silences and their removal), newest
 * first, with where each came from (the panel or the game server's own list). Reusable wherever a player
 * is shown to admins and moderators (player modal, career page). Names and reasons render as text.
 */
export function SanctionHistory({ steamId }: { steamId: string }) {
  const { rows, status, loadMore } = useSanctionHistory(steamId);
  return (
    <section className={styles.history} aria-label={t("moderation.history.title")}>
      <h3 className={styles.moderationTitle}>{t("moderation.history.title")}</h3>
      <SanctionList rows={rows} status={status} loadMore={loadMore} />
    </section>
  );
}

/** Sanction rows with paging; `showPlayer` names the player (a server's list mixes players). */
export function SanctionList({
  rows,
  status,
  loadMore,
  showPlayer = false,
}: {
  rows: SanctionRow[];
  status: "LoadingFirstPage" | "CanLoadMore" | "LoadingMore" | "Exhausted";
  loadMore: () => void;
  showPlayer?: boolean;
}) {
  return (
    <>
      {status === "LoadingFirstPage" ? (
        <Spinner label={t("common.loading")} />
      ) : rows.length === 0 ? (
        <p className={styles.historyEmpty}>{t("moderation.history.empty")}</p>
      ) : (
        <ul className={styles.historyList}>
          {rows.map((row) => (
            <li key={row._id} className={styles.historyItem}>
              <Badge tone={KIND[row.kind].tone}>{t(KIND[row.kind].label)}</Badge>
              <span className={styles.historyWhen}>{formatDateTime(row.at)}</span>
              {showPlayer ? (
                <span className={styles.wrap}>
                  {row.playerName ? `${row.playerName} · ` : ""}
                  <span className={styles.mono}>{row.steamId}</span>
                </span>
              ) : null}
              {TIMED.has(row.kind) && row.durationMinutes !== undefined ? (
                <span>{banDuration(row.durationMinutes)}</span>
              ) : null}
              {row.reason ? <span className={styles.historyReason}>{row.reason}</span> : null}
              <span className={styles.historyBy}>
                {row.source === "gameServer"
                  ? t("bans.byGameServer")
                  : t("moderation.history.by", {
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
    </>
  );
}
