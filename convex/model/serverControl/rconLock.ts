/**
 * One admin action at a time per directly reached game server: two actions interleaving on one
 * server (a map change inside a launch sequence, two admins' commands) would leave it in a state
 * neither asked for. An action takes the lease before it connects and gives it back with its
 * outcome; a lease whose action died lapses after RCON_LOCK_LEASE_MS (longer than any call may
 * take: connect, auth and each command are bounded in gameServer/rconDirect.ts).
 *
 * Polls do not take it: they only read, and a poll next to an action costs nothing but a
 * possibly stale answer that the next poll corrects.
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { ACTION_TEXTS } from "../../lib/texts/actions";

export const RCON_LOCK_LEASE_MS = 30_000;

export const RCON_BUSY_MESSAGE = ACTION_TEXTS["refusal.actions.rconBusy"];

async function lockOf(ctx: MutationCtx, serverId: Id<"servers">) {
  return await ctx.db
    .query("rconLocks")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
}

/** The lease's token, or null while another action holds the server. */
export async function acquireRconLock(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  now: number,
): Promise<string | null> {
  const lock = await lockOf(ctx, serverId);
  if (lock && lock.expiresAt > now) return null;
  const token = crypto.randomUUID();
  const expiresAt = now + RCON_LOCK_LEASE_MS;
  if (lock) await ctx.db.patch("rconLocks", lock._id, { token, expiresAt });
  else await ctx.db.insert("rconLocks", { serverId, token, expiresAt });
  return token;
}

/** Gives the lease back, if it is still this token's. */
export async function releaseRconLock(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  token: string,
): Promise<void> {
  const lock = await lockOf(ctx, serverId);
  if (lock?.token === token) await ctx.db.delete("rconLocks", lock._id);
}
