import { Link, useParams } from "react-router-dom";
import { cupPath, tournamentPath } from "@/config/paths";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { t, type MessageKey } from "@/i18n";
import { formatDateTime } from "@/i18n/format";
import "@/i18n/load/cup";
import { useCurrentUser } from "@/hooks/use-current-user";
import { useCup, type CupMatchView, type CupView } from "../hooks/use-cup";
import { CupAdminPanel } from "./cup-admin-panel";
import { CupPlayerPanel } from "./cup-player-panel";
import styles from "./cup.module.css";

/**
 * /cup/:slug (bracket, standings, teams) and /cup/:slug/team/:teamId (roster and the team's
 * matches): both from the one bracket query, so a page is one subscription that changes only when
 * a match does. Signed-in players also see their team's part, admins the cup's controls.
 */
export function CupPage() {
  const { slug = "", teamId } = useParams();
  const cup = useCup(slug);
  const me = useCurrentUser();
  if (cup === undefined) return <Spinner label={t("cup.loading")} />;
  if (cup === null) return <EmptyState title={t("cup.notFound")} />;
  const team = teamId ? cup.teams.find((x) => x.id === teamId) : undefined;
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{cup.name}</h1>
        <p className={styles.meta}>
          {t(`cup.format.${cup.bracket.format}` as MessageKey)} ·{" "}
          {t(`cup.status.${cup.status}` as MessageKey)} · {cup.teams.length}/{cup.teamsMax}
        </p>
        {cup.champion && (
          <p className={styles.champion}>
            {t("cup.champion")}: <strong>{nameOf(cup, cup.champion)}</strong>
          </p>
        )}
      </header>
      {!team && me.isSignedIn && <CupPlayerPanel cup={cup} />}
      {!team && me.isAdmin && <CupAdminPanel cup={cup} />}
      {team ? <TeamSection cup={cup} teamId={team.id} /> : <CupSections cup={cup} />}
    </main>
  );
}

/**
 * /cup/:slug/embed: the live bracket alone, for a community's own site in an iframe; the same one
 * subscription as the cup's page, links open the panel in a new tab.
 */
export function CupEmbed() {
  const { slug = "" } = useParams();
  const cup = useCup(slug);
  if (cup === undefined) return <Spinner label={t("cup.loading")} />;
  if (cup === null) return <EmptyState title={t("cup.notFound")} />;
  return (
    <main className={styles.embed}>
      <p className={styles.meta}>
        <a href={cupPath(cup.slug)} target="_blank" rel="noreferrer">
          {cup.name}
        </a>{" "}
        · {t(`cup.status.${cup.status}` as MessageKey)}
        {cup.champion && ` · ${t("cup.champion")}: ${nameOf(cup, cup.champion)}`}
      </p>
      <BracketColumns cup={cup} />
    </main>
  );
}

function nameOf(cup: CupView, id: string | null | undefined): string {
  if (id === null) return t("cup.bye");
  if (id === undefined) return t("cup.tbd");
  return cup.teams.find((x) => x.id === id)?.name ?? t("cup.tbd");
}

/** Columns by section and round, in play order. */
function columnsOf(matches: CupMatchView[]) {
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

function CupSections({ cup }: { cup: CupView }) {
  return (
    <>
      <section aria-labelledby="cup-bracket">
        <h2 id="cup-bracket" className={styles.heading}>
          {t("cup.bracket")}
        </h2>
        <BracketColumns cup={cup} />
      </section>
      {cup.standings.length > 0 && <Standings cup={cup} />}
      <section aria-labelledby="cup-teams">
        <h2 id="cup-teams" className={styles.heading}>
          {t("cup.teams")}
        </h2>
        {cup.teams.length === 0 ? (
          <p>{t("cup.noTeams")}</p>
        ) : (
          <ul className={styles.teams}>
            {cup.teams.map((x) => (
              <li key={x.id}>
                <Link to={cupPath(cup.slug, x.id)}>
                  [{x.tag}] {x.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function BracketColumns({ cup }: { cup: CupView }) {
  return (
    <div className={styles.bracket}>
      {columnsOf(cup.matches).map((column) => (
        <div key={column[0]!.key} className={styles.column}>
          <h3 className={styles.columnTitle}>{columnTitle(column[0]!)}</h3>
          {column.map((m) => (
            <MatchCard key={m.id} cup={cup} match={m} />
          ))}
        </div>
      ))}
    </div>
  );
}

function MatchCard({ cup, match }: { cup: CupView; match: CupMatchView }) {
  const score = (id: string | null | undefined) => {
    if (match.result) {
      if (match.result.walkover) return id === match.result.winner ? t("cup.walkover") : "";
      return id === match.result.winner ? match.result.winnerMaps : match.result.loserMaps;
    }
    if (match.live) return id === match.teamA ? match.live.a : match.live.b;
    return "";
  };
  const row = (id: string | null | undefined) => (
    <div className={`${styles.slot} ${match.result?.winner === id ? styles.winner : ""}`}>
      {id ? (
        <Link to={cupPath(cup.slug, id)} className={styles.team}>
          {nameOf(cup, id)}
        </Link>
      ) : (
        <span className={styles.team}>{nameOf(cup, id)}</span>
      )}
      <span className={styles.score}>{score(id)}</span>
    </div>
  );
  const inPlay = match.phase === "veto" || match.phase === "live";
  return (
    <article className={`${styles.match} ${inPlay ? styles.inPlay : ""}`} aria-label={match.key}>
      {row(match.teamA)}
      {row(match.teamB)}
      <footer className={styles.matchFoot}>
        <span>BO{match.bestOf}</span>
        {match.state !== "bye" && <span>{t(`cup.phase.${match.phase}` as MessageKey)}</span>}
        {match.startAt && match.phase !== "done" && <span>{formatDateTime(match.startAt)}</span>}
        {match.tournamentSlug && (
          <Link to={tournamentPath(match.tournamentSlug)}>{t("cup.watch")}</Link>
        )}
      </footer>
    </article>
  );
}

function Standings({ cup }: { cup: CupView }) {
  return (
    <section aria-labelledby="cup-standings">
      <h2 id="cup-standings" className={styles.heading}>
        {t("cup.standings")}
      </h2>
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
                <td>
                  <Link to={cupPath(cup.slug, s.team)}>{nameOf(cup, s.team)}</Link>
                  {s.swiss && ` (${t(`cup.swiss.${s.swiss}` as MessageKey)})`}
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
    </section>
  );
}

function TeamSection({ cup, teamId }: { cup: CupView; teamId: string }) {
  const team = cup.teams.find((x) => x.id === teamId)!;
  const matches = cup.matches.filter((m) => m.teamA === teamId || m.teamB === teamId);
  return (
    <>
      <p>
        <Link to={cupPath(cup.slug)}>← {t("cup.backToCup")}</Link>
      </p>
      <h2 className={styles.heading}>
        [{team.tag}] {team.name}
      </h2>
      <h3 className={styles.columnTitle}>{t("cup.roster")}</h3>
      <ul className={styles.teams}>
        {team.roster.map((p) => (
          <li key={p.steamId}>
            {p.name}
            {p.steamId === team.captainSteamId && ` (${t("cup.captain")})`}
          </li>
        ))}
      </ul>
      <h3 className={styles.columnTitle}>{t("cup.matches")}</h3>
      {matches.length === 0 ? (
        <p>{t("cup.noMatches")}</p>
      ) : (
        <div className={styles.teamMatches}>
          {matches.map((m) => (
            <MatchCard key={m.id} cup={cup} match={m} />
          ))}
        </div>
      )}
    </>
  );
}
