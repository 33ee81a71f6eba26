/**
 * A server that keeps not answering is polled less often, so the fleet does not spend a request
 * timeout on it every few seconds: its admins see it as a state («не відповідає, опитуємо раз на
 * 60 с»), and the first answer brings it back to its normal cadence.
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import type { PollResult } from "../../lib/validators";
import { statusOf } from "./snapshots";

/** Timeouts in a row before the server is polled less often. */
export const BACKOFF_AFTER_TIMEOUTS = 2;
/** Poll intervals while backing off: 15 s after two timeouts in a row, 30 s, then 60 s. */
export const BACKOFF_STEPS_MS = [15_000, 30_000, 60_000] as const;

/** Timeouts in a row after this result (any answer, even an error, ends the streak). */
export function timeoutsAfter(previous: number | undefined, result: PollResult): number {
  return !result.ok && result.timedOut === true ? (previous ?? 0) + 1 : 0;
}

/** The interval a server with `timeouts` timeouts in a row is polled at, or null: its usual one. */
export function backoffMs(timeouts: number | undefined): number | null {
  const over = (timeouts ?? 0) - BACKOFF_AFTER_TIMEOUTS;
  if (over < 0) return null;
  return BACKOFF_STEPS_MS[Math.min(over, BACKOFF_STEPS_MS.length - 1)]!;
}

/**
 * Shows the back-off on the server's status, written only when it starts, changes step or ends
 * (three writes on the way to 60 s, none while it stays there).
 */
export async function storeBackoff(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  timeouts: number,
  now: number,
): Promise<void> {
  const status = await statusOf(ctx, serverId);
  if (!status) return;
  const everyMs = backoffMs(timeouts);
  if ((status.backoff?.everyMs ?? null) === everyMs) return;
  await ctx.db.patch("serverStatus", status._id, {
    backoff: everyMs === null ? undefined : { since: status.backoff?.since ?? now, everyMs },
  });
}
