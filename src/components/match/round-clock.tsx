import { useNow } from "@/hooks/use-now";
import { t } from "@/i18n";
import "@/i18n/load/match";
import type { Match } from "@/lib/backend";
import { formatClock } from "./format-clock";
import styles from "./round-clock.module.css";

/**
 * The time left in the phase, or on the planted bomb, counted down here from when it runs out as
 * the server last said: the ticking costs no backend calls. Nothing when the source tells no clock
 * (a paused match, a held warmup, MatchZy's events alone), and nothing once the phase's time is
 * up: the next phase has begun on the server and its clock comes with the next update, so a frozen
 * «Закупівля 0:00» would only be wrong. Stacked: the label above the time, for the narrow middle of
 * a scorebug.
 */
/** How long 0:00 stays after the time is up (one tick of the countdown). */
const EXPIRED_GRACE_MS = 1_000;

export function RoundClock({ match, stacked = false }: { match: Match; stacked?: boolean }) {
  const now = useNow(500);
  const layout = stacked ? ` ${styles.stacked}` : "";
  const { phaseEndsAt, bombEndsAt, roundPhase } = match;
  if (bombEndsAt !== undefined) {
    const left = formatClock(bombEndsAt - now);
    return (
      <span
        className={`${styles.clock} ${styles.bomb}${layout}`}
        role="timer"
        aria-label={t("clock.bombLabel", { left })}
        data-testid="bomb-clock"
      >
        <span aria-hidden="true">✹ {t("clock.bomb")}</span>
        <span className={styles.time}>{left}</span>
      </span>
    );
  }
  if (phaseEndsAt === undefined || roundPhase === "paused") return null;
  if (now - phaseEndsAt >= EXPIRED_GRACE_MS) return null;
  const left = formatClock(phaseEndsAt - now);
  const label = t(`clock.${roundPhase}`);
  return (
    <span
      className={`${styles.clock}${layout}`}
      role="timer"
      aria-label={`${label}: ${left}`}
      data-testid="round-clock"
      data-phase={roundPhase}
    >
      <span aria-hidden="true">{label}</span>
      <span className={styles.time}>{left}</span>
    </span>
  );
}
