import { StatHeader } from "@/components/match/stat-header";
import { Link } from "react-router-dom";
import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/table";
import { playerPath } from "@/config/paths";
import { formatInteger, formatRatio } from "@/i18n/format";
import { t } from "@/i18n";
import "@/i18n/load/history";
import "@/i18n/load/match";
import { isBotRow, type BoardRow } from "../utils/board-rows";
import { adr } from "../utils/format";
import styles from "./history.module.css";

/**
 * One side's final lines, in the columns of the live players table; humans' names link to
 * careers, bots are marked and link nowhere.
 */
export function Scoreboard({ caption, lines }: { caption: string; lines: BoardRow[] }) {
  return (
    <DataTable
      caption={caption}
      rows={lines}
      rowKey={(l) => (isBotRow(l) ? `bot:${l.name}` : l.steamId)}
      rowProps={(l) => ({ "data-bot": isBotRow(l) || undefined })}
      columns={[
        {
          header: t("history.col.player"),
          sticky: true,
          cell: (l) =>
            isBotRow(l) ? (
              <span className={styles.name} title={l.name}>
                {l.name} <Badge title={t("board.botTitle")}>{t("board.bot")}</Badge>
              </span>
            ) : (
              <Link to={playerPath(l.steamId)} className={styles.name} title={l.name}>
                {l.name}
              </Link>
            ),
        },
        {
          header: <StatHeader stat="kills" />,
          numeric: true,
          cell: (l) => formatInteger(l.kills),
        },
        {
          header: <StatHeader stat="deaths" />,
          numeric: true,
          cell: (l) => formatInteger(l.deaths),
        },
        {
          header: <StatHeader stat="assists" />,
          numeric: true,
          cell: (l) => formatInteger(l.assists),
        },
        {
          header: <StatHeader stat="hs" />,
          numeric: true,
          cell: (l) => formatInteger(l.headshots),
        },
        {
          header: <StatHeader stat="adr" />,
          numeric: true,
          cell: (l) => formatRatio(adr(l.damage, l.rounds)),
        },
        { header: <StatHeader stat="mvp" />, numeric: true, cell: (l) => formatInteger(l.mvps) },
      ]}
    />
  );
}
