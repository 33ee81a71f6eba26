/**
 * Every privileged operation by name (model/capability/define.ts), and the two steps of a run that need a
 * transaction: `loadCapability` (one query: the selected server and what the rules judge) and
 * `commitCapability` (one mutation: the domain rows and the audit entry together).
 */
import type { Worded } from "../../lib/wording";
import { v, type ObjectType, type Validator } from "convex/values";
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { vServerAction } from "../../lib/actionRegistry";
import { vAuditAction, type AuditAction } from "../../lib/auditActions";
import { ownValue } from "../../lib/ownKey";
import { vActor, vAuditOutcome } from "../../lib/validators";
import { appendAudit } from "../audit/log";
import type { AnyCapability, CapabilityServer } from "./define";
import { commitSent } from "../serverControl/step";
import { LAUNCH_CAPABILITY } from "../tournament/launch";
import { MODERATION_CAPABILITIES } from "../moderation/capabilities";
import { CONDUCT_CAPABILITIES } from "../conduct/capabilities";
import { REPORT_CAPABILITIES } from "../conduct/reportQueue";
import { WARNING_CAPABILITIES } from "../conduct/warnings";
import { APPEAL_CAPABILITIES } from "../conduct/appeals";
import { VOID_MATCH_CAPABILITY } from "../history/record";
import { RECOVER_CAPABILITY } from "../history/recoverMatch";
import { DEMO_CAPABILITIES } from "../demos/capabilities";
import { notifyServerAction } from "../notifications/notify";
import {
  SEND_TEST_CAPABILITY,
  SET_WEBHOOK_CAPABILITY,
  SET_WEBHOOK_LANGUAGE_CAPABILITY,
} from "../notifications/webhookCapabilities";
import { PUSH_CAPABILITIES } from "../push/status";
import { LOG_CAPABILITIES } from "../serverLog/status";
import { GUEST_ADMIN_CAPABILITY } from "../settings/guestAdmin";
import { SERVER_DELETE_CAPABILITY } from "../servers/remove";
import { SERVER_SAVE_CAPABILITY } from "../servers/save";
import { SETUP_CHECK_CAPABILITY } from "../settings/setupCheck";
import { TOURNAMENT_CAPABILITIES } from "../tournament/admin";
import { CUP_CAPABILITIES } from "../cup/admin";
import { USER_CAPABILITIES } from "../settings/users";
import { SERVER_ACTION_CAPABILITIES, STEP_CAPABILITIES } from "../serverControl/actions";
import { releaseRconLock } from "../serverControl/rconLock";
import { markRconAuthFailed, targetFor } from "../servers/records";

const DECLARATIONS: AnyCapability[] = [
  ...Object.values(SERVER_ACTION_CAPABILITIES),
  ...Object.values(STEP_CAPABILITIES),
  ...Object.values(MODERATION_CAPABILITIES),
  ...Object.values(CONDUCT_CAPABILITIES),
  ...Object.values(REPORT_CAPABILITIES),
  ...Object.values(WARNING_CAPABILITIES),
  ...Object.values(APPEAL_CAPABILITIES),
  ...Object.values(USER_CAPABILITIES),
  ...Object.values(TOURNAMENT_CAPABILITIES),
  ...Object.values(CUP_CAPABILITIES),
  ...Object.values(PUSH_CAPABILITIES),
  ...Object.values(LOG_CAPABILITIES),
  ...Object.values(DEMO_CAPABILITIES),
  LAUNCH_CAPABILITY,
  GUEST_ADMIN_CAPABILITY,
  SERVER_SAVE_CAPABILITY,
  SERVER_DELETE_CAPABILITY,
  SET_WEBHOOK_CAPABILITY,
  SEND_TEST_CAPABILITY,
  SET_WEBHOOK_LANGUAGE_CAPABILITY,
  VOID_MATCH_CAPABILITY,
  RECOVER_CAPABILITY,
  SETUP_CHECK_CAPABILITY,
];

const CAPABILITIES: Record<string, AnyCapability> = Object.fromEntries(
  DECLARATIONS.map((decl) => [decl.name, decl]),
);

// Validators of every shape a declaration gives (each is typed where it is declared).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyValidator = Validator<any, "required", any>;

/** Each validator once (declarations share theirs, e.g. `vActionResult`). */
const distinct = (validators: AnyValidator[]): AnyValidator[] => [...new Set(validators)];

const inputOf = (decl: AnyCapability): AnyValidator => decl.input ?? v.object(decl.args);

/**
 * A run's input as the load and commit transactions receive it: one member per declaration, its
 * name with the input its `resolve` made (else its arguments).
 */
export const vCapabilityInput = v.union(
  ...DECLARATIONS.map((decl) => v.object({ name: v.literal(decl.name), input: inputOf(decl) })),
);

/** What a declaration's `load` or `before` read (null without them). */
export const vCapabilityLoaded = v.union(
  v.null(),
  ...distinct(DECLARATIONS.flatMap((decl) => (decl.loaded ? [decl.loaded] : []))),
);

/** A run as its commit receives it: the name, the resolved input and what was loaded, per declaration. */
export const vCapabilityRun = v.union(
  ...DECLARATIONS.map((decl) =>
    v.object({
      name: v.literal(decl.name),
      input: inputOf(decl),
      loaded: decl.loaded ?? v.null(),
    }),
  ),
);

/** A commit's result: one of the declarations' own answers, or null (the game server's is used). */
export const vCapabilityResult = v.union(
  v.null(),
  ...distinct(DECLARATIONS.map((decl) => decl.committed ?? decl.returns)),
);

function declarationOf(name: AuditAction): AnyCapability {
  const decl = ownValue(CAPABILITIES, name);
  if (!decl) throw new Error(`No capability is declared under "${name}"`);
  return decl;
}

/** What a run's load (`capabilities.load`/`before`) is called with. */
export const loadRequestFields = { run: vCapabilityInput, serverId: v.optional(v.id("servers")) };

/**
 * What a run's commit (`capabilities.commit`) is called with besides the run itself (its name,
 * resolved input and what was loaded, checked against its own declaration by `vCapabilityRun`).
 */
export const commitRequestFields = {
  run: vCapabilityRun,
  auditName: vAuditAction,
  actor: vActor,
  serverId: v.optional(v.id("servers")),
  outcome: vAuditOutcome,
  details: v.optional(v.string()),
  /** The typed actions the game server was sent. */
  sent: v.array(vServerAction),
  /** Direct RCON: the lease the run held, given back with its outcome. */
  rconLock: v.optional(v.string()),
  /** Direct RCON refused the password: nothing connects with it again until a new one is set. */
  rconAuthFailed: v.optional(v.boolean()),
};

/** A run as a load or a commit sees it: the union's names and per-declaration shapes made plain. */
interface RunOf {
  name: AuditAction;
  input: unknown;
}

type LoadRequest = RunOf & Omit<ObjectType<typeof loadRequestFields>, "run">;

/** The selected server (null when missing or disabled) and what the declaration's `load` read. */
export async function loadCapability(ctx: QueryCtx, run: LoadRequest) {
  const server = await selectedServer(ctx, run.serverId);
  const decl = declarationOf(run.name);
  const loaded = decl.load ? await decl.load(ctx, run.input, server) : null;
  return { server, loaded: loaded ?? null };
}

/** `loadCapability` for a declaration whose `before` writes ahead of the game server. */
export async function beforeCapability(ctx: MutationCtx, run: LoadRequest) {
  const server = await selectedServer(ctx, run.serverId);
  const decl = declarationOf(run.name);
  const loaded = decl.before ? await decl.before(ctx, run.input, server) : null;
  return { server, loaded: loaded ?? null };
}

async function selectedServer(
  ctx: QueryCtx,
  serverId: Id<"servers"> | undefined,
): Promise<CapabilityServer | null> {
  const row = serverId ? await ctx.db.get("servers", serverId) : null;
  if (!row || row.disabled) return null;
  return { serverId: row._id, name: row.name, target: await targetFor(ctx, row) };
}

export type CommitRequest = RunOf & { loaded: unknown } & Omit<
    ObjectType<typeof commitRequestFields>,
    "run"
  >;

/**
 * One run's end, in one transaction: on success what the game server accepted (switches,
 * announcements) and the declaration's own rows; in every case the audit entry, the direct-RCON
 * lease given back and a refused RCON password recorded.
 */
export async function commitCapability(ctx: MutationCtx, run: CommitRequest): Promise<unknown> {
  const decl = declarationOf(run.name);
  const success = run.outcome === "success";
  const info = { actor: run.actor, serverId: run.serverId, loaded: run.loaded, sent: run.sent };
  let details: string | Worded | undefined = run.details;
  // Operations on no server name none, whatever server the client had selected.
  let serverId = decl.server ? run.serverId : undefined;
  let outcome = run.outcome;
  let result: unknown = null;
  let audited = true;
  if (run.serverId && run.rconLock) await releaseRconLock(ctx, run.serverId, run.rconLock);
  if (run.serverId && run.rconAuthFailed) await markRconAuthFailed(ctx, run.serverId, Date.now());
  if (run.serverId) {
    for (const action of run.sent) {
      details = await commitSent(ctx, run.serverId, action, success, run.details);
      if (success) await notifyServerAction(ctx, run.serverId, action, run.actor);
    }
  }
  if (success && decl.commit) {
    const committed = await decl.commit(ctx, run.input, info);
    if (committed) {
      result = committed.result ?? null;
      details = committed.details ?? details;
      serverId = committed.serverId ?? serverId;
      outcome = committed.outcome ?? outcome;
      audited = !(committed.unaudited && outcome === "success");
    }
  }
  if (!success && decl.onFailure) await decl.onFailure(ctx, run.input, info);
  if (audited) {
    await appendAudit(ctx, { ...run.actor, action: run.auditName, serverId, outcome, details });
  }
  return result;
}
