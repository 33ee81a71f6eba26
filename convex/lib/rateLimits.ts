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
  /**
   * New viewer rows (a tab that starts watching a server). Anyone can call the heartbeat with
   * fresh ids; this caps how fast the presence table can grow. Refreshes of a row are not limited.
   */
  newViewers: { kind: "token bucket", rate: 600, period: MINUTE, capacity: 200, shards: 4 },
  /**
   * Audit entries for refused admin calls. A refusal always refuses; past these limits it is just
   * not written again, so nobody can flood the audit log by hammering admin functions.
   */
  refusalPerCaller: { kind: "token bucket", rate: 10, period: MINUTE, capacity: 10 },
  refusalGlobal: { kind: "token bucket", rate: 120, period: MINUTE, capacity: 120, shards: 2 },
});

export const RATE_LIMITED_MESSAGE = "Забагато спроб. Зачекайте кілька секунд.";

/** False when too many new viewers arrived lately: the heartbeat is then dropped quietly. */
export async function allowNewViewer(ctx: MutationCtx): Promise<boolean> {
  return (await rateLimiter.limit(ctx, "newViewers")).ok;
}

/** Whether a refused call by this caller should still be written to the audit log. */
export async function allowRefusalAudit(ctx: MutationCtx, callerKey: string): Promise<boolean> {
  const perCaller = await rateLimiter.limit(ctx, "refusalPerCaller", { key: callerKey });
  return perCaller.ok && (await rateLimiter.limit(ctx, "refusalGlobal")).ok;
}

/** Consumes one tournament write for this session and one from the global budget. */
export async function limitTournamentWrite(ctx: MutationCtx, sessionId: string): Promise<void> {
  const perSession = await rateLimiter.limit(ctx, "tournamentSession", { key: sessionId });
  if (!perSession.ok) fail("RATE_LIMITED", RATE_LIMITED_MESSAGE);
  const global = await rateLimiter.limit(ctx, "tournamentGlobal");
  if (!global.ok) fail("RATE_LIMITED", RATE_LIMITED_MESSAGE);
}
