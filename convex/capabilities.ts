/**
 * The transactions of every privileged operation's run (model/capability/define.ts): its reads, its
 * commit, and the direct-RCON lease taken before the game-server step. Internal: only the runner
 * calls them. What crosses into them is checked against the declarations themselves: the input
 * each resolved to, what its `load` read, the typed actions sent and the declared answers.
 */
import { v } from "convex/values";
import { internalMutation, internalQuery } from "./_generated/server";
import { vAuditAction } from "./lib/auditActions";
import { vActor, vAuditOutcome, vTarget } from "./lib/validators";
import {
  beforeCapability,
  commitCapability,
  loadCapability,
  commitRequestFields,
  loadRequestFields,
  vCapabilityLoaded,
  vCapabilityResult,
} from "./model/capability/registry";
import { acquireRconLock } from "./model/serverControl/rconLock";
import { appendAudit } from "./model/audit/log";

const vLoaded = v.object({
  server: v.union(
    v.null(),
    v.object({ serverId: v.id("servers"), name: v.string(), target: vTarget }),
  ),
  loaded: vCapabilityLoaded,
});

/** Direct RCON: the server's lease for one run, or null while another run holds it. */
export const lockRcon = internalMutation({
  args: { serverId: v.id("servers") },
  returns: v.union(v.string(), v.null()),
  handler: async (ctx, { serverId }) => await acquireRconLock(ctx, serverId, Date.now()),
});

export const load = internalQuery({
  args: loadRequestFields,
  returns: vLoaded,
  handler: async (ctx, { run, serverId }) => await loadCapability(ctx, { ...run, serverId }),
});

export const before = internalMutation({
  args: loadRequestFields,
  returns: vLoaded,
  handler: async (ctx, { run, serverId }) => await beforeCapability(ctx, { ...run, serverId }),
});

/** The audit entry of a run refused before it had a checked input (its resolve or load step). */
export const auditRefusal = internalMutation({
  args: {
    auditName: vAuditAction,
    actor: vActor,
    serverId: v.optional(v.id("servers")),
    outcome: vAuditOutcome,
    details: v.string(),
  },
  returns: v.null(),
  handler: async (ctx, { actor, auditName, ...entry }) => {
    await appendAudit(ctx, { ...actor, action: auditName, ...entry });
    return null;
  },
});

export const commit = internalMutation({
  args: commitRequestFields,
  returns: vCapabilityResult,
  handler: async (ctx, { run, ...rest }) => await commitCapability(ctx, { ...run, ...rest }),
});
