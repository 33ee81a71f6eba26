import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/spinner";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icon";
import { formatInteger } from "@/i18n/format";
import { useWorkshopTitle } from "@/hooks/use-steam-data";
import { t } from "@/i18n";
import "@/i18n/load/common";
import "@/i18n/load/dashboard";
import "@/i18n/load/match";
import { GotvLink } from "@/components/match/gotv-link";
import { RoundClock } from "@/components/match/round-clock";
import { RoundStrip } from "@/components/match/round-strip";
import type { Match, RoundMark } from "@/lib/backend";
import { mapKind, mapLabel } from "@/lib/maps";
import { FreshnessHint } from "./freshness-hint";
import styles from "./dashboard.module.css";

export interface MatchCardProps {
  serverName: string;
  /** undefined while loading, null before the first successful poll. */
  match: Match | null | undefined;
  rounds?: RoundMark[];
  updatedAt: number | undefined;
  online: boolean | undefined;
  /** `host:port` of the GOTV broadcast, while the server is online with GOTV on. */
  gotvAddress?: string | undefined;
}

export function MatchCard({
  serverName,
  match,
  rounds = [],
  updatedAt,
  online,
  gotvAddress,
}: MatchCardProps) {
  return (
    <Card
      title={t("dashboard.matchTitle")}
      aside={match !== undefined ? <FreshnessHint updatedAt={updatedAt} /> : null}
    >
      <div className={styles.matchBody} aria-busy={match === undefined}>
        {match === undefined ? (
          <MatchSkeleton />
        ) : match === null ? (
          <EmptyState icon={<Icon name="clock" />}>{t("dashboard.noMatch")}</EmptyState>
        ) : (
          <MatchDetails serverName={serverName} match={match} rounds={rounds} online={online} />
        )}
        {match && gotvAddress ? <GotvLink address={gotvAddress} /> : null}
      </div>
    </Card>
  );
}

function MatchDetails({
  serverName,
  match,
  rounds,
  online,
}: {
  serverName: string;
  match: Match;
  rounds: RoundMark[];
  online: boolean | undefined;
}) {
  const kind = mapKind(match.mapName);
  const workshopTitle = useWorkshopTitle(match.mapName);
  const scoreKnown = !match.unknown?.includes("score");
  const phaseKnown = !match.unknown?.includes("phase");
  return (
    <>
      {online === false ? <p className={styles.notice}>{t("dashboard.offlineNote")}</p> : null}
      {!scoreKnown ? <p className={styles.info}>{t("dashboard.unknownScore")}</p> : null}
      <div className={styles.scoreboard} aria-label={t("dashboard.score")} role="group">
        <div className={styles.side}>
          <span className={`${styles.sideLabel} ${styles.ctText}`}>CT</span>
          <span className={styles.sideName} data-testid="team-ct">
            {match.teamCT || t("teamName.Counter-Terrorist")}
          </span>
        </div>
        <div className={styles.score}>
          <span
            className={styles.ctText}
            data-testid="score-ct"
            title={scoreKnown ? undefined : t("common.unknown")}
          >
            {scoreKnown ? match.scoreCT : "?"}
          </span>
          <span className={styles.versus}> : </span>
          <span
            className={styles.tText}
            data-testid="score-t"
            title={scoreKnown ? undefined : t("common.unknown")}
          >
            {scoreKnown ? match.scoreT : "?"}
          </span>
          <div className={styles.clockLine}>
            <RoundClock match={match} />
          </div>
        </div>
        <div className={`${styles.side} ${styles.sideT}`}>
          <span className={`${styles.sideLabel} ${styles.tText}`}>T</span>
          <span className={styles.sideName} data-testid="team-t">
            {match.teamT || t("teamName.Terrorist")}
          </span>
        </div>
      </div>
      {rounds.length > 0 ? <RoundStrip rounds={rounds} maxRounds={match.maxRounds} /> : null}
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{t("dashboard.server")}</dt>
          <dd>{match.serverName || serverName}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{t("dashboard.map")}</dt>
          <dd title={kind}>
            {workshopTitle ?? mapLabel(match.mapName)}
            <span className={styles.mapName}>{match.mapName}</span>
          </dd>
        </div>
        <div className={styles.fact}>
          {/* An offline server has nobody we know of online: the count is the last one heard. */}
          <dt>{t(online === false ? "dashboard.playersLastKnown" : "dashboard.playersOnline")}</dt>
          <dd>{formatInteger(match.playersOnline)}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{t("dashboard.roundPhase")}</dt>
          <dd>{phaseKnown ? t(`phase.${match.roundPhase}`) : t("common.unknown")}</dd>
        </div>
        {match.gameMode ? (
          <div className={styles.fact}>
            <dt>{t("dashboard.gameMode")}</dt>
            <dd>{t(`mode.${match.gameMode}`)}</dd>
          </div>
        ) : null}
        {match.round !== undefined ? (
          <div className={styles.fact}>
            <dt>{t("dashboard.round")}</dt>
            <dd>
              {match.maxRounds
                ? t("dashboard.roundOf", { round: match.round, max: match.maxRounds })
                : formatInteger(match.round)}
            </dd>
          </div>
        ) : null}
      </dl>
    </>
  );
}

function MatchSkeleton() {
  return (
    <>
      <Skeleton height="6.5rem" radius="10px" />
      <div className={styles.facts}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height="4.25rem" radius="10px" />
        ))}
      </div>
    </>
  );
}
