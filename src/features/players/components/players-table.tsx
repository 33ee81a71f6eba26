import type { KeyboardEvent } from "react";
import { Table } from "@/components/ui/table";
import { formatInteger, formatRatio } from "@/i18n/format";
import { t } from "@/i18n/uk";
import type { Player } from "@/lib/backend";
import { TeamBadge } from "./team-badge";
import styles from "./players.module.css";

export function PlayersTable({
  players,
  onOpen,
}: {
  players: Player[];
  onOpen: (player: Player) => void;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, player: Player) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onOpen(player);
    }
  };
  return (
    <Table caption={t("players.tableCaption")}>
      <thead>
        <tr>
          <th scope="col">{t("players.col.team")}</th>
          <th scope="col">{t("players.col.name")}</th>
          <th scope="col" data-numeric>
            {t("players.col.score")}
          </th>
          <th scope="col" data-numeric>
            <abbr title={t("players.col.killsTitle")}>{t("players.col.kills")}</abbr>
          </th>
          <th scope="col" data-numeric>
            <abbr title={t("players.col.deathsTitle")}>{t("players.col.deaths")}</abbr>
          </th>
          <th scope="col" data-numeric>
            <abbr title={t("players.col.assistsTitle")}>{t("players.col.assists")}</abbr>
          </th>
          <th scope="col" data-numeric>
            <abbr title={t("players.col.kdTitle")}>{t("players.col.kd")}</abbr>
          </th>
          <th scope="col" data-numeric>
            {t("players.col.mvp")}
          </th>
        </tr>
      </thead>
      <tbody>
        {players.map((p) => (
          <tr
            key={p.steamId}
            data-interactive
            tabIndex={0}
            aria-label={t("players.openDetails", { name: p.name })}
            className={p.team === "Offline" ? styles.offline : undefined}
            onClick={() => onOpen(p)}
            onKeyDown={(e) => onKeyDown(e, p)}
          >
            <td>
              <TeamBadge team={p.team} />
            </td>
            <td>
              <span className={styles.name} title={p.name}>
                {p.name}
              </span>
            </td>
            <td data-numeric>{formatInteger(p.score)}</td>
            <td data-numeric>{formatInteger(p.kills)}</td>
            <td data-numeric>{formatInteger(p.deaths)}</td>
            <td data-numeric>{formatInteger(p.assists)}</td>
            <td data-numeric>{formatRatio(p.kdRatio)}</td>
            <td data-numeric>{formatInteger(p.mvp)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
