/**
 * Server-side randomness from the Web Crypto CSPRNG (available in Convex's runtime), for the coin
 * toss, automatic veto moves, slugs and the random player picker. Never taken from a client.
 */
import type { TournamentTeamKey } from "./tournamentFields";

/**
 * Randomness a rule is given, so the tournament model stays pure (tests pass a fixed one):
 * `coin` decides who starts, `pick(n)` an index below n for an automatic move.
 */
export interface Chance {
  coin: () => TournamentTeamKey;
  pick: (n: number) => number;
}

/** A uniform integer in [0, n), by rejection sampling so no value is favoured. */
export function randomInt(n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new Error(`randomInt(${n})`);
  const limit = Math.floor(2 ** 32 / n) * n;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    if (buffer[0]! < limit) return buffer[0]! % n;
  }
}

/** `count` distinct elements of `pool`, uniformly (Fisher–Yates on a copy). */
export function pickRandom<T>(pool: readonly T[], count: number): T[] {
  const copy = [...pool];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, count);
}

export const cryptoChance: Chance = {
  coin: () => (randomInt(2) === 0 ? "teamA" : "teamB"),
  pick: randomInt,
};

const SLUG_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

/** A short code for a shareable link; letters that look alike are left out. */
export function randomSlug(length = 6): string {
  return Array.from({ length }, () => SLUG_ALPHABET[randomInt(SLUG_ALPHABET.length)]).join("");
}

/** An unguessable token (hex of `bytes` random bytes) for one-time links and codes. */
export function randomToken(bytes = 24): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) =>
    b.toString(16).padStart(2, "0"),
  ).join("");
}

/** SHA-256 in hex: one-time codes are stored hashed, so a read of the table cannot replay them. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}
