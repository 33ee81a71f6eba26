import { Link } from "react-router-dom";
import { Badge } from "@/components/ui/badge";
import { matchPath } from "@/config/paths";
import { Card } from "@/components/ui/card";
import { GotvLink } from "@/components/match/gotv-link";
import { useGotvAddress } from "@/hooks/use-gotv-address";
import { t } from "@/i18n";
import "@/i18n/load/tournament";
import { mapLabel } from "@/lib/maps";
import type { Tournament } from "../hooks/use-tournament";
import { seriesWins } from "../utils/veto";
import playerListStyles from "./player-list.module.css";
import styles from "./series-card.module.css";
import textStyles from "./text.module.css";

/**
 * A launched series: its score, each map's result as the recorded matches gave it, and the winner
 * once a team has won enough maps.
 */
export function SeriesCard({ tournament }: { tournament: Tournament }) {
  const results = tournament.seriesResults;
  const winner = tournament.seriesWinner;
  const waitingFor =
    !winner && tournament.launchedMaps > results.length ? tournament.launchedMaps : null;
  // The map being played: watch it through GOTV now, its demo comes with its result.
  const playing = tournament.playingOn !== null ? tournament.launchedMaps - 1 : null;
  const gotvAddress = useGotvAddress(tournament.playingOn);
  return (
    <Card
      title={t("tournament.seriesTitle")}
      aside={
        <span className={styles.seriesScore} data-testid="series-score">
          {tournament.teamA.name}{" "}
          {t("tournament.seriesScore", {
            a: seriesWins(tournament, "teamA"),
            b: seriesWins(tournament, "teamB"),
          })}{" "}
          {tournament.teamB.name}
        </span>
      }
    >
      {winner ? (
        <p role="status">
          <Badge tone="success">
            {t("tournament.seriesWinner", { team: tournament[winner].name })}
          </Badge>
        </p>
      ) : null}
      <ol className={playerListStyles.players}>
        {tournament.series.map((m, i) => {
          const r = results.find((x) => x.mapIndex === i);
          return (
            <li key={m.map} className={playerListStyles.player}>
              <span className={playerListStyles.playerName}>
                {t("tournament.seriesMap", { n: i + 1, map: mapLabel(m.map) })}
              </span>
              <span className={textStyles.muted}>
                {!r && i === playing
                  ? t("tournament.seriesPlaying")
                  : !r
                    ? t("tournament.seriesPending")
                    : r.winner === "draw"
                      ? t("tournament.seriesDraw", { a: r.scoreA, b: r.scoreB })
                      : t("tournament.seriesMapResult", {
                          winner: tournament[r.winner].name,
                          a: r.scoreA,
                          b: r.scoreB,
                        })}
              </span>
              {r ? (
                <Link to={matchPath(r.matchId)} className={textStyles.muted}>
                  {t("tournament.seriesMatchLink")}
                </Link>
              ) : i === playing && gotvAddress ? (
                <GotvLink address={gotvAddress} />
              ) : null}
            </li>
          );
        })}
      </ol>
      {waitingFor ? (
        <p className={textStyles.muted}>{t("tournament.seriesWaiting", { n: waitingFor })}</p>
      ) : null}
    </Card>
  );
}
