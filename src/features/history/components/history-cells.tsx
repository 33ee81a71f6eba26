import { Link } from "react-router-dom";
import { MapName } from "@/components/match/map-name";
import { matchPath } from "@/config/paths";
import { formatDateTime } from "@/i18n/format";
import { t } from "@/i18n";
import "@/i18n/load/history";
import styles from "./history.module.css";

/** A match's map, linking to its scoreboard. */
export function MatchMapLink({ matchId, map }: { matchId: string; map: string }) {
  return (
    <Link to={matchPath(matchId)} className={styles.strong}>
      <MapName mapName={map} />
    </Link>
  );
}

/** When a match ended, and a note when it does not count for careers. */
export function MatchEndedAt({ endedAt, counted }: { endedAt: number; counted: boolean }) {
  return (
    <>
      {formatDateTime(endedAt)}
      {counted ? null : <span className={styles.muted}> · {t("history.notCounted")}</span>}
    </>
  );
}
