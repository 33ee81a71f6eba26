import { t } from "@/i18n";
import "@/i18n/load/cup";
import type { CupMatchView, CupView } from "../hooks/use-cup";

/** A slot's team name: the team, a bye (null) or not known yet (undefined). */
export function nameOf(cup: CupView, id: string | null | undefined): string {
  if (id === null) return t("cup.bye");
  if (id === undefined) return t("cup.tbd");
  return cup.teams.find((x) => x.id === id)?.name ?? t("cup.tbd");
}

/** Matches still to be decided whose teams are known, the soonest first; undated ones last. */
export function scheduleOf(matches: readonly CupMatchView[]): CupMatchView[] {
  return matches
    .filter((m) => m.state === "ready" && !m.result && m.teamA && m.teamB)
    .sort((a, b) => (a.startAt ?? Infinity) - (b.startAt ?? Infinity) || a.order - b.order);
}
