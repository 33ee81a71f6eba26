/**
 * The web app's one doorway to the backend's generated API and shared types, so features do not
 * reach into `convex/` with deep relative paths. Types, `api`, and the constants the backend
 * validates against (so the UI offers exactly what the backend accepts).
 */
export { api } from "../../convex/_generated/api";
export type { Id } from "../../convex/_generated/dataModel";
export type { BoardLine, Match, Player, Summary, Team } from "../../convex/lib/validators";
export { NO_PLAYER_STATS } from "../../convex/lib/playerStats";
export type { RoundMark, RoundEnd } from "../../convex/lib/rounds";
export { halfBreakAfter, isOvertime } from "../../convex/lib/rounds";
export { TOP_CRITERIA } from "../../convex/lib/gameApi";
export { COMMAND_MAX, SAY_MAX } from "../../convex/lib/consoleLimits";
export type { CommsKind, PanelActionName, SwitchName } from "../../convex/lib/actionRegistry";
export { PUSH_ACTIVE_MS } from "../../convex/lib/push";
export type { Kill, KillPlayer } from "../../convex/lib/killFeed";
export { LOG_ACTIVE_MS } from "../../convex/lib/killFeed";
export { HEARTBEAT_INTERVAL_MS } from "../../convex/lib/presence";
export { courseStepStart, matchAt, nextCourseChange } from "../../convex/lib/phaseCourse";
export { isSteamId64 } from "../../convex/lib/steamId";
export { profileIdsToWatch } from "../../convex/lib/profileIds";
export { csvLine } from "../../convex/lib/csv";
export { LANGUAGES as DISCORD_LANGUAGES } from "../../convex/lib/languages";
export { otherSide, type Side } from "../../convex/lib/side";
export { serverInputProblems, type ServerInputField } from "../../convex/lib/serverInput";
export { vetoSequence } from "../../convex/model/cup/veto";
