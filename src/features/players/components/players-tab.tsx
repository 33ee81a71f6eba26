import { useMemo, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import { Icon } from "@/components/ui/icon";
import { Select } from "@/components/ui/select";
import { LoadingLabel, Skeleton } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";
import { t } from "@/i18n";
import "@/i18n/load/players";
import { isSteamId64, type Player } from "@/lib/backend";
import {
  DEFAULT_SORT,
  filterPlayers,
  isSortField,
  SORT_FIELDS,
  sortPlayers,
  naturalDirection,
  extraColumnOf,
  type SortDirection,
  type SortField,
} from "../utils/sort-players";
import { lacksSteamId } from "../utils/steam-id";
import { PlayerModal } from "./player-modal";
import { PlayersTable } from "./players-table";
import styles from "./players.module.css";

export interface PlayersTabProps {
  /** undefined while loading, null before the first poll. */
  players: Player[] | null | undefined;
  /** Extra controls for the open player (admin actions), given the player and how to close it. */
  renderPlayerActions?: (player: Player, close: () => void) => ReactNode;
  /** A marker after a player's name in the table (earlier sanctions, for moderators). */
  renderNameBadge?: (player: Player) => ReactNode;
  /** The server is offline: the list is the last one seen and says so. */
  offline?: boolean;
}

export function PlayersTab({
  players,
  renderPlayerActions,
  renderNameBadge,
  offline = false,
}: PlayersTabProps) {
  const [query, setQuery] = useState("");
  const [field, setField] = useState<SortField>(DEFAULT_SORT.field);
  const [direction, setDirection] = useState<SortDirection>(DEFAULT_SORT.direction);
  const [selected, setSelected] = useState<Player | null>(null);

  const shown = useMemo(
    () => sortPlayers(filterPlayers(players ?? [], query), field, direction),
    [players, query, field, direction],
  );
  // The open modal follows live updates of the same player (and keeps the last data if they leave).
  const openPlayer = selected
    ? (players?.find(
        // Bots share "0" and unidentified humans "": those are told apart by name.
        (p) =>
          p.steamId === selected.steamId && (isSteamId64(p.steamId) || p.name === selected.name),
      ) ?? selected)
    : null;
  const total = players?.length ?? 0;

  return (
    <div className={styles.wrap}>
      <div className={styles.toolbar}>
        <TextField
          className={styles.search}
          label={t("players.searchLabel")}
          type="search"
          placeholder={t("players.searchPlaceholder")}
          value={query}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setQuery(e.target.value)}
        />
        <Select
          label={t("players.sortLabel")}
          value={field}
          options={SORT_FIELDS.map((f) => ({ value: f, label: t(`sort.${f}`) }))}
          onChange={(value) => {
            if (!isSortField(value)) return;
            setField(value);
            setDirection(naturalDirection(value));
          }}
        />
        <Button
          aria-label={`${t("players.sortToggle")}: ${direction === "asc" ? t("players.sortAsc") : t("players.sortDesc")}`}
          title={t("players.sortToggle")}
          onClick={() => setDirection((d) => (d === "asc" ? "desc" : "asc"))}
        >
          <span aria-hidden="true">{direction === "asc" ? "↑" : "↓"}</span>
          <span>{direction === "asc" ? t("players.sortAsc") : t("players.sortDesc")}</span>
        </Button>
      </div>
      {offline ? <Notice>{t("players.staleOffline")}</Notice> : null}
      <p className={styles.count} aria-live="polite">
        {players === undefined ? "\u00a0" : t("players.count", { shown: shown.length, total })}
      </p>
      <div className={styles.tableArea}>
        {players === undefined ? (
          <div className={styles.skeletonRows} aria-busy="true">
            <LoadingLabel />
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} height="2.25rem" />
            ))}
          </div>
        ) : shown.length === 0 ? (
          <div className={styles.emptyBox}>
            <EmptyState icon={<Icon name="search" />} role="status">
              {/* The spec's text answers a search; an empty server says so plainly. */}
              {query.trim() && total > 0 ? t("players.empty") : t("players.noneOnline")}
            </EmptyState>
          </div>
        ) : (
          <>
            {shown.some((p) => p.statsUnknown) ? (
              <p className={styles.note}>{t("players.statsUnknown")}</p>
            ) : null}
            {shown.some(lacksSteamId) ? (
              <p className={styles.note}>{t("players.noSteamIds")}</p>
            ) : null}
            <PlayersTable
              players={shown}
              onOpen={setSelected}
              renderNameBadge={renderNameBadge}
              sortedBy={extraColumnOf(field)}
            />
          </>
        )}
      </div>
      <PlayerModal
        player={openPlayer}
        onClose={() => setSelected(null)}
        actions={
          openPlayer && renderPlayerActions
            ? renderPlayerActions(openPlayer, () => setSelected(null))
            : undefined
        }
      />
    </div>
  );
}
