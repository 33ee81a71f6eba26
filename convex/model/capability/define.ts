/**
 * A privileged operation, declared once (`Capability`): who may run it, its arguments, an optional
 * game-server step planned by the command layer, and one commit that writes the domain rows and
 * the audit entry in the same transaction, the actor taken from the viewer. `capability(decl)`
 * turns a declaration into its public action; every run goes
 *
 *   gate (lib/functions.ts: who may call, rate limits, refusals audited)
 *   → resolve (input cleaning and lookups that may fetch, in the action)
 *   → load (one query: the selected server and what the rules judge), or `before` (one mutation,
 *     for writes that must precede the game server, e.g. a push secret armed or cleared)
 *   → check (the rules; a refusal is audited under the operation's name)
 *   → read (what the commit needs from the game server, e.g. its ban list; optional)
 *   → game server (each planned `ServerAction`, in order; over direct RCON under the server's lock)
 *   → commit (one mutation: domain rows + audit entry, or the audit entry of a failure with the
 *     declaration's `onFailure` clean-up; it gives the RCON lock back and records a refused RCON
 *     password).
 *   → read-back of the switches, after an action that may have changed them (model/serverControl/toggles.ts).
 *
 * Declarations are registered by name in model/capability/registry.ts, where the generic `load` and
 * `commit` functions (registry.ts) find them.
 */
import type { Worded } from "../../lib/wording";
import {
  ConvexError,
  type GenericValidator,
  type ObjectType,
  type PropertyValidators,
  type Validator,
} from "convex/values";
import type { SessionId } from "convex-helpers/server/sessions";
import type { RegisteredAction } from "convex/server";
import { internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import type { ActionCtx, MutationCtx, QueryCtx } from "../../_generated/server";
import type { ServerAction } from "../../lib/actionRegistry";
import type { ActionAccess } from "../../lib/actionRegistry";
import type { AuditAction } from "../../lib/auditActions";
import { fail, isErrorData, MESSAGES } from "../../lib/errors";
import type { CustomCtx } from "convex-helpers/server/customFunctions";
import { gatedActionFor, type adminAction } from "../../lib/functions";
import type { Actor, AuditOutcome, GameServerTarget } from "../../lib/validators";
import { actorOf } from "../../lib/viewer";
import { sendToServer, type ActionResult } from "../serverControl/step";
import { readBackAfter, refreshToggles } from "../serverControl/toggles";
import { RCON_BUSY_MESSAGE } from "../serverControl/rconLock";

/** The selected game server as a capability's steps see it. */
export interface CapabilityServer {
  serverId: Id<"servers">;
  name: string;
  target: GameServerTarget;
}

/**
 * What a commit learns besides the input: who acted, where, what `load` read before anything was
 * sent, and what the game server accepted.
 */
export interface CommitInfo<L> {
  actor: Actor;
  serverId?: Id<"servers">;
  loaded: L;
  sent: ServerAction[];
}

/** A commit's answer: the operation's result (when not the game server's) and the audit details. */
export interface Committed<R> {
  result?: R;
  /** Plain (names, a list) or a keyed text the panel words (`model/audit/details.ts`). */
  details?: string | Worded;
  serverId?: Id<"servers">;
  /** A commit that found nothing to do (e.g. already voided): audited as a failure. */
  outcome?: "success" | "failure";
  /**
   * A successful read that changed nothing (a list viewed again): no audit row, so a screen that
   * reloads it does not flood the log. Failures and refusals are always audited.
   */
  unaudited?: true;
}

export interface Capability<A extends PropertyValidators, I, L, R> {
  /** Its name for the gate's refusals and, unless `auditName` says otherwise, its audit entry. */
  name: AuditAction;
  access: ActionAccess;
  args: A;
  returns: Validator<R, "required", string>;
  /** Needs the selected server: 'Сервер не вибрано.' without one. */
  server?: boolean;
  /** The audit name of one run when it depends on the input (e.g. grant or revoke). */
  auditName?: (input: I, selected: Id<"servers"> | undefined) => AuditAction;
  /**
   * Cleans the input and looks up what may need the network (a vanity URL, each server's
   * reachability), in the action.
   */
  resolve?: (input: ObjectType<A>, actor: Actor, ctx: ActionCtx) => I | Promise<I>;
  /**
   * The resolved input's validator, when `resolve` gives it another shape than `args` (required
   * then): the run's transactions check the input they are handed with it.
   */
  input?: Validator<I, "required", string>;
  /** Reads what `check` judges, in one query with the selected server. */
  load?: (ctx: QueryCtx, input: I, server: CapabilityServer | null) => Promise<L>;
  /** What `load` or `before` reads, as a validator (required with them): checked at the commit. */
  loaded?: Validator<L, "required", string>;
  /** Instead of `load`: reads and writes that must be done before the game server is asked. */
  before?: (ctx: MutationCtx, input: I, server: CapabilityServer | null) => Promise<L>;
  /**
   * The rules, in the action (so they may also read the game server, e.g. its ban list, through
   * `ctx`); a refusal thrown here is audited (FORBIDDEN as unauthorized, else as a failure).
   */
  check?: (
    input: I,
    loaded: L,
    actor: Actor,
    server: CapabilityServer | null,
    ctx: ActionCtx,
  ) => void | Promise<void>;
  /**
   * Reads from the game server what the commit needs besides `load` (e.g. its ban list to merge),
   * in the action after `check`; its answer replaces `loaded`. A refusal here is audited too.
   */
  read?: (input: I, loaded: L, server: CapabilityServer, ctx: ActionCtx) => Promise<L>;
  /** The game-server step, sent in order through the command layer. */
  gameServer?: (input: I, loaded: L, server: CapabilityServer) => ServerAction[];
  /**
   * Steps sent once `gameServer`'s all succeeded that may fail without failing the operation
   * (turning round backups on at a launch): each one's outcome goes to `result`, none is audited
   * on its own.
   */
  bestEffort?: (input: I, loaded: L, server: CapabilityServer) => ServerAction[];
  /** Writes the domain rows; the audit entry is written by the runner in the same transaction. */
  commit?: (ctx: MutationCtx, input: I, info: CommitInfo<L>) => Promise<Committed<R> | void>;
  /** In the commit of a failed or refused run, with its audit entry: undoes what `before` did. */
  onFailure?: (ctx: MutationCtx, input: I, info: CommitInfo<L>) => Promise<void>;
  /**
   * What `commit` answers, when that is not the operation's answer but what `result` turns into it
   * (default `returns`): checked where the commit hands it back.
   */
  committed?: GenericValidator;
  /** The answer when it needs the game server's replies (e.g. who a launch placed). */
  result?: (
    input: I,
    loaded: L,
    run: { replies: unknown[]; committed: R | undefined; bestEffort: BestEffortOutcome[] },
  ) => R;
}

/** A best-effort step's outcome: what the game server said when it did not take it. */
export interface BestEffortOutcome {
  kind: ServerAction["kind"];
  failure?: string;
}

// Registries hold declarations of every shape; each is typed where it is declared.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCapability = Capability<any, any, any, any>;

/**
 * What a declaration must add so nothing of a run crosses a function boundary unchecked: `input`
 * when `resolve` reshapes the arguments, `loaded` when it reads anything.
 */
type Validated<A extends PropertyValidators, I, L> = ([I] extends [ObjectType<A>]
  ? [keyof I] extends [keyof ObjectType<A>]
    ? unknown
    : { input: Validator<I, "required", string> }
  : { input: Validator<I, "required", string> }) &
  ([L] extends [null] ? unknown : { loaded: Validator<L, "required", string> });

/** Declares a capability (an identity function that lets TypeScript infer its types). */
export function defineCapability<
  A extends PropertyValidators,
  I = ObjectType<A>,
  L = null,
  R = null,
>(decl: Capability<A, I, L, R> & Validated<A, I, L>): Capability<A, I, L, R> {
  return decl;
}

/** What a gated action's handler is given: the action context and the viewer the gate loaded. */
export type GatedCtx = CustomCtx<typeof adminAction>;

/** The selected server and how to reach it, or 'Сервер не вибрано.', for gated reads of it. */
export async function requireServer(
  ctx: ActionCtx,
  serverId: Id<"servers"> | undefined,
): Promise<CapabilityServer> {
  if (!serverId) fail("INVALID_INPUT", MESSAGES.noServer);
  const server = await ctx.runQuery(internal.serverControl.targetOf, { serverId });
  if (!server) fail("NOT_FOUND", MESSAGES.noServer);
  return { serverId, name: server.name, target: server.target };
}

/** An expected refusal as its audit outcome (FORBIDDEN is unauthorized); null for anything else. */
function refusalOf(error: unknown): { outcome: AuditOutcome; details: string } | null {
  if (!(error instanceof ConvexError) || !isErrorData(error.data)) return null;
  const { code, message } = error.data;
  return { outcome: code === "FORBIDDEN" ? "unauthorized" : "failure", details: message };
}

/** The public action of a declaration: its access level's gate, then `runCapability`. */
export function capability<A extends PropertyValidators, I, L, R>(
  decl: Capability<A, I, L, R>,
): RegisteredAction<"public", ObjectType<A> & GateArgs, Promise<R>> {
  const registered = gatedActionFor(decl.access)({
    audit: decl.name,
    args: decl.args,
    returns: decl.returns,
    handler: async (ctx, args) => {
      // The gate adds `serverId` to the declared arguments; the rest are exactly `A`.
      const { serverId, ...own } = args as { serverId?: Id<"servers"> } & ObjectType<A>;
      // `returns` checks the answer; a generic `R` cannot be matched to it statically.
      return (await runCapability(ctx, decl, own as ObjectType<A>, serverId)) as never;
    },
  });
  return registered as unknown as RegisteredAction<"public", ObjectType<A> & GateArgs, Promise<R>>;
}

/** The arguments every gated action takes besides its own (lib/functions.ts). */
export type GateArgs = {
  serverId?: Id<"servers">;
  sessionId?: SessionId;
};

export async function runCapability<A extends PropertyValidators, I, L, R>(
  ctx: GatedCtx,
  decl: Capability<A, I, L, R>,
  args: ObjectType<A>,
  selected: Id<"servers"> | undefined,
): Promise<R> {
  if (decl.server && !selected) fail("INVALID_INPUT", MESSAGES.noServer);
  const actor = actorOf(ctx.viewer);
  // A refusal before the input is checked (a bad SteamID, a name the rules refuse, a row that is
  // not there) is audited as those of `check` are, under the operation's own name.
  const refusedEarly = async (error: unknown): Promise<never> => {
    const refusal = refusalOf(error);
    if (refusal) {
      await ctx.runMutation(internal.capabilities.auditRefusal, {
        auditName: decl.name,
        actor,
        ...(decl.server && selected ? { serverId: selected } : {}),
        ...refusal,
      });
    }
    throw error;
  };
  let input: I;
  try {
    input = decl.resolve ? await decl.resolve(args, actor, ctx) : (args as unknown as I);
  } catch (error) {
    return await refusedEarly(error);
  }
  const auditName = decl.auditName?.(input, selected) ?? decl.name;

  let server: CapabilityServer | null = null;
  let loaded = null as L;
  if (decl.server || decl.load || decl.before) {
    const request = { run: { name: decl.name, input }, serverId: selected } as never;
    try {
      const read = decl.before
        ? await ctx.runMutation(internal.capabilities.before, request)
        : await ctx.runQuery(internal.capabilities.load, request);
      if (decl.server && !read.server) fail("NOT_FOUND", MESSAGES.noServer);
      server = read.server;
      loaded = read.loaded as L;
    } catch (error) {
      return await refusedEarly(error);
    }
  }
  // The server the operation is about: the checked one, else the one selected (e.g. a save).
  const serverId = server?.serverId ?? selected;
  // Direct RCON: the server's lease, held from the first command to the commit that gives it back.
  let rconLock: string | undefined;
  let rconAuthFailed: true | undefined;
  const commit = async (outcome: AuditOutcome, details?: string, sent: ServerAction[] = []) =>
    (await ctx.runMutation(internal.capabilities.commit, {
      // Checked against this declaration's own `input` and `loaded` validators.
      run: { name: decl.name, input, loaded } as never,
      auditName,
      actor,
      serverId,
      outcome,
      details,
      sent,
      rconLock,
      rconAuthFailed,
    })) as R | undefined;

  if (decl.check || decl.read) {
    try {
      await decl.check?.(input, loaded, actor, server, ctx);
      if (decl.read && server) loaded = await decl.read(input, loaded, server, ctx);
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) await commit(refusal.outcome, refusal.details);
      throw error;
    }
  }

  const planned = decl.gameServer && server ? decl.gameServer(input, loaded, server) : [];
  if (planned.length > 0 && server!.target.connectionType === "RCON") {
    const lease = await ctx.runMutation(internal.capabilities.lockRcon, {
      serverId: server!.serverId,
    });
    if (!lease) {
      await commit("failure", RCON_BUSY_MESSAGE);
      fail("CONFLICT", RCON_BUSY_MESSAGE);
    }
    rconLock = lease;
  }
  const replies: unknown[] = [];
  let answer: ActionResult | undefined;
  for (const action of planned) {
    const sent = await sendToServer(ctx, server!.target, action);
    rconAuthFailed = sent.authFailed;
    if (sent.failure) {
      await commit("failure", sent.failure.details);
      const error = sent.failure.error;
      if (error) fail(error.code, error.key ? { ...error, key: error.key } : error.message);
      return sent.result as R;
    }
    replies.push(...sent.replies);
    answer = sent.result;
  }
  const bestEffort: BestEffortOutcome[] = [];
  const extra = decl.bestEffort && server ? decl.bestEffort(input, loaded, server) : [];
  for (const action of extra) {
    const sent = await sendToServer(ctx, server!.target, action);
    bestEffort.push(
      sent.failure ? { kind: action.kind, failure: sent.failure.details } : { kind: action.kind },
    );
  }
  let committed: R | undefined;
  try {
    committed = await commit("success", undefined, planned);
  } catch (error) {
    // The commit's rules refused (e.g. resuming a clock that runs): its writes were rolled back;
    // the refusal is committed on its own, with the lease given back.
    const refusal = refusalOf(error);
    if (refusal) await commit(refusal.outcome, refusal.details);
    throw error;
  }
  // What the action may have changed beyond what it says (a config, a restart, a map's own
  // settings) is read back, so the switches show what is true on the server.
  if (server && readBackAfter(planned)) await refreshToggles(ctx, server);
  if (decl.result) return decl.result(input, loaded, { replies, committed, bestEffort });
  return (committed ?? answer ?? null) as R;
}
