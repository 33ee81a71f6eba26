import { Link } from "react-router-dom";
import { cupPath, tournamentPath } from "@/config/paths";
import { t, type MessageKey } from "@/i18n";
import { formatDateTime } from "@/i18n/format";
import "@/i18n/load/cup";
import type { CupView } from "../hooks/use-cup";
import { nameOf, scheduleOf } from "../utils/cup-view";
import { PhaseBadge } from "./bracket-view";
import styles from "./cup.module.css";

/** Group tables and Swiss records; on a phone the four narrow columns still fit. */
export function Standings({ cup }: { cup: CupView }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t("cup.col.place")}</th>
            <th scope="col">{t("cup.col.team")}</th>
            <th scope="col">{t("cup.col.record")}</th>
            <th scope="col">{t("cup.col.maps")}</th>
          </tr>
        </thead>
        <tbody>
          {cup.standings.map((s) => (
            <tr key={s.team}>
              <td>
                {s.group !== undefined ? `${s.group}/` : ""}
                {s.place ?? "—"}
              </td>
              <td className={styles.cellTeam}>
                <Link to={cupPath(cup.slug, s.team)}>{nameOf(cup, s.team)}</Link>
                {s.swiss && ` · ${t(`cup.swiss.${s.swiss}` as MessageKey)}`}
              </td>
              <td>
                {s.wins}–{s.losses}
              </td>
              <td>
                {s.mapsWon}:{s.mapsLost}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The schedule: when each known match starts, where it stands, its ban/pick and match page. */
export function Schedule({ cup }: { cup: CupView }) {
  const rows = scheduleOf(cup.matches);
  if (rows.length === 0) return <p className={styles.muted}>{t("cup.scheduleEmpty")}</p>;
  return (
    <ol className={styles.schedule}>
      {rows.map((m) => (
        <li key={m.id} className={styles.scheduleRow} aria-label={m.key}>
          <span className={styles.scheduleTime}>
            {m.startAt ? formatDateTime(m.startAt) : t("cup.timeLater")}
          </span>
          <span className={styles.scheduleTeams}>
            {nameOf(cup, m.teamA)} — {nameOf(cup, m.teamB)}
          </span>
          <span className={styles.scheduleState}>
            <PhaseBadge match={m} />
            {m.tournamentSlug && (
              <Link to={tournamentPath(m.tournamentSlug)}>{t("cup.watch")}</Link>
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}
