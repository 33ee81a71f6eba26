import { useMemo } from "react";
import { StatHeader } from "@/components/match/stat-header";
import { Link } from "react-router-dom";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DataTable, type Column } from "@/components/ui/table";
import { playerPath } from "@/config/paths";
import { formatInteger } from "@/i18n/format";
import { useSteamProfiles, type SteamProfile } from "@/hooks/use-steam-data";
import { t } from "@/i18n";
import "@/i18n/load/match";
import "@/i18n/load/players";
import type { BoardLine, Match, Side } from "@/lib/backend";
import styles from "./side-scoreboard.module.css";

const STAT_COLUMNS: Column<BoardLine>[] = [
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
    header: <StatHeader stat="adr" />,
    numeric: true,
    cell: (l) => formatInteger(l.adr),
  },
  { header: <StatHeader stat="mvp" />, numeric: true, cell: (l) => formatInteger(l.mvps) },
];

/** The name column with each player's Steam avatar (initials without one). */
function columnsWith(avatars: ReadonlyMap<string, SteamProfile>): Column<BoardLine>[] {
  const name: Column<BoardLine> = {
    header: t("players.col.name"),
    cell: (line) => (
      <span className={styles.player}>
        <Avatar
          name={line.name}
          url={line.bot ? undefined : avatars.get(line.steamId)?.avatarUrl}
        />
        {line.bot ? (
          <>
            <span className={styles.name}>{line.name}</span>
            <Badge title={t("board.botTitle")}>{t("board.bot")}</Badge>
          </>
        ) : (
          <Link to={playerPath(line.steamId)} className={styles.name}>
            {line.name}
          </Link>
        )}
      </span>
    ),
  };
  return [name, ...STAT_COLUMNS];
}

function SideTable({
  side,
  name,
  score,
  lines,
  columns,
}: {
  side: Side;
  name: string;
  /** Null when the server cannot report it. */
  score: number | null;
  lines: BoardLine[];
  columns: Column<BoardLine>[];
}) {
  const sideName = side === "CT" ? t("teamName.Counter-Terrorist") : t("teamName.Terrorist");
  return (
    <section className={styles.side} data-side={side} data-testid={`board-${side}`}>
      <header className={styles.head}>
        <span className={styles.label}>{side}</span>
        <span className={styles.team}>{name || sideName}</span>
        <span className={styles.score}>{score === null ? "?" : formatInteger(score)}</span>
      </header>
      <DataTable
        caption={t("board.caption", { team: name || sideName, side })}
        columns={columns}
        rows={lines}
        rowKey={(l) => `${l.steamId}:${l.name}`}
        rowProps={(l) => ({ "data-bot": l.bot || undefined })}
        empty={<p className={styles.empty}>{t("board.emptySide")}</p>}
      />
    </section>
  );
}

/**
 * The players by side, as a spectator reads a CS2 scoreboard: CT beside T (stacked on a phone),
 * each with the team's name and score. Bots are listed and marked, but have no career to open.
 */
export function SideScoreboard({ match, board }: { match: Match; board: BoardLine[] }) {
  const ct = board.filter((l) => l.side === "CT");
  const tSide = board.filter((l) => l.side === "T");
  const avatars = useSteamProfiles(board.map((l) => l.steamId));
  const columns = useMemo(() => columnsWith(avatars), [avatars]);
  const scoreKnown = !match.unknown?.includes("score");
  // Over plain RCON the server names no sides: people are playing, the board just cannot say where.
  const sidesUnknown = match.unknown?.includes("totals") === true && match.playersOnline > 0;
  return (
    <Card title={t("board.title")}>
      {board.length === 0 ? (
        <p className={styles.empty}>{t(sidesUnknown ? "board.sidesUnknown" : "board.empty")}</p>
      ) : (
        <div className={styles.sides}>
          <SideTable
            side="CT"
            name={match.teamCT ?? ""}
            score={scoreKnown ? match.scoreCT : null}
            lines={ct}
            columns={columns}
          />
          <SideTable
            side="T"
            name={match.teamT ?? ""}
            score={scoreKnown ? match.scoreT : null}
            lines={tSide}
            columns={columns}
          />
        </div>
      )}
    </Card>
  );
}
