/**
 * The history pages' doorway to the backend's history types and rules (convex/lib/history.ts),
 * apart from `backend.ts` so the eagerly loaded panel does not carry its validators.
 */
export {
  ALL_TIME,
  CRITERION_NAMES,
  MIN_HUMANS,
  MIN_RATIO_MATCHES,
  MIN_ROUNDS,
  isSeason,
  type Career,
  type BotLine,
  type BreakdownPlayer,
  type BreakdownRound,
  type EconomyRound,
  type MatchBreakdown,
  type CareerMatch,
  type Criterion,
  type HistoryLine,
  type LeaderboardRow,
  type MatchDetail,
  type MatchListItem,
  type WeaponKills,
  type Winner,
} from "../../convex/lib/history";
export {
  DEFAULT_RETENTION,
  type DemoAdminItem,
  type DemoRetention,
  type DemoView,
} from "../../convex/lib/demos";
