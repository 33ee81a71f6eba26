/**
 * The transactions of every privileged operation's run (model/capability.ts): its reads, its
 * commit, and the direct-RCON lease taken before the game-server step. Internal: only the runner calls them, with input its public action validated.
 */
import { v } from "convex/values";
import { internalMutation, internalQuery } from "./_generated/server";
import { vAuditAction } from "./lib/auditActions";
import { vActor, vAuditOutcome, vTarget } from "./lib/validators";
import { beforeCapability, commitCapability, loadCapability } from "./model/capabilities";
import { acquireRconLock } from "./model/rconLock";

const vLoadRequest = {
  name: vAuditAction,
  // Validated by the operation's public action; its shape is the declaration's own.
  input: v.any(),
  serverId: v.optional(v.id("servers")),
};
const vLoaded = v.object({
  server: v.union(
    v.null(),
    v.object({ serverId: v.id("servers"), name: v.string(), target: vTarget }),
  ),
  loaded: v.any(),
});

/** Direct RCON: the server's lease for one run, or null while another run holds it. */
export const lockRcon = internalMutation({
  args: { serverId: v.id("servers") },
  returns: v.union(v.string(), v.null()),
  handler: async (ctx, { serverId }) => await acquireRconLock(ctx, serverId, Date.now()),
});

export const load = internalQuery({
  args: vLoadRequest,
  returns: vLoaded,
  handler: async (ctx, run) => await loadCapability(ctx, run),
});

export const before = internalMutation({
  args: vLoadRequest,
  returns: vLoaded,
  handler: async (ctx, run) => await beforeCapability(ctx, run),
});

export const commit = internalMutation({
  args: {
    name: vAuditAction,
    auditName: vAuditAction,
    actor: vActor,
    serverId: v.optional(v.id("servers")),
    input: v.any(),
    // What the declaration's `load` read before anything was sent.
    loaded: v.any(),
    outcome: vAuditOutcome,
    details: v.optional(v.string()),
    // The typed actions the game server was sent (gameServer/commands.ts `ServerAction`).
    sent: v.array(v.any()),
    /** Direct RCON: the lease the run held, given back with its outcome. */
    rconLock: v.optional(v.string()),
    /** Direct RCON refused the password: nothing connects with it again until a new one is set. */
    rconAuthFailed: v.optional(v.boolean()),
  },
  returns: v.any(),
  handler: async (ctx, run) => await commitCapability(ctx, run),
});
