import type { ReactNode } from "react";
import { StatHeader } from "@/components/match/stat-header";
import { useParams, useSearchParams } from "react-router-dom";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DataTable } from "@/components/ui/table";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime, formatInteger, formatRatio } from "@/i18n/format";
import { t, type MessageKey } from "@/i18n";
import "@/i18n/load/history";
import { isSteamId64 } from "@/lib/backend";
import { ALL_TIME, type Career } from "@/lib/backend-history";
import {
  useCareer,
  useCareerMatches,
  useCareerSeasons,
  useSteamVerified,
} from "../hooks/use-history";
import { ownScore } from "../utils/verdict";
import { HistoryLayout } from "./history-layout";
import { SeasonSelect } from "./season-select";
import styles from "./history.module.css";
import { MatchEndedAt, MatchMapLink } from "./history-cells";

/**
 * /players/:steamId: the career card, names used, recent matches and the Steam profile.
 * `renderModeration` adds what only staff see (the app passes the sanction history for admins and
 * moderators; features do not import each other).
 */
export function PlayerPage({
  renderModeration,
  renderReport,
  steamId: ownSteamId,
  above,
}: {
  renderModeration?: (steamId: string) => ReactNode;
  /** Beside the player's name: how a signed-in visitor reports them (the app decides who may). */
  renderReport?: (steamId: string, name: string) => ReactNode;
  /** The player to show instead of the address's (the signed-in user's own career on /me). */
  steamId?: string;
  /** Shown above the career (the Steam link card on /me). */
  above?: ReactNode;
} = {}) {
  const params = useParams();
  const steamId = ownSteamId ?? params.steamId ?? "";
  const valid = isSteamId64(steamId);
  // The season lives in the address (?season=2026-11), like the leaderboard's.
  const [search, setSearch] = useSearchParams();
  const seasons = useCareerSeasons(steamId, valid);
  const asked = search.get("season") ?? ALL_TIME;
  const season = asked === ALL_TIME || seasons?.includes(asked) ? asked : ALL_TIME;
  const data = useCareer(steamId, season, valid);
  const verified = useSteamVerified(steamId, valid);
  const chooseSeason = (next: string) =>
    setSearch(next === ALL_TIME ? {} : { season: next }, { replace: true });
  return (
    <HistoryLayout>
      {above}
      {!valid ? (
        <EmptyState title={t("history.player.invalid")} role="alert" />
      ) : data === undefined ? (
        <Spinner />
      ) : (
        <>
          <header className={styles.section}>
            <h1 className={styles.title}>{data?.career.name ?? t("history.player.title")}</h1>
            <p className={styles.muted}>
              <span className={styles.mono}>{steamId}</span> ·{" "}
              <a
                href={`https://steamcommunity.com/profiles/${steamId}`}
                target="_blank"
                rel="noreferrer noopener"
              >
                {t("history.player.steam")}
              </a>
              {verified ? (
                <>
                  {" "}
                  <Badge tone="success" title={t("history.player.verifiedTitle")}>
                    {t("history.player.verified")}
                  </Badge>
                </>
              ) : null}
              {renderReport ? <> {renderReport(steamId, data?.career.name ?? steamId)}</> : null}
            </p>
          </header>
          {seasons && seasons.length > 0 ? (
            <div className={styles.filters}>
              <SeasonSelect seasons={seasons} value={season} onChange={chooseSeason} />
            </div>
          ) : null}
          {data ? (
            <CareerCard career={data.career} killsRank={data.ranks.kills} />
          ) : (
            <EmptyState
              title={t(season === ALL_TIME ? "history.player.empty" : "history.player.emptySeason")}
            />
          )}
          <RecentMatches steamId={steamId} season={season} />
          {renderModeration?.(steamId)}
        </>
      )}
    </HistoryLayout>
  );
}

function CareerCard({ career, killsRank }: { career: Career; killsRank: number | null }) {
  const stats: [MessageKey, string][] = [
    ["history.player.matches", formatInteger(career.matches)],
    ["history.player.wins", formatInteger(career.wins)],
    ["history.player.losses", formatInteger(career.losses)],
    ["history.player.kills", formatInteger(career.kills)],
    ["history.player.deaths", formatInteger(career.deaths)],
    ["history.player.assists", formatInteger(career.assists)],
    ["history.player.kd", formatRatio(career.kd)],
    ["history.player.hs", `${formatRatio(career.hsPercent)} %`],
    ["history.player.adr", formatRatio(career.adr)],
    ["history.player.mvps", formatInteger(career.mvps)],
    ["history.player.rounds", formatInteger(career.rounds)],
  ];
  return (
    <Card
      title={t("history.player.title")}
      aside={killsRank ? t("history.player.rank", { rank: killsRank }) : undefined}
    >
      <dl className={styles.stats}>
        {stats.map(([label, value]) => (
          <div key={label} className={styles.stat}>
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.muted}>
        {t("history.player.firstSeen", { date: formatDateTime(career.firstSeen) })} ·{" "}
        {t("history.player.lastSeen", { date: formatDateTime(career.lastSeen) })}
      </p>
      <h3 className={styles.subTitle}>{t("history.player.names")}</h3>
      <ul className={styles.names}>
        {career.names.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    </Card>
  );
}

function RecentMatches({ steamId, season }: { steamId: string; season: string }) {
  const { matches, status, loadMore } = useCareerMatches(steamId, season, true);
  return (
    <Card title={t("history.player.recent")}>
      {status === "LoadingFirstPage" ? (
        <Spinner />
      ) : matches.length === 0 ? (
        <EmptyState title={t("history.player.noMatches")} />
      ) : (
        <div className={styles.stack}>
          <DataTable
            caption={t("history.player.recentCaption")}
            rows={matches}
            rowKey={(m) => m.matchId}
            columns={[
              {
                header: t("history.col.map"),
                sticky: true,
                cell: (m) => <MatchMapLink matchId={m.matchId} map={m.map} />,
              },
              {
                header: t("history.col.result"),
                cell: (m) => (
                  <span className={styles[m.result]}>{t(`history.result.${m.result}`)}</span>
                ),
              },
              {
                header: t("history.col.score"),
                // The player's own side's score first: a win reads «5:3».
                cell: (m) => ownScore(m.side, m.scoreCT, m.scoreT),
              },
              {
                header: <StatHeader stat="kills" />,
                numeric: true,
                cell: (m) => formatInteger(m.kills),
              },
              {
                header: <StatHeader stat="deaths" />,
                numeric: true,
                cell: (m) => formatInteger(m.deaths),
              },
              {
                header: t("history.col.date"),
                cell: (m) => <MatchEndedAt endedAt={m.endedAt} counted={m.counted} />,
              },
            ]}
          />
          {status === "CanLoadMore" || status === "LoadingMore" ? (
            <Button onClick={loadMore} loading={status === "LoadingMore"}>
              {t("history.more")}
            </Button>
          ) : null}
        </div>
      )}
    </Card>
  );
}
