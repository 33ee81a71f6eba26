/**
 * Every privileged operation by name (model/capability.ts), and the two steps of a run that need a
 * transaction: `loadCapability` (one query: the selected server and what the rules judge) and
 * `commitCapability` (one mutation: the domain rows and the audit entry together).
 */
import type { Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import type { ServerAction } from "../gameServer/commands";
import type { AuditAction } from "../lib/auditActions";
import { ownValue } from "../lib/ownKey";
import type { Actor, AuditOutcome } from "../lib/validators";
import { appendAudit } from "./audit";
import type { AnyCapability, CapabilityServer } from "./capability";
import { commitSent } from "./gameServerStep";
import { LAUNCH_CAPABILITY } from "./launch";
import { MODERATION_CAPABILITIES } from "./moderationCapabilities";
import { notifyServerAction } from "./notifications";
import { FLOW_ACTION_CAPABILITIES, SERVER_ACTION_CAPABILITIES } from "./serverActions";
import { targetFor } from "./servers";

const CAPABILITIES: Record<string, AnyCapability> = Object.fromEntries(
  [
    ...Object.values(SERVER_ACTION_CAPABILITIES),
    ...Object.values(FLOW_ACTION_CAPABILITIES),
    ...Object.values(MODERATION_CAPABILITIES),
    LAUNCH_CAPABILITY,
  ].map((decl: AnyCapability) => [decl.name, decl]),
);

function declarationOf(name: AuditAction): AnyCapability {
  const decl = ownValue(CAPABILITIES, name);
  if (!decl) throw new Error(`No capability is declared under "${name}"`);
  return decl;
}

export async function loadCapability(
  ctx: QueryCtx,
  name: AuditAction,
  input: unknown,
  serverId: Id<"servers"> | undefined,
): Promise<{ server: CapabilityServer | null; loaded: unknown }> {
  const decl = declarationOf(name);
  const row = serverId ? await ctx.db.get("servers", serverId) : null;
  const server =
    row && !row.disabled
      ? { serverId: row._id, name: row.name, target: await targetFor(ctx, row) }
      : null;
  const loaded = decl.load ? await decl.load(ctx, input, server) : null;
  return { server, loaded: loaded ?? null };
}

export interface CommitRequest {
  name: AuditAction;
  auditName: AuditAction;
  actor: Actor;
  serverId?: Id<"servers">;
  input: unknown;
  loaded: unknown;
  outcome: AuditOutcome;
  details?: string;
  sent: ServerAction[];
}

/**
 * One run's end, in one transaction: on success what the game server accepted (switches,
 * announcements) and the declaration's own rows; in every case the audit entry.
 */
export async function commitCapability(ctx: MutationCtx, run: CommitRequest): Promise<unknown> {
  const decl = declarationOf(run.name);
  const success = run.outcome === "success";
  let details = run.details;
  let serverId = run.serverId;
  let outcome = run.outcome;
  let result: unknown = null;
  if (serverId) {
    for (const action of run.sent) {
      details = await commitSent(ctx, serverId, action, success, details);
      if (success) await notifyServerAction(ctx, serverId, action, run.actor.username);
    }
  }
  if (success && decl.commit) {
    const committed = await decl.commit(ctx, run.input, {
      actor: run.actor,
      serverId,
      loaded: run.loaded,
      sent: run.sent,
    });
    if (committed) {
      result = committed.result ?? null;
      details = committed.details ?? details;
      serverId = committed.serverId ?? serverId;
      outcome = committed.outcome ?? outcome;
    }
  }
  await appendAudit(ctx, { ...run.actor, action: run.auditName, serverId, outcome, details });
  return result;
}
