import type { FunctionReturnType } from "convex/server";
import type { api, Id, RoundMark } from "@/lib/backend";
import { newestTimestamp } from "../utils/freshness";
import { KillFeedPanel } from "./kill-feed-panel";
import { MatchCard } from "./match-card";
import { SideScoreboard } from "./side-scoreboard";
import { SummaryCard } from "./summary-card";
import styles from "./dashboard.module.css";

type MatchSnapshot = FunctionReturnType<typeof api.live.dashboard>["snapshot"];
type ServerStatus = FunctionReturnType<typeof api.live.status>;

export interface DashboardTabProps {
  /** The server whose kill feed the spectator may open. */
  serverId?: Id<"servers"> | undefined;
  serverName: string;
  /** Query results: undefined while loading, null before the first poll. */
  snapshot: MatchSnapshot | undefined;
  /** The rounds of the match being played (undefined while loading). */
  rounds?: RoundMark[] | undefined;
  status: ServerStatus | undefined;
  /** `host:port` of the server's GOTV broadcast while it is on. */
  gotvAddress?: string | null | undefined;
}

export function DashboardTab({
  serverId,
  serverName,
  snapshot,
  rounds,
  status,
  gotvAddress,
}: DashboardTabProps) {
  const updatedAt = newestTimestamp(snapshot?.updatedAt, status?.lastSuccessAt);
  const online = status ? status.online : undefined;
  return (
    <div className={styles.grid}>
      <MatchCard
        serverName={serverName}
        match={snapshot === undefined ? undefined : (snapshot?.match ?? null)}
        rounds={rounds ?? []}
        updatedAt={updatedAt}
        online={online}
        gotvAddress={gotvAddress ?? undefined}
      />
      <SummaryCard
        summary={snapshot === undefined ? undefined : (snapshot?.summary ?? null)}
        unknown={snapshot?.match.unknown?.includes("totals") ?? false}
      />
      {snapshot ? (
        <div className={styles.wide}>
          <SideScoreboard match={snapshot.match} board={snapshot.board} />
        </div>
      ) : null}
      {serverId ? (
        <div className={styles.wide}>
          <KillFeedPanel serverId={serverId} />
        </div>
      ) : null}
    </div>
  );
}
