import { DataTable } from "@/components/ui/table";
import { formatInteger } from "@/i18n/format";
import { t } from "@/i18n";
import "@/i18n/load/history";
import type { MatchListItem } from "@/lib/backend-history";
import { winnerLabel } from "../utils/format";
import styles from "./history.module.css";
import { MatchEndedAt, MatchMapLink } from "./history-cells";

/** Recorded matches; the map links to the match's scoreboard. */
export function MatchesTable({ matches }: { matches: MatchListItem[] }) {
  return (
    <DataTable
      caption={t("history.matches.caption")}
      rows={matches}
      rowKey={(m) => m.id}
      columns={[
        {
          header: t("history.col.map"),
          sticky: true,
          cell: (m) => <MatchMapLink matchId={m.id} map={m.map} />,
        },
        {
          header: t("history.col.score"),
          cell: (m) => (
            <span className={styles.score}>
              <span className={styles.ct}>{formatInteger(m.scoreCT)}</span>:
              <span className={styles.t}>{formatInteger(m.scoreT)}</span>
            </span>
          ),
        },
        { header: t("history.col.winner"), cell: (m) => winnerLabel(m.winner) },
        { header: t("history.col.server"), cell: (m) => m.serverName },
        {
          header: t("history.col.date"),
          cell: (m) => <MatchEndedAt endedAt={m.endedAt} counted={m.counted} />,
        },
      ]}
    />
  );
}
