import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icon";
import { LoadingLabel, Skeleton } from "@/components/ui/spinner";
import { t } from "@/i18n/uk";
import type { Id } from "@/lib/backend";
import { useMySeat, useTournament } from "../hooks/use-tournament";
import { AdminControls, CreateTournamentButton } from "./admin-controls";
import { HistoryList } from "./history-list";
import { MapGrid } from "./map-grid";
import { StatusBanner } from "./status-banner";
import { TeamsPanel } from "./teams-panel";
import styles from "./map-ban-pick.module.css";

export interface MapBanPickTabProps {
  isAdmin: boolean;
  /** The server a launch goes to (the panel's active server). */
  serverId: Id<"servers"> | undefined;
  serverName: string | undefined;
}

/** The 2v2 map ban/pick: everything on it follows the live tournament subscription. */
export function MapBanPickTab({ isAdmin, serverId, serverName }: MapBanPickTabProps) {
  const tournament = useTournament();
  const seat = useMySeat();

  if (tournament === undefined) {
    return (
      <div className={styles.layout} aria-busy="true">
        <LoadingLabel />
        <Skeleton height="6.5rem" radius="var(--radius-lg)" className={styles.bannerArea} />
        <Skeleton height="22rem" radius="var(--radius-lg)" className={styles.mapsArea} />
        <Skeleton height="22rem" radius="var(--radius-lg)" className={styles.sideArea} />
      </div>
    );
  }

  if (tournament === null) {
    return (
      <Card title={t("tournament.title")}>
        <EmptyState
          icon={<Icon name="map" />}
          title={t("tournament.empty.title")}
          action={isAdmin ? <CreateTournamentButton /> : null}
        >
          {t(isAdmin ? "tournament.empty.admin" : "tournament.empty.visitor")}
        </EmptyState>
      </Card>
    );
  }

  return (
    <div className={styles.layout}>
      <StatusBanner
        className={styles.bannerArea}
        tournament={tournament}
        seat={seat}
        isAdmin={isAdmin}
      />
      <MapGrid className={styles.mapsArea} tournament={tournament} seat={seat} />
      <div className={`${styles.sideArea} ${styles.stack}`}>
        <TeamsPanel tournament={tournament} seat={seat} />
        {isAdmin ? (
          <AdminControls tournament={tournament} serverId={serverId} serverName={serverName} />
        ) : null}
      </div>
      <HistoryList className={styles.historyArea} history={tournament.history} />
    </div>
  );
}
