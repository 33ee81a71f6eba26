import type { ReactNode } from "react";
import { Icon } from "@/components/ui/icon";
import { t } from "@/i18n";
import "@/i18n/load/match";
import {
  halfBreakAfter,
  isOvertime,
  type RoundEnd,
  type RoundMark,
  type Side,
} from "@/lib/backend";
import styles from "./round-strip.module.css";

/** A short glyph per way a round ends (the full words are in the mark's label). */
const GLYPH: Record<RoundEnd, ReactNode> = {
  elimination: "✕",
  bomb: "✹",
  defused: "✂",
  time: <Icon name="clock" size={12} />,
};

/**
 * Colours by team instead of side: each round's winning team, named by the side it ended the
 * match on (a recorded match's score and chart speak of teams so).
 */
export interface StripTeams {
  wins: (Side | null)[];
  names: Record<Side, string>;
}

function label(mark: RoundMark, team: Side | null | undefined, names?: Record<Side, string>) {
  const side = mark.winner === null ? t("rounds.winnerUnknown") : t(`rounds.winner.${mark.winner}`);
  const winner = team && names ? `${names[team]} (${side})` : side;
  const how = mark.reason ? `, ${t(`rounds.reason.${mark.reason}`)}` : "";
  const score =
    mark.scoreCT !== undefined && mark.scoreT !== undefined
      ? ` (${mark.scoreCT}:${mark.scoreT})`
      : "";
  const again = mark.restored ? ` ${t("rounds.restored")}` : "";
  return `${t("rounds.round", { round: mark.round })}: ${winner}${how}${score}${again}`;
}

/**
 * One mark per round, coloured by the winning side, with how the round ended where the source
 * said so (MatchZy events); a gap marks halftime and each overtime half. Poll-only servers show
 * winners only, and say so.
 */
export function RoundStrip({
  rounds,
  maxRounds,
  teams,
  caption = true,
}: {
  rounds: RoundMark[];
  maxRounds: number | undefined;
  teams?: StripTeams | undefined;
  /** The sentence explaining the colours and glyphs; off on a stream, where nobody reads it. */
  caption?: boolean;
}) {
  const withReasons = rounds.some((m) => m.reason !== undefined);
  const unknown = rounds.filter((m) => m.winner === null).length;
  return (
    <figure className={styles.strip}>
      <ol className={styles.marks} aria-label={t("rounds.title")}>
        {rounds.map((mark, i) => {
          const team = teams?.wins[i];
          const colour = teams ? team : mark.winner;
          return (
            <li
              key={mark.round}
              className={[
                styles.mark,
                colour === "CT" ? styles.ct : colour === "T" ? styles.t : styles.unknown,
                isOvertime(mark.round, maxRounds) ? styles.overtime : "",
                halfBreakAfter(mark.round, maxRounds) ? styles.halfEnd : "",
                mark.restored ? styles.restored : "",
              ].join(" ")}
              title={label(mark, team, teams?.names)}
              aria-label={label(mark, team, teams?.names)}
              data-winner={mark.winner ?? "unknown"}
              data-reason={mark.reason ?? ""}
            >
              <span aria-hidden="true">{mark.reason ? GLYPH[mark.reason] : ""}</span>
            </li>
          );
        })}
      </ol>
      {caption ? (
        <figcaption className={styles.caption}>
          {teams ? `${t("rounds.byTeam")} ` : null}
          {unknown > 0 && unknown === rounds.length ? (
            // "Several rounds passed between polls" is said only where there were several.
            t(rounds.length === 1 ? "rounds.noWinner" : "rounds.noWinners")
          ) : (
            <>
              {withReasons ? (
                <>
                  {t("rounds.legend")} <Icon name="clock" size={12} /> {t("rounds.legendTime")}
                </>
              ) : (
                t("rounds.winnersOnly")
              )}
              {unknown > 0 ? ` ${t("rounds.someUnknown")}` : null}
            </>
          )}
          {rounds.some((m) => m.restored) ? ` ${t("rounds.restoredLegend")}` : null}
        </figcaption>
      ) : null}
    </figure>
  );
}
