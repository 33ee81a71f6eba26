/**
 * The gate every admin / guest-admin action passes before its handler runs, for callers who are
 * not admins. It runs as its own mutation, so what it writes stays written even when the call is
 * refused: the call counts against the caller's and the global rate limit whether it is allowed
 * or not, and a refusal is audited (model/audit/log.ts).
 */
import type { MutationCtx } from "../../_generated/server";
import { allowGatedCall, allowGuestRead, type GuestBudget } from "../../lib/rateLimits";
import type { GateVerdict } from "../../lib/validators";
import { auditDetail } from "../../lib/texts/auditDetails";
import { appendAudit, appendRefusal, callerKeyOf, type AuditEvent } from "../audit/log";

/**
 * `guestBudget`: an action that is otherwise not audited when it runs (a read that costs the game
 * server requests) also spends this per-caller, per-server budget, and an allowed call is audited,
 * so a guest's reads are both bounded and visible.
 */
export async function admitGatedCall(
  ctx: MutationCtx,
  event: AuditEvent,
  allowed: boolean,
  guestBudget?: GuestBudget,
): Promise<GateVerdict> {
  const callerKey = callerKeyOf(event);
  const withinLimit = await allowGatedCall(ctx, callerKey, allowed);
  if (!allowed) {
    await appendRefusal(ctx, event);
    return "refused";
  }
  if (!withinLimit) return "limited";
  if (guestBudget) {
    const key = `${callerKey}|${event.serverId ?? ""}`;
    if (!(await allowGuestRead(ctx, guestBudget, key))) return "limited";
    await appendAudit(ctx, { ...event, details: GUEST_CALL_DETAILS, outcome: "success" });
  }
  return "allowed";
}

const GUEST_CALL_DETAILS = auditDetail("guestCall", {});
