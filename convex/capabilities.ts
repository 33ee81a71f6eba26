/**
 * The two transactions of every privileged operation's run (model/capability.ts): its reads and
 * its commit. Internal: only the runner calls them, with input its public action validated.
 */
import { v } from "convex/values";
import { internalMutation, internalQuery } from "./_generated/server";
import { vAuditAction } from "./lib/auditActions";
import { vActor, vAuditOutcome, vTarget } from "./lib/validators";
import { beforeCapability, commitCapability, loadCapability } from "./model/capabilities";

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
  },
  returns: v.any(),
  handler: async (ctx, run) => await commitCapability(ctx, run),
});
