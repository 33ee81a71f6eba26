import { dateFormat, formatInteger, formatRatio, lowerCase, numberFormat } from "@/i18n/format";
import { t } from "@/i18n";
import "@/i18n/load/common";
import "@/i18n/load/history";
import type { Criterion, Winner } from "@/lib/backend-history";
import { gameModeLabel } from "@/lib/maps";

/** A leaderboard value as its criterion reads: a count, a ratio, or a percentage. */
export function formatCriterion(criterion: Criterion, value: number): string {
  if (criterion === "kd" || criterion === "adr") return formatRatio(value);
  if (criterion === "hs") return `${formatRatio(value)} %`;
  return formatInteger(value);
}

/** A game mode in Ukrainian; a mode the panel does not know (a pushed event's) as written. */
export function modeLabel(mode: string): string {
  return gameModeLabel(mode);
}

export function winnerLabel(winner: Winner): string {
  return t(`history.winner.${winner}`);
}

/** Average damage per round of a line. */
export function adr(damage: number, rounds: number): number {
  return rounds > 0 ? damage / rounds : 0;
}

const monthFormat = dateFormat({
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

export function seasonLabel(season: string): string {
  const [y, m] = season.split("-").map(Number) as [number, number];
  return monthFormat.format(new Date(Date.UTC(y, m - 1, 1)));
}

const sizeFormat = numberFormat({
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** A file size in MB (below 1 GB) or GB, one decimal: «60,0 МБ», «1,2 ГБ». */
export function formatSize(bytes: number): string {
  const mb = bytes / 1024 ** 2;
  return mb < 1024
    ? t("history.demos.sizeMb", { size: sizeFormat.format(mb) })
    : t("history.demos.sizeGb", { size: sizeFormat.format(mb / 1024) });
}

/**
 * Players of one list who share a name with another (any letter case): they are told apart by
 * the end of their SteamID, as nothing else on a ranked row differs.
 */
export function namesakes(rows: readonly { steamId: string; name: string }[]): Set<string> {
  const byName = new Map<string, string[]>();
  for (const r of rows) {
    const key = lowerCase(r.name.trim());
    byName.set(key, [...(byName.get(key) ?? []), r.steamId]);
  }
  return new Set([...byName.values()].filter((ids) => ids.length > 1).flat());
}

/** «SteamID …6789»: enough of a SteamID to tell two namesakes apart. */
export function steamIdHint(steamId: string): string {
  return t("history.board.namesake", { tail: steamId.slice(-4) });
}
