import { Card } from "@/components/ui/card";
import { formatTime } from "@/i18n/format";
import { t, type MessageKey } from "@/i18n/uk";
import { mapLabel } from "@/lib/maps";
import type { Tournament } from "../hooks/use-tournament";
import { TeamChip } from "./team-chip";
import styles from "./map-ban-pick.module.css";

type Entry = Tournament["history"][number];

const ACTION_TEXT: Record<Entry["action"], MessageKey> = {
  join: "tournament.history.join",
  Ban: "tournament.history.Ban",
  SidePick: "tournament.history.SidePick",
};

/** Every join, ban and side pick, oldest first, with uk-UA times. */
export function HistoryList({ history, className }: { history: Entry[]; className?: string }) {
  return (
    <Card title={t("tournament.historyTitle")} className={className}>
      {history.length === 0 ? (
        <p className={styles.muted}>{t("tournament.historyEmpty")}</p>
      ) : (
        <ol className={styles.history} aria-label={t("tournament.historyTitle")}>
          {history.map((entry, i) => (
            <li key={i} className={styles.historyItem} data-action={entry.action}>
              <time className={styles.historyTime} dateTime={new Date(entry.at).toISOString()}>
                {formatTime(entry.at)}
              </time>
              <TeamChip team={entry.team} />
              <span className={styles.historyText}>
                {t(ACTION_TEXT[entry.action], {
                  value: entry.action === "Ban" ? mapLabel(entry.value) : entry.value,
                })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
