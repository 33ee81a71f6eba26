/**
 * Presence timing shared by the backend (model/live/presence.ts), the browser's heartbeat
 * (src/features/live/hooks/use-heartbeat.ts) and the benchmark's simulated tabs: dependency-free,
 * so all three can import it.
 */

/**
 * A visible tab beats this often (and at once when it opens or changes view): 50 calls per
 * viewer-hour steady, so switching tabs now and then stays within the 60 a viewer-hour budget.
 */
export const HEARTBEAT_INTERVAL_MS = 72_000;

/** A presence row outlives one missed beat (2 × 72 s = 144 s < 150 s), not two. */
export const PRESENCE_TTL_MS = 150_000;
