"use node";
/**
 * Direct RCON (connection type "RCON"): the only functions that open TCP connections to game
 * servers, hence the Node runtime. Each invocation is one short session (connect, authenticate,
 * commands, close); nothing is kept between invocations. Everything else about these servers
 * (who may act, the lock, audit, storing polls) runs in the default runtime and calls in here
 * with `ctx.runAction`: the fleet tick's poll source (model/live/pollSources.ts) and a capability's
 * game-server step (model/serverControl/step.ts).
 */
import { v } from "convex/values";
import { internalAction } from "./_generated/server";
import { pollDirect, runDirect } from "./gameServer/rconDirect";
import { vPollResult, vRconOutcome, vTarget } from "./lib/validators";

/** Runs an action's console commands (already validated by the command layer) in one session. */
export const exec = internalAction({
  args: {
    target: vTarget,
    steps: v.array(
      v.union(
        v.object({ command: v.string(), mayDrop: v.optional(v.boolean()) }),
        v.object({ kickSteamId: v.string() }),
      ),
    ),
  },
  returns: vRconOutcome,
  handler: async (_ctx, { target, steps }) => await runDirect(target, steps),
});

/** One poll of a directly reached server: status, cvars and (when due) players, one session. */
export const poll = internalAction({
  args: { target: vTarget, withPlayers: v.boolean() },
  returns: vPollResult,
  handler: async (_ctx, { target, withPlayers }) => await pollDirect(target, withPlayers),
});
