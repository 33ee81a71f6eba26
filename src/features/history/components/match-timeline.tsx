import { Card } from "@/components/ui/card";
import { RoundStrip } from "@/components/match/round-strip";
import { t } from "@/i18n";
import "@/i18n/load/history";
import { halfBreakAfter } from "@/lib/backend";
import type { MatchDetail } from "@/lib/backend-history";
import { ScoreChart } from "../charts/score-chart";
import { teamName, teamWins } from "../utils/verdict";
import styles from "./history.module.css";

/**
 * The match round by round: the strip and the score chart. A poll-only server that played several
 * rounds between two polls leaves their winners unknown; a chart missing most rounds would end far
 * from the real score, so it is drawn only when at least half of the winners are known.
 */
export function MatchTimeline({
  match,
}: {
  match: Pick<MatchDetail, "timeline" | "maxRounds" | "teams">;
}) {
  const wins = teamWins(match.timeline, match.maxRounds, halfBreakAfter);
  const unknownWinners = match.timeline.filter((m) => m.winner === null).length;
  const names = { CT: teamName(match, "CT"), T: teamName(match, "T") };
  return (
    <Card title={t("history.match.timeline")}>
      {match.timeline.length === 0 ? (
        <p className={styles.muted}>{t("history.match.noTimeline")}</p>
      ) : (
        <div className={styles.stack}>
          <RoundStrip
            rounds={match.timeline}
            maxRounds={match.maxRounds ?? undefined}
            teams={wins ? { wins, names } : undefined}
          />
          <h3 className={styles.subTitle}>{t("history.match.chart")}</h3>
          {unknownWinners * 2 > match.timeline.length ? (
            <p className={styles.muted}>{t("history.match.noChart")}</p>
          ) : (
            <>
              <ScoreChart wins={wins ?? match.timeline.map((m) => m.winner)} names={names} />
              <p className={styles.muted}>
                {wins ? t("history.match.chartHint") : t("history.match.chartBySide")}
                {unknownWinners > 0 ? ` ${t("history.match.chartPartial")}` : null}
              </p>
            </>
          )}
        </div>
      )}
    </Card>
  );
}
