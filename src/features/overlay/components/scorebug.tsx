import { RoundClock } from "@/components/match/round-clock";
import { KillFeed } from "@/components/match/kill-feed";
import { MapName } from "@/components/match/map-name";
import { RoundStrip } from "@/components/match/round-strip";
import { t } from "@/i18n";
import "@/i18n/load/match";
import type { Kill, Match, RoundMark } from "@/lib/backend";
import styles from "./scorebug.module.css";

/** Kills the overlay shows: a stream has room for a few lines. */
const OVERLAY_KILLS = 5;

/**
 * A streamer's scorebug: the teams' names and score by side, the round or bomb clock, the map by
 * its name, and the round strip and the kill feed when asked for. Drawn over a transparent page,
 * so it sits on the stream as it is;
 * at OBS's 1280 px the kill feed stands beside the score, so all of it fits the documented 200 px.
 */
export function Scorebug({
  match,
  rounds,
  showRounds,
  kills,
  noServer = false,
}: {
  match: Match | null | undefined;
  /** The address names no server (a typo in the key): say so, not "no match". */
  noServer?: boolean;
  rounds: RoundMark[];
  showRounds: boolean;
  /** The kill feed (`?killfeed=1`); undefined when not asked for. */
  kills?: Kill[] | undefined;
}) {
  if (!match) {
    return (
      <div className={styles.wrap}>
        <div className={styles.main}>
          <div className={styles.bug} data-testid="scorebug" aria-busy={match === undefined}>
            <span className={styles.waiting}>
              {noServer ? t("overlay.noServer") : match === null ? t("overlay.noMatch") : "…"}
            </span>
          </div>
        </div>
      </div>
    );
  }
  // Plain CS2 over RCON cannot report the score: "?" as on the dashboard, never a made-up 0:0.
  const scoreKnown = !match.unknown?.includes("score");
  return (
    <div className={styles.wrap}>
      <div className={styles.main}>
        <div className={styles.bug} data-testid="scorebug">
          <span className={`${styles.team} ${styles.ct}`} data-testid="overlay-team-ct">
            <span className={styles.name}>{match.teamCT || t("teamName.Counter-Terrorist")}</span>
          </span>
          <span className={`${styles.score} ${styles.ctScore}`} data-testid="overlay-score-ct">
            {scoreKnown ? match.scoreCT : "?"}
          </span>
          <span className={styles.middle}>
            <RoundClock match={match} stacked />
          </span>
          <span className={`${styles.score} ${styles.tScore}`} data-testid="overlay-score-t">
            {scoreKnown ? match.scoreT : "?"}
          </span>
          <span className={`${styles.team} ${styles.t}`} data-testid="overlay-team-t">
            <span className={styles.name}>{match.teamT || t("teamName.Terrorist")}</span>
          </span>
        </div>
        {match.mapName ? (
          <div className={styles.map} data-testid="overlay-map">
            <MapName mapName={match.mapName} />
          </div>
        ) : null}
        {showRounds && rounds.length > 0 ? (
          <div className={styles.rounds}>
            <RoundStrip rounds={rounds} maxRounds={match.maxRounds} caption={false} />
          </div>
        ) : null}
      </div>
      {kills && kills.length > 0 ? (
        <div className={styles.kills}>
          <KillFeed kills={kills.slice(0, OVERLAY_KILLS)} overlay />
        </div>
      ) : null}
    </div>
  );
}
