import { useMemo } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { DataTable } from "@/components/ui/table";
import { playerPath } from "@/config/paths";
import { formatInteger } from "@/i18n/format";
import { t } from "@/i18n";
import "@/i18n/load/history";
import {
  ALL_TIME,
  CRITERION_NAMES,
  MIN_RATIO_MATCHES,
  isSeason,
  type Criterion,
} from "@/lib/backend-history";
import { BOARD_PAGE_SIZE, useLeaderboard, useSeasons } from "../hooks/use-history";
import { formatCriterion, namesakes, steamIdHint } from "../utils/format";
import { HistoryLayout } from "./history-layout";
import { SeasonSelect } from "./season-select";
import styles from "./history.module.css";

/** /leaderboard?by=kills&season=2026-11: criterion and season live in the address. */
export function LeaderboardPage() {
  const [params, setParams] = useSearchParams();
  // Only months somebody played in are offered.
  const seasons = useSeasons();
  const rawBy = params.get("by") ?? "kills";
  const criterion: Criterion = CRITERION_NAMES.find((c) => c === rawBy) ?? "kills";
  const rawSeason = params.get("season") ?? ALL_TIME;
  // A shared link's month shows while the list loads; a month with no careers falls back to all time.
  const season =
    rawSeason === ALL_TIME || (seasons ? seasons.includes(rawSeason) : isSeason(rawSeason))
      ? rawSeason
      : ALL_TIME;
  const page = Math.max(1, Math.min(10_000, Math.floor(Number(params.get("page"))) || 1));
  const offset = (page - 1) * BOARD_PAGE_SIZE;
  const board = useLeaderboard(criterion, season, offset);
  const sameName = useMemo(() => namesakes(board?.rows ?? []), [board]);
  // A new criterion or season starts again from the first page.
  const set = (next: { by?: string; season?: string; page?: number }) =>
    setParams(
      {
        by: next.by ?? criterion,
        season: next.season ?? season,
        ...(next.page && next.page > 1 ? { page: String(next.page) } : {}),
      },
      { replace: true },
    );
  return (
    <HistoryLayout>
      <header className={styles.section}>
        <h1 className={styles.title}>{t("history.board.title")}</h1>
        <p className={styles.lead}>{t("history.board.ratioHint", { min: MIN_RATIO_MATCHES })}</p>
      </header>
      <div className={styles.filters}>
        <Select
          label={t("history.board.criterion")}
          value={criterion}
          options={CRITERION_NAMES.map((c) => ({ value: c, label: t(`history.criterion.${c}`) }))}
          onChange={(by) => set({ by })}
        />
        <SeasonSelect
          seasons={seasons ?? (season === ALL_TIME ? [] : [season])}
          value={season}
          onChange={(s) => set({ season: s })}
        />
      </div>
      {board === undefined ? (
        <Spinner />
      ) : board.rows.length === 0 ? (
        <EmptyState title={t("history.board.empty")} />
      ) : (
        <>
          <DataTable
            caption={t("history.board.caption")}
            rows={board.rows}
            rowKey={(r) => r.steamId}
            columns={[
              {
                header: t("history.board.rank"),
                numeric: true,
                cell: (r) => formatInteger(r.rank),
              },
              {
                header: t("history.col.player"),
                sticky: true,
                cell: (r) => (
                  <>
                    <Link to={playerPath(r.steamId)} className={styles.name} title={r.name}>
                      {r.name}
                    </Link>
                    {sameName.has(r.steamId) ? (
                      <span className={styles.muted} title={r.steamId}>
                        {" "}
                        {steamIdHint(r.steamId)}
                      </span>
                    ) : null}
                  </>
                ),
              },
              {
                header: t(`history.criterion.${criterion}`),
                numeric: true,
                cell: (r) => formatCriterion(criterion, r.value),
              },
              {
                header: t("history.board.matches"),
                numeric: true,
                cell: (r) => formatInteger(r.matches),
              },
            ]}
          />
          <div className={styles.pager}>
            {page > 1 ? (
              <Button onClick={() => set({ page: page - 1 })}>{t("history.board.prev")}</Button>
            ) : null}
            <span className={styles.muted}>
              {t("history.board.page", {
                from: offset + 1,
                to: offset + board.rows.length,
                total: board.total,
              })}
            </span>
            {board.nextOffset !== null ? (
              <Button onClick={() => set({ page: page + 1 })}>{t("history.board.next")}</Button>
            ) : null}
          </div>
        </>
      )}
    </HistoryLayout>
  );
}
