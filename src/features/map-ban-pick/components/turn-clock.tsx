import { useNow } from "@/hooks/use-now";
import { t } from "@/i18n";
import "@/i18n/load/tournament";
import type { Tournament } from "../hooks/use-tournament";
import styles from "./turn-clock.module.css";

/**
 * The current step's countdown, from the server's deadline and this page's measured offset to
 * server time. Only the server acts when it reaches zero; this only shows it.
 */
export function TurnClock({ tournament, offset }: { tournament: Tournament; offset: number }) {
  const now = useNow(250) + offset;
  if (tournament.status !== "in_progress" || !tournament.format.turnSeconds) return null;
  if (tournament.pausedRemainingMs !== undefined) {
    return (
      <p className={styles.clock} data-state="paused" role="timer">
        {t("tournament.clock.paused", { s: Math.ceil(tournament.pausedRemainingMs / 1000) })}
      </p>
    );
  }
  if (tournament.deadline === undefined) return null;
  const left = Math.max(0, Math.ceil((tournament.deadline - now) / 1000));
  return (
    <p
      className={styles.clock}
      data-state={left <= 10 ? "low" : "running"}
      role="timer"
      aria-label={t("tournament.clock.label", { s: left })}
    >
      <span className={styles.clockValue}>{left}</span>
      <span>{t("tournament.clock.unit")}</span>
    </p>
  );
}
