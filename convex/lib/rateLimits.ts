/**
 * Rate limits for anonymous writes. Anyone can mint session ids, so every per-session limit is
 * paired with a global one.
 *
 * The limiter is transactional: a mutation that is refused afterwards (wrong turn, full team…)
 * rolls its token back, so these limits count accepted writes. Refused attempts write nothing.
 */
import { MINUTE, RateLimiter } from "@convex-dev/rate-limiter";
import { components } from "../_generated/api";
import type { MutationCtx } from "../_generated/server";
import { fail } from "./errors";

export const rateLimiter = new RateLimiter(components.rateLimiter, {
  /** A real participant makes at most 4 writes per tournament (join + up to 3 steps). */
  tournamentSession: { kind: "token bucket", rate: 12, period: MINUTE, capacity: 6 },
  /** A whole tournament takes about 10 writes. */
  tournamentGlobal: { kind: "token bucket", rate: 120, period: MINUTE, capacity: 60 },
});

export const RATE_LIMITED_MESSAGE = "Забагато спроб. Зачекайте кілька секунд.";

/** Consumes one tournament write for this session and one from the global budget. */
export async function limitTournamentWrite(ctx: MutationCtx, sessionId: string): Promise<void> {
  const perSession = await rateLimiter.limit(ctx, "tournamentSession", { key: sessionId });
  if (!perSession.ok) fail("RATE_LIMITED", RATE_LIMITED_MESSAGE);
  const global = await rateLimiter.limit(ctx, "tournamentGlobal");
  if (!global.ok) fail("RATE_LIMITED", RATE_LIMITED_MESSAGE);
}
