/**
 * MatchZy push constants shared by the backend (model/push.ts, gameServer/commands.ts) and the
 * admin tab: dependency-free, so the browser can import them.
 */

/** The header MatchZy sends the push secret in (`matchzy_remote_log_header_key`). */
export const PUSH_HEADER = "X-Panel-Push-Key";

/** Events count as flowing ("події надходять") while the last one is younger than this. */
export const PUSH_ACTIVE_MS = 60_000;
