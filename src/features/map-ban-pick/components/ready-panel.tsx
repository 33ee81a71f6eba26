import { useState } from "react";
import { Button } from "@/components/ui/button";
import { t } from "@/i18n";
import "@/i18n/load/tournament";
import { toastError } from "@/lib/errors";
import { useTournamentMoves, type Seat, type Tournament } from "../hooks/use-tournament";
import styles from "./ready-panel.module.css";

/** The ready check: how many pressed "Готові", and the button for this browser's player. */
export function ReadyPanel({
  tournament,
  seat,
}: {
  tournament: Tournament;
  seat: Seat | undefined;
}) {
  const { ready } = useTournamentMoves(tournament.id);
  const [pending, setPending] = useState(false);
  const total = tournament.format.teamSize * 2;
  const onReady = async () => {
    setPending(true);
    try {
      await ready();
    } catch (error) {
      toastError(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <div className={styles.readyRow}>
      <span role="status">{t("tournament.readyCount", { n: tournament.ready.length, total })}</span>
      {seat && !seat.ready ? (
        <Button variant="primary" loading={pending} onClick={() => void onReady()}>
          {t("tournament.ready")}
        </Button>
      ) : null}
    </div>
  );
}
