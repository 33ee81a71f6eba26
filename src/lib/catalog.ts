/**
 * The backend's allow-lists (maps, workshop maps, configs, game modes, tournament rules) and its
 * action registry, re-exported for dropdowns and toasts so the UI offers exactly what the backend
 * accepts.
 */
export {
  CONFIGS,
  DEFAULT_LAUNCH_MODE,
  GAME_MODES,
  LAUNCH_MODES,
  MAP_GROUPS,
  NICKNAME_MAX,
  WORKSHOP_GROUPS,
} from "../../convex/lib/catalog";
// The names only: the declarations themselves (console lines, validators) stay on the server.
export { ACTION_NAMES, isActionName } from "../../convex/lib/actionNames";
export type { ActionName } from "../../convex/lib/actionRegistry";
export {
  AUDIT_SEARCH_MAX,
  PANEL_EVENTS,
  type AuditAction,
  type PanelEvent,
} from "../../convex/lib/auditActions";
export { AUDIT_DETAIL_TEXTS, type AuditDetailKey } from "../../convex/lib/texts/auditDetails";
export type { GameModeName } from "../../convex/lib/validators";
export { PRESET_NAMES, presetFormat } from "../../convex/lib/tournamentPresets";
