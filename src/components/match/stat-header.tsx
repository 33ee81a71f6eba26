import { t } from "@/i18n";
import "@/i18n/load/match";

/** The numbers a stats table may show as columns. */
export type StatColumn = "kills" | "deaths" | "assists" | "kd" | "hs" | "adr" | "mvp";

/**
 * A stats table's column heading: one short vocabulary for every board, list and career in the
 * panel (K, D, A, K/D, HS, ADR, MVP, as players read them in the game), the full word on hover.
 */
export function StatHeader({ stat }: { stat: StatColumn }) {
  return <abbr title={t(`stat.${stat}Title`)}>{t(`stat.${stat}`)}</abbr>;
}
