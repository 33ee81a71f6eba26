/** The match part of a server's state, kept apart so world.ts and match.ts can both build it. */
import { type RoundPhase } from "../../convex/lib/gameApi";
import type { Side } from "../../convex/lib/side";

export interface MatchState {
  phase: RoundPhase;
  /** Phase to return to on unpause. */
  pausedFrom: RoundPhase | null;
  /** 0 during warmup. */
  round: number;
  scoreCT: number;
  scoreT: number;
  phaseTicks: number;
  /** When the last tick ran (clock ms): the clocks count the part of a second since then. */
  tickedAt: number;
  bombPlanted: boolean;
  bombTicks: number;
  matchOver: boolean;
  /** The side of team 1 (`mp_teamname_1`, the team that started as CT): flips at halftime. */
  team1Side: Side;
}

export function freshMatch(): MatchState {
  return {
    phase: "warmup",
    pausedFrom: null,
    round: 0,
    scoreCT: 0,
    scoreT: 0,
    phaseTicks: 0,
    tickedAt: 0,
    bombPlanted: false,
    bombTicks: 0,
    matchOver: false,
    team1Side: "CT",
  };
}
