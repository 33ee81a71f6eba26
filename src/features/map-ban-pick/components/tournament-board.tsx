import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icon";
import { LoadingLabel, Skeleton } from "@/components/ui/spinner";
import { t } from "@/i18n";
import "@/i18n/load/tournament";
import type { Id } from "@/lib/backend";
import {
  useMySeat,
  useSeatHeartbeat,
  useServerOffset,
  useTournament,
} from "../hooks/use-tournament";
import { AdminControls } from "./admin-controls";
import { CoinToss } from "./coin-toss";
import { HistoryList } from "./history-list";
import { MapGrid } from "./map-grid";
import { ReadyPanel } from "./ready-panel";
import { StatusBanner } from "./status-banner";
import { SummaryCard } from "./summary-card";
import { summaryText } from "../utils/summary-text";
import { SeriesCard } from "./series-card";
import { TeamsPanel } from "./teams-panel";
import { TurnClock } from "./turn-clock";
import styles from "./tournament-board.module.css";

export interface TournamentBoardProps {
  /** The tournament's link code; undefined shows the newest active one. */
  slug: string | undefined;
  isAdmin: boolean;
  /** The server a launch goes to (the panel's active server). */
  serverId: Id<"servers"> | undefined;
  serverName: string | undefined;
}

/** One tournament's ban/pick: everything on it follows the live subscription. */
export function TournamentBoard({ slug, isAdmin, serverId, serverName }: TournamentBoardProps) {
  const tournament = useTournament(slug);
  const seat = useMySeat(tournament?.id);
  const offset = useServerOffset(!!tournament && tournament.format.turnSeconds > 0);
  useSeatHeartbeat(tournament?.id, !!seat && !!tournament && tournament.launchedMaps === 0);

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
        <EmptyState icon={<Icon name="map" />} title={t("tournament.notFound")}>
          {t("tournament.notFoundHint")}
        </EmptyState>
      </Card>
    );
  }

  return (
    <div className={styles.layout} data-slug={tournament.slug}>
      <div className={`${styles.bannerArea} ${styles.stack}`}>
        {tournament.name ? <h2 className={styles.tournamentName}>{tournament.name}</h2> : null}
        <StatusBanner tournament={tournament} seat={seat} isAdmin={isAdmin} />
        <div className={styles.clockRow}>
          <CoinToss tournament={tournament} offset={offset} />
          <TurnClock tournament={tournament} offset={offset} />
        </div>
        {tournament.status === "ready_check" ? (
          <ReadyPanel tournament={tournament} seat={seat} />
        ) : null}
      </div>
      <MapGrid className={styles.mapsArea} tournament={tournament} seat={seat} />
      <div className={`${styles.sideArea} ${styles.stack}`}>
        <TeamsPanel tournament={tournament} seat={seat} isAdmin={isAdmin} />
        {tournament.launchedMaps > 0 && tournament.series.length > 1 ? (
          <SeriesCard tournament={tournament} />
        ) : null}
        {isAdmin ? (
          <AdminControls tournament={tournament} serverId={serverId} serverName={serverName} />
        ) : null}
      </div>
      <div className={`${styles.historyArea} ${styles.stack}`}>
        {tournament.status === "finished" ? (
          <SummaryCard summary={summaryText(tournament)} />
        ) : null}
        <HistoryList tournament={tournament} />
      </div>
    </div>
  );
}
