/**
 * The backend's allow-lists (maps, workshop maps, configs, game modes, action labels), re-exported
 * for dropdowns and toasts so the UI offers exactly what the backend accepts.
 */
export {
  ACTION_LABELS,
  CONFIGS,
  GAME_MODE_LABELS,
  LAUNCH_MODES,
  MAP_GROUPS,
  WORKSHOP_GROUPS,
  type ActionName,
} from "../../convex/lib/catalog";
export type { GameModeName } from "../../convex/lib/gameApi";
