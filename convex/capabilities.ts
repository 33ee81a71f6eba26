/**
 * The two transactions of every privileged operation's run (model/capability.ts): its reads and
 * its commit. Internal: only the runner calls them, with input its public action validated.
 */
import { v } from "convex/values";
import { internalMutation, internalQuery } from "./_generated/server";
import { vAuditAction } from "./lib/auditActions";
import { vActor, vAuditOutcome, vTarget } from "./lib/validators";
import { commitCapability, loadCapability } from "./model/capabilities";

export const load = internalQuery({
  args: {
    name: vAuditAction,
    // Validated by the operation's public action; its shape is the declaration's own.
    input: v.any(),
    serverId: v.optional(v.id("servers")),
  },
  returns: v.object({
    server: v.union(
      v.null(),
      v.object({ serverId: v.id("servers"), name: v.string(), target: vTarget }),
    ),
    loaded: v.any(),
  }),
  handler: async (ctx, { name, input, serverId }) =>
    await loadCapability(ctx, name, input, serverId),
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
