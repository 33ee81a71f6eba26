/** The per-server push secret: made once per "turn on", compared in constant time. */

/** Compares a received secret with the stored one in time that depends only on the stored length. */
export function sameSecret(given: string, expected: string): boolean {
  let diff = given.length ^ expected.length;
  for (let i = 0; i < expected.length; i++) {
    diff |= expected.charCodeAt(i) ^ (i < given.length ? given.charCodeAt(i) : 0);
  }
  return diff === 0 && expected.length > 0;
}

/** 32 random bytes, hex: the secret MatchZy sends back with every event. */
export function newPushSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
