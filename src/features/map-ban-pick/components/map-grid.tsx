import { useState } from "react";
import { Card } from "@/components/ui/card";
import { t } from "@/i18n/uk";
import { toastError } from "@/lib/errors";
import { useTournamentMoves, type Seat, type Tournament } from "../hooks/use-tournament";
import { bannedBy, canBan } from "../utils/veto";
import { MapCard } from "./map-card";
import styles from "./map-ban-pick.module.css";

export interface MapGridProps {
  tournament: Tournament;
  seat: Seat | undefined;
  className?: string;
}

/** The map pool; a card is a button only while this browser's team must ban. */
export function MapGrid({ tournament, seat, className }: MapGridProps) {
  const { ban } = useTournamentMoves();
  const [pendingMap, setPendingMap] = useState<string | null>(null);
  const myTurn = canBan(tournament, seat);
  const remaining = tournament.remainingMaps.length;

  const onBan = async (map: string) => {
    setPendingMap(map);
    try {
      // A click made on a step someone already answered is refused with a clear message.
      await ban({ map, expectedStep: tournament.currentStep });
    } catch (error) {
      toastError(error);
    } finally {
      setPendingMap(null);
    }
  };

  return (
    <Card
      title={t("tournament.mapsTitle")}
      aside={t("tournament.mapsLeft", { n: remaining, total: tournament.mapPool.length })}
      className={className}
    >
      <ul className={styles.maps} aria-label={t("tournament.mapsLabel")}>
        {tournament.mapPool.map((map) => {
          const by = bannedBy(tournament, map);
          return (
            <li key={map}>
              <MapCard
                map={map}
                bannedBy={by}
                isFinal={tournament.finalMap === map}
                onBan={myTurn && !by ? () => void onBan(map) : undefined}
                pending={pendingMap === map}
                disabled={pendingMap !== null}
              />
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
