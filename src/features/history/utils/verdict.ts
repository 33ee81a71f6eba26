import { t } from "@/i18n";
import "@/i18n/load/history";
import { otherSide, type Side } from "@/lib/backend";
import type { MatchDetail } from "@/lib/backend-history";

/** The name a side's team goes by: MatchZy's team name, else the side's own name. */
export function teamName(match: Pick<MatchDetail, "teams">, side: Side): string {
  return match.teams?.[side].name ?? t(`history.side.${side}`);
}

/**
 * The result as a person says it: the winner and the winner's score first («Перемогли Терористи
 * 5:3»), a draw as «Нічия 6:6».
 */
export function verdict(match: Pick<MatchDetail, "teams" | "winner" | "scoreCT" | "scoreT">) {
  if (match.winner === "draw") {
    return t("history.verdict.draw", { score: `${match.scoreCT}:${match.scoreT}` });
  }
  const [won, lost] =
    match.winner === "CT" ? [match.scoreCT, match.scoreT] : [match.scoreT, match.scoreCT];
  return t("history.verdict.win", { team: teamName(match, match.winner), score: `${won}:${lost}` });
}

/** A player's score in a match, their own side's first («5:3» for a win whatever the side). */
export function ownScore(side: Side | null, scoreCT: number, scoreT: number): string {
  return side === "T" ? `${scoreT}:${scoreCT}` : `${scoreCT}:${scoreT}`;
}

/**
 * The team (by the side it ended on) that won each round: a winner side is the other team's in
 * every half after the one it was won in, so each half break after the round flips it. Without
 * `maxRounds` the halves are unknown: null.
 */
export function teamWins(
  timeline: MatchDetail["timeline"],
  maxRounds: number | null,
  halfBreakAfter: (round: number, max: number) => boolean,
): (Side | null)[] | null {
  if (!maxRounds) return null;
  const last = timeline.at(-1)?.round ?? 0;
  return timeline.map((mark) => {
    if (!mark.winner) return null;
    let flips = 0;
    for (let r = mark.round; r < last; r++) if (halfBreakAfter(r, maxRounds)) flips++;
    return flips % 2 === 0 ? mark.winner : otherSide(mark.winner);
  });
}
