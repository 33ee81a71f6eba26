import { useId } from "react";
import { Badge } from "@/components/ui/badge";
import { t } from "@/i18n";
import "@/i18n/load/tournament";
import type { Seat, Tournament } from "../hooks/use-tournament";
import { canPickSide, describeBanner, teamLetter, teamName } from "../utils/veto";
import { SidePicker } from "./side-picker";
import styles from "./status-banner.module.css";

const STEP_LABELS = {
  Ban: "tournament.step.Ban",
  Pick: "tournament.step.Pick",
  SidePick: "tournament.step.SidePick",
} as const;

export interface StatusBannerProps {
  tournament: Tournament;
  seat: Seat | undefined;
  isAdmin: boolean;
  className?: string;
}

/** Whose turn it is and what they must do; the side pick buttons when it is that step. */
export function StatusBanner({ tournament, seat, isAdmin, className }: StatusBannerProps) {
  const titleId = useId();
  const banner = describeBanner(tournament, seat, isAdmin);
  const total = tournament.sequence.length;
  const inProgress = tournament.status === "in_progress";
  return (
    <section
      className={`${styles.banner} ${styles[`tone-${banner.tone}`] ?? ""} ${className ?? ""}`}
      aria-labelledby={titleId}
    >
      <div className={styles.bannerTop}>
        <div className={styles.bannerText} role="status">
          <p className={styles.bannerEyebrow}>
            {t("tournament.title")}
            {inProgress ? (
              <span className={styles.stepCount}>
                {t("tournament.stepOf", { n: tournament.currentStep + 1, total })}
              </span>
            ) : null}
          </p>
          <h2 id={titleId} className={styles.bannerTitle}>
            {banner.title}
          </h2>
          <p className={styles.bannerDetail}>{banner.detail}</p>
        </div>
        {seat ? (
          <Badge tone="accent" className={styles.seat}>
            {t("tournament.seat", { team: teamLetter(seat.team), nickname: seat.nickname })}
          </Badge>
        ) : null}
      </div>
      <ol className={styles.steps} aria-label={t("tournament.sequenceLabel")}>
        {tournament.sequence.map((step, i) => {
          const state =
            i < tournament.currentStep || tournament.status === "finished"
              ? "done"
              : i === tournament.currentStep && inProgress
                ? "current"
                : "todo";
          return (
            <li
              key={i}
              className={styles.step}
              data-state={state}
              aria-current={state === "current" ? "step" : undefined}
              title={teamName(tournament, step.team)}
            >
              <span className={styles.stepTeam}>{teamLetter(step.team)}</span>
              {t(STEP_LABELS[step.action])}
            </li>
          );
        })}
      </ol>
      {canPickSide(tournament, seat, isAdmin) ? (
        <SidePicker
          tournamentId={tournament.id}
          expectedStep={tournament.currentStep}
          forTeam={seat?.team !== tournament.turn}
        />
      ) : null}
    </section>
  );
}
