/**
 * MatchZy push constants shared by the backend (model/push/, gameServer/commands.ts) and the
 * admin tab: dependency-free, so the browser can import them.
 */

/** The header MatchZy sends the push secret in (`matchzy_remote_log_header_key`). */
export const PUSH_HEADER = "X-Panel-Push-Key";

/**
 * Where `disablePush` points MatchZy's remote log. MatchZy refuses an empty URL (RemoteLogConfig.cs
 * keeps the old one unless `IsValidUrl`: an absolute http(s) URL), so "off" is a URL on the game
 * server's own loopback where nothing listens: each event fails at once there, and none reaches the
 * panel (or is billed as an HTTP action call).
 */
export const PUSH_OFF_URL = "http://127.0.0.1:1/matchzy-push-off";

/** Events count as flowing ("події надходять") while the last one is younger than this. */
export const PUSH_ACTIVE_MS = 60_000;
