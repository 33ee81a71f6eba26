import { lowerCase, nameCollator } from "@/i18n/format";
import type { Player, Team } from "@/lib/backend";

/** Every sortable field of the player list, in the order the dropdown shows them. */
export const SORT_FIELDS = [
  "score",
  "name",
  "team",
  "kills",
  "deaths",
  "assists",
  "kdRatio",
  "knifeKills",
  "zeusKills",
  "headshots",
  "chickenKills",
  "grenadeKills",
  "mvp",
  "totalDamage",
] as const;

export type SortField = (typeof SORT_FIELDS)[number];
export type SortDirection = "asc" | "desc";

export const DEFAULT_SORT: { field: SortField; direction: SortDirection } = {
  field: "score",
  direction: "desc",
};

/** Teams sort CT, T, spectators, connected players whose side is unknown, then those who left. */
export const TEAM_ORDER: Record<Team, number> = {
  "Counter-Terrorist": 0,
  Terrorist: 1,
  Spectator: 2,
  Unknown: 3,
  Offline: 4,
};

/** Sorts the table has no column for: the chosen one is shown as an extra column. */
export const EXTRA_COLUMN_FIELDS = [
  "knifeKills",
  "zeusKills",
  "headshots",
  "chickenKills",
  "grenadeKills",
  "totalDamage",
] as const satisfies readonly SortField[];
export type ExtraColumnField = (typeof EXTRA_COLUMN_FIELDS)[number];

export function extraColumnOf(field: SortField): ExtraColumnField | null {
  return (EXTRA_COLUMN_FIELDS as readonly string[]).includes(field)
    ? (field as ExtraColumnField)
    : null;
}

/** The direction a person expects first: names and teams A→Z, numbers highest first. */
export function naturalDirection(field: SortField): SortDirection {
  return field === "name" || field === "team" ? "asc" : "desc";
}

export function isSortField(value: string): value is SortField {
  return (SORT_FIELDS as readonly string[]).includes(value);
}

function compareField(a: Player, b: Player, field: SortField): number {
  if (field === "name") return nameCollator.compare(a.name, b.name);
  if (field === "team") return TEAM_ORDER[a.team] - TEAM_ORDER[b.team];
  return a[field] - b[field];
}

/**
 * A sorted copy. The direction applies to the chosen field; ties always fall back to the name
 * (Ukrainian collation) and then the SteamID, so equal rows never swap places between updates.
 */
export function sortPlayers(
  players: readonly Player[],
  field: SortField,
  direction: SortDirection,
): Player[] {
  const sign = direction === "asc" ? 1 : -1;
  return [...players].sort(
    (a, b) =>
      sign * compareField(a, b, field) ||
      nameCollator.compare(a.name, b.name) ||
      (a.steamId < b.steamId ? -1 : a.steamId > b.steamId ? 1 : 0),
  );
}

/** Players whose nickname contains the query (case-insensitive, Ukrainian-aware); blank matches all. */
export function filterPlayers(players: readonly Player[], query: string): Player[] {
  const needle = lowerCase(query.trim());
  if (!needle) return [...players];
  return players.filter((p) => lowerCase(p.name).includes(needle));
}
