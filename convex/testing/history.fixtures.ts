/** A human's final line of a recorded match, for history tests; `stats` overrides the defaults. */
import type { HistoryLine } from "../lib/history";
import type { Side } from "../lib/side";

export function historyLine(
  steamId: string,
  name: string,
  side: Side,
  kills: number,
  stats: Partial<HistoryLine> = {},
): HistoryLine {
  return {
    steamId,
    name,
    side,
    kills,
    deaths: 5,
    assists: 1,
    headshots: 2,
    damage: 900,
    mvps: 1,
    rounds: 9,
    ...stats,
  };
}
