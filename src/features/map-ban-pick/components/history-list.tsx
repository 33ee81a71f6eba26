import { Card } from "@/components/ui/card";
import { formatTime } from "@/i18n/format";
import { t, type MessageKey } from "@/i18n";
import "@/i18n/load/tournament";
import { mapLabel } from "@/lib/maps";
import type { Tournament } from "../hooks/use-tournament";
import { teamName } from "../utils/veto";
import { TeamChip } from "./team-chip";
import styles from "./history-list.module.css";
import textStyles from "./text.module.css";

type Entry = Tournament["history"][number];

const ACTION_TEXT: Record<Entry["action"], MessageKey> = {
  join: "tournament.history.join",
  leave: "tournament.history.leave",
  remove: "tournament.history.remove",
  replace: "tournament.history.replace",
  ready: "tournament.history.ready",
  coinToss: "tournament.history.coinToss",
  Ban: "tournament.history.Ban",
  Pick: "tournament.history.Pick",
  SidePick: "tournament.history.SidePick",
};

function valueText(tournament: Tournament, entry: Entry): string {
  if (entry.action === "Ban" || entry.action === "Pick") return mapLabel(entry.value);
  if (entry.action === "coinToss") {
    return teamName(tournament, entry.value === "teamB" ? "teamB" : "teamA");
  }
  if (entry.action === "SidePick" && entry.map) return `${entry.value} (${mapLabel(entry.map)})`;
  return entry.value;
}

/** Every join, ban and side pick, oldest first, with uk-UA times. */
export function HistoryList({
  tournament,
  className,
}: {
  tournament: Tournament;
  className?: string;
}) {
  const history = tournament.history;
  return (
    <Card title={t("tournament.historyTitle")} className={className}>
      {history.length === 0 ? (
        <p className={textStyles.muted}>{t("tournament.historyEmpty")}</p>
      ) : (
        <ol className={styles.history} aria-label={t("tournament.historyTitle")}>
          {history.map((entry, i) => (
            <li key={i} className={styles.historyItem} data-action={entry.action}>
              <time className={styles.historyTime} dateTime={new Date(entry.at).toISOString()}>
                {formatTime(entry.at)}
              </time>
              <TeamChip teams={tournament} team={entry.team} />
              <span className={styles.historyText}>
                {t(ACTION_TEXT[entry.action], { value: valueText(tournament, entry) })}
                {entry.auto ? (
                  <span className={styles.autoTag}>{t("tournament.history.auto")}</span>
                ) : null}
                {entry.fixed ? (
                  <span className={styles.autoTag}>{t("tournament.history.fixed")}</span>
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
