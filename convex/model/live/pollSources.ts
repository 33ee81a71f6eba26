/**
 * How one game server is polled, by kind of server: the seam where a new connection type plugs
 * into the fleet tick (model/live/poller.ts).
 *
 * A source takes the action's context (so it may run a Node action, e.g. a direct RCON
 * connection, through `ctx.runAction`), the server's connection settings and whether players are
 * due, and returns a `PollResult`: never throws, reports a fault as `{ ok: false, error }`, and
 * bounds its own time (the fleet tick waits for the slowest server before planning the next).
 */
import { internal } from "../../_generated/api";
import type { ActionCtx } from "../../_generated/server";
import { pollGameServer } from "../../gameServer/poll";
import { RCON_AUTH_STOPPED } from "../../gameServer/rconFailure";
import { failureTextRef } from "../../gameServer/request";
import type { ConnectionType, GameServerTarget, PollResult } from "../../lib/validators";

export type PollSource = (
  ctx: ActionCtx,
  target: GameServerTarget,
  withPlayers: boolean,
) => Promise<PollResult>;

/** Plugin API and RCON proxy are both HTTP: `/api/...` or `/rcon/...` with their headers. */
const overHttp: PollSource = (_ctx, target, withPlayers) => pollGameServer(target, withPlayers);

/**
 * Direct RCON is TCP: one Node action per poll (convex/rcon.ts), a nested call inside the fleet
 * tick. After the server refused the password nothing connects (servers ban an address after
 * repeated failed auths): the stop is reported without a connection, and the store takes the
 * server out of the loop.
 */
const overRcon: PollSource = async (ctx, target, withPlayers) =>
  target.rconAuthFailed
    ? {
        ok: false,
        error: RCON_AUTH_STOPPED,
        errorText: { key: "refusal.gameServer.rconAuthStopped" },
        authFailed: true,
      }
    : await ctx.runAction(internal.rcon.poll, { target, withPlayers });

export const pollSources: Record<ConnectionType, PollSource> = {
  HTTP: overHttp,
  RCON_PROXY: overHttp,
  RCON: overRcon,
};

export async function pollServer(
  ctx: ActionCtx,
  target: GameServerTarget,
  withPlayers: boolean,
): Promise<PollResult> {
  const started = Date.now();
  try {
    const result = await pollSources[target.connectionType](ctx, target, withPlayers);
    if (!result.ok) return result;
    // The poll's own round trip is the server's latency as the panel feels it: no extra request.
    return { ...result, health: { ...result.health, rttMs: Date.now() - started } };
  } catch (error) {
    const errorText = failureTextRef(error);
    return {
      ok: false,
      error: error instanceof Error ? error.message : String(error),
      ...(errorText ? { errorText } : {}),
    };
  }
}
