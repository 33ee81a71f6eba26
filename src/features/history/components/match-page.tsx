import toast from "react-hot-toast";
import { useParams } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import { Spinner } from "@/components/ui/spinner";
import { useConfirmation } from "@/hooks/use-confirmation";
import { mapLabel } from "@/lib/maps";
import { useWorkshopTitle } from "@/hooks/use-steam-data";
import { formatDateTime, formatInteger } from "@/i18n/format";
import { t } from "@/i18n";
import "@/i18n/load/history";
import { MIN_HUMANS, MIN_ROUNDS, type MatchDetail } from "@/lib/backend-history";
import { useCurrentUser } from "@/hooks/use-current-user";
import { useMatch, useVoidMatch } from "../hooks/use-history";
import { PlayerBars } from "../charts/player-bars";
import { WeaponBars } from "../charts/weapon-bars";
import { modeLabel } from "../utils/format";
import type { BoardRow } from "../utils/board-rows";
import { teamName, verdict } from "../utils/verdict";
import { HistoryLayout } from "./history-layout";
import { MatchBreakdownCards } from "./match-breakdown";
import { MatchDemos } from "./match-demos";
import { MatchTimeline } from "./match-timeline";
import { Scoreboard } from "./scoreboard";
import styles from "./history.module.css";

/** /matches/:id: the final score and every human's final line, by side. */
export function MatchPage() {
  const { id = "" } = useParams();
  const match = useMatch(id);
  return (
    <HistoryLayout>
      {match === undefined ? (
        <Spinner />
      ) : match === null ? (
        <EmptyState title={t("history.match.notFound")} />
      ) : (
        <MatchView match={match} />
      )}
    </HistoryLayout>
  );
}

function MatchView({ match }: { match: MatchDetail }) {
  const { isAdmin } = useCurrentUser();
  const { voidMatch, pending } = useVoidMatch();
  const { ask, dialog } = useConfirmation();
  const workshopTitle = useWorkshopTitle(match.map);
  // Humans first, then the bots, on each side.
  const rows: BoardRow[] = [...match.players, ...match.bots];
  const sides = [
    { key: "CT", caption: t("history.match.side.CT"), lines: rows.filter((l) => l.side === "CT") },
    { key: "T", caption: t("history.match.side.T"), lines: rows.filter((l) => l.side === "T") },
    { key: "none", caption: t("history.match.side.none"), lines: rows.filter((l) => !l.side) },
  ].filter((s) => s.lines.length > 0);
  const ct = rows.filter((l) => l.side === "CT").length;
  const tt = rows.filter((l) => l.side === "T").length;
  // Matches recorded before bots were kept: say why the sides' rows may differ.
  const unequal = ct !== tt && ct + tt > 0 && match.bots.length === 0;
  const onVoid = () =>
    ask({
      title: t("history.match.void"),
      text: t("history.match.voidConfirm"),
      confirmLabel: t("history.match.void"),
      run: async () => {
        if (await voidMatch(match.id)) toast.success(t("history.match.voidDone"));
      },
    });
  return (
    <>
      <header className={styles.section}>
        <h1 className={styles.title}>
          {t("history.match.title", { map: workshopTitle ?? mapLabel(match.map) })}
        </h1>
        <div className={styles.matchHead}>
          <span className={styles.bigScore} aria-label={`${match.scoreCT}:${match.scoreT}`}>
            <span className={styles.ct}>{formatInteger(match.scoreCT)}</span>
            <span aria-hidden="true">:</span>
            <span className={styles.t}>{formatInteger(match.scoreT)}</span>
          </span>
          <span className={styles.badge} data-testid="verdict">
            {verdict(match)}
          </span>
        </div>
        <p className={styles.lead}>
          <span className={styles.ct}>{teamName(match, "CT")}</span> —{" "}
          <span className={styles.t}>{teamName(match, "T")}</span>
        </p>
        <p className={styles.lead}>
          {match.serverName} · {formatDateTime(match.endedAt)} · {t("history.col.rounds")}:{" "}
          {formatInteger(match.rounds)}
          {match.mode ? ` · ${modeLabel(match.mode)}` : ""}
        </p>
        <p className={styles.muted}>
          {t("history.match.source", { source: t(`history.match.source.${match.source}`) })}
          {match.tournament
            ? ` · ${t("history.match.tournament", { name: match.tournament })}`
            : ""}
        </p>
        {match.voided ? <Notice>{t("history.match.voided")}</Notice> : null}
        {!match.voided && match.abandoned ? (
          <Notice role="note">{t("history.match.abandoned", { round: match.rounds + 1 })}</Notice>
        ) : null}
        {!match.voided && !match.abandoned && !match.counted ? (
          <Notice role="note">
            {t("history.notCountedHint", { rounds: MIN_ROUNDS, humans: MIN_HUMANS })}
          </Notice>
        ) : null}
      </header>
      <MatchDemos matchId={match.id} isAdmin={isAdmin} />
      <MatchTimeline match={match} />
      {rows.length > 0 ? (
        <Card title={t("history.match.bars")}>
          <PlayerBars lines={rows} />
        </Card>
      ) : null}
      {match.weapons.length > 0 ? (
        <Card title={t("history.match.weapons")}>
          <WeaponBars weapons={match.weapons} />
        </Card>
      ) : null}
      {match.breakdown ? <MatchBreakdownCards breakdown={match.breakdown} /> : null}
      <Card title={t("history.match.scoreboard")}>
        {unequal ? <Notice role="note">{t("history.match.botsHint")}</Notice> : null}
        {sides.length === 0 ? (
          <EmptyState title={t("history.match.noPlayers")} />
        ) : (
          <div className={styles.stack}>
            {sides.map((s) => (
              <section key={s.key} className={styles.stack} aria-label={s.caption}>
                <h3
                  className={`${styles.subTitle} ${s.key === "CT" ? styles.ct : s.key === "T" ? styles.t : ""}`}
                >
                  {s.caption}
                </h3>
                <Scoreboard caption={s.caption} lines={s.lines} />
              </section>
            ))}
          </div>
        )}
      </Card>
      {isAdmin && !match.voided ? (
        <div>
          <Button variant="danger" onClick={onVoid} loading={pending}>
            {t("history.match.void")}
          </Button>
        </div>
      ) : null}
      {dialog}
    </>
  );
}
