/**
 * The gate every admin / guest-admin action passes before its handler runs, for callers who are
 * not admins. It runs as its own mutation, so what it writes stays written even when the call is
 * refused: the call counts against the caller's and the global rate limit whether it is allowed
 * or not, and a refusal is audited (model/audit/log.ts).
 */
import type { MutationCtx } from "../../_generated/server";
import { allowGatedCall } from "../../lib/rateLimits";
import type { GateVerdict } from "../../lib/validators";
import { appendRefusal, callerKeyOf, type AuditEvent } from "../audit/log";

export async function admitGatedCall(
  ctx: MutationCtx,
  event: AuditEvent,
  allowed: boolean,
): Promise<GateVerdict> {
  const withinLimit = await allowGatedCall(ctx, callerKeyOf(event), allowed);
  if (!allowed) {
    await appendRefusal(ctx, event);
    return "refused";
  }
  return withinLimit ? "allowed" : "limited";
}
