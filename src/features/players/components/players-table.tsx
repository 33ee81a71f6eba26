import type { KeyboardEvent, ReactNode } from "react";
import { StatHeader } from "@/components/match/stat-header";
import { Link } from "react-router-dom";
import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/table";
import { formatInteger, formatRatio } from "@/i18n/format";
import { t } from "@/i18n";
import "@/i18n/load/common";
import "@/i18n/load/players";
import { playerPath } from "@/config/paths";
import { isSteamId64, type Player } from "@/lib/backend";
import type { ExtraColumnField } from "../utils/sort-players";
import { TeamBadge } from "./team-badge";
import styles from "./players.module.css";

/** A stat as text, or a dash when the server did not report the player's stats. */
function stat(p: Player, text: string): ReactNode {
  return p.statsUnknown ? <span title={t("common.unknown")}>{t("common.dash")}</span> : text;
}

export function PlayersTable({
  players,
  onOpen,
  renderNameBadge,
  sortedBy = null,
}: {
  players: Player[];
  onOpen: (player: Player) => void;
  /** A sort the usual columns do not show: its numbers as one more column. */
  sortedBy?: ExtraColumnField | null;
  /** A marker after the name (earlier sanctions, for moderators), given the player. */
  renderNameBadge?: (player: Player) => ReactNode;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, player: Player) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onOpen(player);
    }
  };
  return (
    <DataTable
      caption={t("players.tableCaption")}
      rows={players}
      // Bots all report SteamID "0": the name tells them apart.
      rowKey={(p) => `${p.steamId}:${p.name}`}
      rowProps={(p) => ({
        "data-interactive": true,
        tabIndex: 0,
        "aria-label": t("players.openDetails", { name: p.name }),
        className: p.team === "Offline" ? styles.offline : undefined,
        onClick: () => onOpen(p),
        onKeyDown: (e) => onKeyDown(e, p),
      })}
      columns={[
        { header: t("players.col.team"), cell: (p) => <TeamBadge team={p.team} /> },
        {
          header: t("players.col.name"),
          // The name, not the team badge, stays in view when the stats scroll on a phone.
          sticky: true,
          cell: (p) => (
            <>
              {isSteamId64(p.steamId) ? (
                <Link
                  to={playerPath(p.steamId)}
                  className={styles.name}
                  title={t("players.careerLink", { name: p.name })}
                  // The row opens the modal; the name goes to the career page.
                  onClick={(e) => e.stopPropagation()}
                  onKeyDown={(e) => e.stopPropagation()}
                >
                  {p.name}
                </Link>
              ) : (
                <>
                  <span className={styles.name} title={p.name}>
                    {p.name}
                  </span>
                  <Badge className={styles.botBadge}>{t("player.bot")}</Badge>
                </>
              )}
              {renderNameBadge?.(p)}
            </>
          ),
        },
        {
          header: t("players.col.score"),
          numeric: true,
          cell: (p) => stat(p, formatInteger(p.score)),
        },
        {
          header: <StatHeader stat="kills" />,
          numeric: true,
          cell: (p) => stat(p, formatInteger(p.kills)),
        },
        {
          header: <StatHeader stat="deaths" />,
          numeric: true,
          cell: (p) => stat(p, formatInteger(p.deaths)),
        },
        {
          header: <StatHeader stat="assists" />,
          numeric: true,
          cell: (p) => stat(p, formatInteger(p.assists)),
        },
        {
          header: <StatHeader stat="kd" />,
          numeric: true,
          cell: (p) => stat(p, formatRatio(p.kdRatio)),
        },
        {
          header: <StatHeader stat="mvp" />,
          numeric: true,
          cell: (p) => stat(p, formatInteger(p.mvp)),
        },
        ...(sortedBy
          ? [
              {
                header: t(`sort.${sortedBy}`),
                numeric: true,
                cell: (p: Player) => stat(p, formatInteger(p[sortedBy])),
              },
            ]
          : []),
      ]}
    />
  );
}
