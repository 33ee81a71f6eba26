/**
 * Which players' Steam avatars a live view asks for (`steamData.profiles`): shared by the panel
 * and the bench that measures what it costs. Pure.
 */
import { isSteamId64 } from "./steamId";

/** A dashboard's two sides are at most 64 players; more is cut, never an error. */
export const MAX_PROFILE_IDS = 64;

/**
 * The ids to subscribe with, given the ids the view shows and those it subscribed with before.
 * Every new argument set is a new subscription (a billed run for each viewer), so the set only
 * grows while players come and go on one server: a player leaving, or moving to the other side,
 * keeps the subscription; only a human not asked for yet makes a new one. Past the limit it
 * starts again from the players shown. Sorted, so the same players always give the same key.
 */
export function profileIdsToWatch(
  shown: readonly string[],
  previous: readonly string[],
): readonly string[] {
  const humans = [...new Set(shown.filter(isSteamId64))].sort();
  const asked = new Set(previous);
  if (humans.every((id) => asked.has(id))) return previous;
  const grown = [...new Set([...previous, ...humans])].sort();
  return grown.length <= MAX_PROFILE_IDS ? grown : humans.slice(0, MAX_PROFILE_IDS);
}
