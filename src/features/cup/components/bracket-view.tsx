import { Link } from "react-router-dom";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { cupPath, paths, tournamentPath } from "@/config/paths";
import { t, type MessageKey } from "@/i18n";
import { formatDateTime } from "@/i18n/format";
import "@/i18n/load/cup";
import type { CupMatchView, CupView } from "../hooks/use-cup";
import { useServerKeys } from "../hooks/use-server-keys";
import { nameOf } from "../utils/cup-view";
import styles from "./cup.module.css";

const PHASE_TONE: Partial<Record<CupMatchView["phase"], BadgeTone>> = {
  check_in: "warning",
  queued: "warning",
  veto: "accent",
  live: "danger",
  no_show: "danger",
};

/** The match's phase as a badge (live red, waiting on players amber). */
export function PhaseBadge({ match }: { match: CupMatchView }) {
  return (
    <Badge tone={PHASE_TONE[match.phase] ?? "neutral"}>
      {t(`cup.phase.${match.phase}` as MessageKey)}
    </Badge>
  );
}

/** Columns by section and round, in play order; void matches (never played) left out. */
function columnsOf(matches: readonly CupMatchView[]) {
  const columns = new Map<string, CupMatchView[]>();
  for (const m of matches) {
    if (m.state === "void") continue;
    const key = m.group !== undefined ? `group:${m.group}:${m.round}` : `${m.section}:${m.round}`;
    columns.set(key, [...(columns.get(key) ?? []), m]);
  }
  return [...columns.values()];
}

function columnTitle(m: CupMatchView): string {
  const section = t(`cup.section.${m.section}` as MessageKey);
  if (m.section === "group") return `${section} ${m.group}, ${t("cup.round")} ${m.round}`;
  if (m.section === "final" || m.section === "third" || m.section === "reset") return section;
  return `${section} ${m.round}`;
}

/**
 * Rounds side by side; a bracket wider than the screen scrolls inside its own box (the page never
 * scrolls sideways), each column keeps a legible width. On a phone the rounds stack instead.
 */
export function BracketColumns({ cup, newTab }: { cup: CupView; newTab?: boolean }) {
  const columns = columnsOf(cup.matches);
  const serverKeys = useServerKeys();
  if (columns.length === 0) return <p className={styles.muted}>{t("cup.bracketLater")}</p>;
  return (
    <div className={styles.bracket} role="region" aria-label={t("cup.bracket")} tabIndex={0}>
      {columns.map((column) => (
        <div key={column[0]!.key} className={styles.column}>
          <h3 className={styles.columnTitle}>{columnTitle(column[0]!)}</h3>
          <div className={styles.columnMatches}>
            {column.map((m) => (
              <MatchCard key={m.id} cup={cup} match={m} newTab={newTab} serverKeys={serverKeys} />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

export function MatchCard({
  cup,
  match,
  newTab,
  serverKeys,
}: {
  cup: CupView;
  match: CupMatchView;
  /** Links open the panel in a new tab (the embed inside another site). */
  newTab?: boolean;
  serverKeys?: ReadonlyMap<string, string>;
}) {
  const target = newTab ? { target: "_blank", rel: "noreferrer" } : {};
  const score = (id: string | null | undefined) => {
    if (match.result) {
      if (match.result.walkover) return id === match.result.winner ? t("cup.walkover") : "";
      return id === match.result.winner ? match.result.winnerMaps : match.result.loserMaps;
    }
    if (match.live) return id === match.teamA ? match.live.a : match.live.b;
    return "";
  };
  const decided = match.result !== undefined;
  const row = (id: string | null | undefined) => (
    <div
      className={`${styles.slot} ${decided && match.result?.winner === id ? styles.winner : ""} ${
        decided && match.result?.winner !== id ? styles.loser : ""
      }`}
    >
      {id ? (
        <Link to={cupPath(cup.slug, id)} className={styles.team} {...target}>
          {nameOf(cup, id)}
        </Link>
      ) : (
        <span className={`${styles.team} ${styles.muted}`}>{nameOf(cup, id)}</span>
      )}
      <span className={styles.score}>{score(id)}</span>
    </div>
  );
  const inPlay = match.phase === "veto" || match.phase === "live";
  const serverKey = inPlay && match.serverId ? serverKeys?.get(match.serverId) : undefined;
  return (
    <article className={`${styles.match} ${inPlay ? styles.inPlay : ""}`} aria-label={match.key}>
      {row(match.teamA)}
      {row(match.teamB)}
      <footer className={styles.matchFoot}>
        <span>BO{match.bestOf}</span>
        {match.state !== "bye" && match.phase !== "waiting" && <PhaseBadge match={match} />}
        {match.startAt && match.phase !== "done" && <span>{formatDateTime(match.startAt)}</span>}
        {match.tournamentSlug && (
          <Link to={tournamentPath(match.tournamentSlug)} {...target}>
            {t("cup.watch")}
          </Link>
        )}
        {serverKey && (
          <Link to={`${paths.home}?server=${encodeURIComponent(serverKey)}`} {...target}>
            {t("cup.server")}
          </Link>
        )}
      </footer>
    </article>
  );
}
