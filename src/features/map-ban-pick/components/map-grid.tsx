import { useState } from "react";
import { Card } from "@/components/ui/card";
import { t } from "@/i18n";
import "@/i18n/load/tournament";
import { toastError } from "@/lib/errors";
import { useTournamentMoves, type Seat, type Tournament } from "../hooks/use-tournament";
import { bannedBy, canBan, pickedBy, teamName } from "../utils/veto";
import { MapCard } from "./map-card";
import styles from "./map-grid.module.css";

export interface MapGridProps {
  tournament: Tournament;
  seat: Seat | undefined;
  className?: string;
}

/** The map pool; a card is a button only while this browser's team must ban. */
export function MapGrid({ tournament, seat, className }: MapGridProps) {
  const { ban, pickMap } = useTournamentMoves(tournament.id);
  const [pendingMap, setPendingMap] = useState<string | null>(null);
  const picking = canBan(tournament, seat, "Pick");
  const myTurn = canBan(tournament, seat) || picking;
  // Once the veto is over, the maps still "in play" are the series', not what the bans left.
  const vetoDone = tournament.status === "finished";
  const counted = vetoDone ? tournament.series.length : tournament.remainingMaps.length;

  const onBan = async (map: string) => {
    setPendingMap(map);
    try {
      // A click made on a step someone already answered is refused with a clear message.
      const move = picking ? pickMap : ban;
      await move({ map, expectedStep: tournament.currentStep });
    } catch (error) {
      toastError(error);
    } finally {
      setPendingMap(null);
    }
  };

  return (
    <Card
      title={t("tournament.mapsTitle")}
      aside={t(vetoDone ? "tournament.mapsPicked" : "tournament.mapsLeft", {
        n: counted,
        total: tournament.mapPool.length,
      })}
      className={className}
    >
      <ul className={styles.maps} aria-label={t("tournament.mapsLabel")}>
        {tournament.mapPool.map((map) => {
          const by = bannedBy(tournament, map);
          const picker = pickedBy(tournament, map);
          const seriesIndex = tournament.series.findIndex((m) => m.map === map);
          return (
            <li key={map}>
              <MapCard
                map={map}
                bannedBy={by && teamName(tournament, by)}
                pickedBy={picker && teamName(tournament, picker)}
                seriesNumber={seriesIndex === -1 ? undefined : seriesIndex + 1}
                isFinal={tournament.finalMap === map}
                picking={picking}
                onBan={myTurn && !by && !picker ? () => void onBan(map) : undefined}
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
