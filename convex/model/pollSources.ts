/**
 * How one game server is polled, by kind of server: the seam where a new connection type plugs
 * into the fleet tick (model/poller.ts).
 *
 * A source takes the action's context (so it may run a Node action, e.g. a direct RCON
 * connection, through `ctx.runAction`), the server's connection settings and whether players are
 * due, and returns a `PollResult`: never throws, reports a fault as `{ ok: false, error }`, and
 * bounds its own time (the fleet tick waits for the slowest server before planning the next).
 */
import type { ActionCtx } from "../_generated/server";
import { pollGameServer } from "../gameServer/poll";
import type { ConnectionType, GameServerTarget, PollResult } from "../lib/validators";

export type PollSource = (
  ctx: ActionCtx,
  target: GameServerTarget,
  withPlayers: boolean,
) => Promise<PollResult>;

/** Plugin API and RCON proxy are both HTTP: `/api/...` or `/rcon/...` with their headers. */
const overHttp: PollSource = (_ctx, target, withPlayers) => pollGameServer(target, withPlayers);

export const pollSources: Record<ConnectionType, PollSource> = {
  HTTP: overHttp,
  RCON_PROXY: overHttp,
};

export async function pollServer(
  ctx: ActionCtx,
  target: GameServerTarget,
  withPlayers: boolean,
): Promise<PollResult> {
  try {
    return await pollSources[target.connectionType](ctx, target, withPlayers);
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
