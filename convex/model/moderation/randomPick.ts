/**
 * The random player picker: `count` of the players on a side (T or CT), drawn on the backend from
 * the platform CSPRNG so no client can steer the choice.
 */
import { fail } from "../../lib/errors";
import { pickRandom } from "../../lib/random";
import { MODERATION_TEXTS } from "../../lib/texts/moderation";
import { wordedIn } from "../../lib/wording";
import { isSteamId64 } from "../../lib/steamId";
import type { PlayerRef } from "./banList";

/**
 * Picks `count` players among the Terrorists and Counter-Terrorists (humans only unless
 * `includeBots`: bots report no SteamID64); refuses when too few.
 */
export function pickRandomPlayers(
  players: PlayerRef[],
  count: number,
  includeBots = false,
): { chosen: PlayerRef[]; pool: PlayerRef[] } {
  // The form turns anything non-numeric into 1; a number below 1 or a fraction is refused, never
  // quietly turned into one pick (and audited as if asked for).
  if (!Number.isInteger(count) || count < 1) {
    fail("INVALID_INPUT", MODERATION_TEXTS["refusal.moderation.pickCount"]);
  }
  const wanted = count;
  const pool = players.filter(
    (p) =>
      (p.team === "Terrorist" || p.team === "Counter-Terrorist") &&
      (includeBots || isSteamId64(p.steamId)),
  );
  if (wanted > pool.length) {
    fail(
      "INVALID_INPUT",
      wordedIn(MODERATION_TEXTS, "refusal.moderation.pickTooFew", {
        available: pool.length,
        needed: wanted,
      }),
    );
  }
  return { chosen: pickRandom(pool, wanted), pool };
}
