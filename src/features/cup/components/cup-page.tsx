import { Link, useParams } from "react-router-dom";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageShell } from "@/components/ui/page-shell";
import { Spinner } from "@/components/ui/spinner";
import { cupPath, paths, playerPath } from "@/config/paths";
import { t, type MessageKey } from "@/i18n";
import "@/i18n/load/common";
import "@/i18n/load/cup";
import { useCurrentUser } from "@/hooks/use-current-user";
import { mapLabel } from "@/lib/maps";
import { useCup, type CupView } from "../hooks/use-cup";
import { nameOf } from "../utils/cup-view";
import { useServerKeys } from "../hooks/use-server-keys";
import { BracketColumns, MatchCard } from "./bracket-view";
import { CupAdminPanel } from "./cup-admin-panel";
import { CupPlayerPanel } from "./cup-player-panel";
import { Schedule, Standings } from "./cup-tables";
import styles from "./cup.module.css";

/**
 * /cup/:slug (bracket, standings, schedule, teams) and /cup/:slug/team/:teamId (roster and the
 * team's matches): both from the one bracket query, so a page is one subscription that changes
 * only when a match does. Signed-in players also see their team's part, admins the cup's controls.
 */
export function CupPage() {
  const { slug = "", teamId } = useParams();
  const cup = useCup(slug);
  const me = useCurrentUser();
  return (
    <PageShell
      className={styles.page}
      nav={
        <nav className={styles.nav} aria-label={t("cup.nav")}>
          <Link to={paths.cups}>{t("cup.all")}</Link>
          <Link to={paths.home}>{t("common.backToPanel")}</Link>
        </nav>
      }
    >
      {cup === undefined ? (
        <Spinner label={t("cup.loading")} />
      ) : cup === null ? (
        <EmptyState title={t("cup.notFound")} />
      ) : (
        <>
          <CupHeader cup={cup} />
          {teamId ? (
            <TeamSection cup={cup} teamId={teamId} />
          ) : (
            <>
              {me.isSignedIn && <CupPlayerPanel cup={cup} />}
              {me.isAdmin && <CupAdminPanel cup={cup} />}
              <CupSections cup={cup} />
            </>
          )}
        </>
      )}
    </PageShell>
  );
}

function CupHeader({ cup }: { cup: CupView }) {
  return (
    <header className={styles.header}>
      <h1 className={styles.title}>{cup.name}</h1>
      <p className={styles.meta}>
        {t(`cup.format.${cup.bracket.format}` as MessageKey)} ·{" "}
        {t("cup.teamsCount", { n: cup.teams.length, max: cup.teamsMax })} ·{" "}
        {t("cup.teamSize", { n: cup.teamSize })} · BO{cup.bracket.bestOf}
        {cup.bracket.finalBestOf !== cup.bracket.bestOf &&
          ` (${t("cup.finalBestOf", { n: cup.bracket.finalBestOf })})`}
      </p>
      <p className={styles.meta}>
        <Badge tone={cup.status === "running" ? "success" : "neutral"}>
          {t(`cup.status.${cup.status}` as MessageKey)}
        </Badge>{" "}
        {t("cup.pool")}: {cup.mapPool.map(mapLabel).join(", ")}
      </p>
      {cup.champion && (
        <p className={styles.champion}>
          {t("cup.champion")}: <strong>{nameOf(cup, cup.champion)}</strong>
        </p>
      )}
    </header>
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
      <BracketColumns cup={cup} newTab />
    </main>
  );
}

/** Group and Swiss tables while the cup runs; every format's once it is over. */
function showsStandings(cup: CupView): boolean {
  if (cup.standings.length === 0) return false;
  const f = cup.bracket.format;
  return f === "round_robin" || f === "swiss" || cup.status === "finished";
}

function CupSections({ cup }: { cup: CupView }) {
  return (
    <>
      <Card title={t("cup.bracket")}>
        <BracketColumns cup={cup} />
      </Card>
      {showsStandings(cup) && (
        <Card title={t("cup.standings")}>
          <Standings cup={cup} />
        </Card>
      )}
      {cup.status === "running" && (
        <Card title={t("cup.schedule")}>
          <Schedule cup={cup} />
        </Card>
      )}
      <Card title={t("cup.teams")}>
        {cup.teams.length === 0 ? (
          <p className={styles.muted}>{t("cup.noTeams")}</p>
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
      </Card>
    </>
  );
}

function TeamSection({ cup, teamId }: { cup: CupView; teamId: string }) {
  const serverKeys = useServerKeys();
  const team = cup.teams.find((x) => x.id === teamId);
  if (!team) return <EmptyState title={t("cup.teamNotFound")} />;
  const matches = cup.matches.filter(
    (m) => m.state !== "void" && (m.teamA === teamId || m.teamB === teamId),
  );
  const record = cup.standings.find((s) => s.team === teamId);
  return (
    <>
      <p>
        <Link to={cupPath(cup.slug)}>← {t("cup.backToCup")}</Link>
      </p>
      <Card
        title={`[${team.tag}] ${team.name}`}
        aside={
          record &&
          t("cup.teamRecord", {
            wins: record.wins,
            losses: record.losses,
            won: record.mapsWon,
            lost: record.mapsLost,
          })
        }
      >
        <h3 className={styles.columnTitle}>{t("cup.roster")}</h3>
        <ul className={styles.teams}>
          {team.roster.map((p) => (
            <li key={p.steamId}>
              <Link to={playerPath(p.steamId)}>{p.name}</Link>
              {p.steamId === team.captainSteamId && ` (${t("cup.captain")})`}
            </li>
          ))}
        </ul>
      </Card>
      <Card title={t("cup.matches")}>
        {matches.length === 0 ? (
          <p className={styles.muted}>{t("cup.noMatches")}</p>
        ) : (
          <div className={styles.teamMatches}>
            {matches.map((m) => (
              <MatchCard key={m.id} cup={cup} match={m} serverKeys={serverKeys} />
            ))}
          </div>
        )}
      </Card>
    </>
  );
}
