import type { FeedState } from "../components/feed-switch-card";

/**
 * Whether a feed is arriving, awaited or off: on, and its last delivery came within `activeMs`
 * (MatchZy's events: «події надходять» / «очікуємо подій»; CS2's log: «журнал надходить» / …).
 */
export function feedState(
  status: { enabled: boolean },
  lastAt: number | null,
  activeMs: number,
  now: number,
): FeedState {
  if (!status.enabled) return "off";
  return lastAt !== null && now - lastAt < activeMs ? "flowing" : "waiting";
}
