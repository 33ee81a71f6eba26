/**
 * Running a server action: validate → send every request in order → record the switch it flipped
 * and the audit entry. Every public server action (serverControl.ts, moderation.ts, the tournament
 * launch) goes through `runServerAction`; `serverAction` builds such a public function from its
 * registry entry (lib/actionRegistry.ts), so the builder, the audit name and the label agree.
 */
import { literals } from "convex-helpers/validators";
import { v, type Infer, type ObjectType, type PropertyValidators } from "convex/values";
import { internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { ActionCtx, MutationCtx, QueryCtx } from "../_generated/server";
import {
  actionName,
  commandName,
  InvalidActionError,
  planAction,
  pushRefusal,
  toggleFromCommand,
  type ServerAction,
} from "../gameServer/commands";
import { GameServerError, gameServerRequest } from "../gameServer/request";
import { actionLabel, SERVER_ACTIONS, type ActionName } from "../lib/actionRegistry";
import { fail, MESSAGES } from "../lib/errors";
import {
  adminAction,
  guestAdminAction,
  moderatorAction,
  type ActionViewer,
} from "../lib/functions";
import { actorOf } from "../lib/viewer";
import type { GameServerTarget, ToggleName } from "../lib/validators";
import { notifyServerAction } from "./notifications";

export const vActionName = literals(...(Object.keys(SERVER_ACTIONS) as ActionName[]));

/**
 * What every server action answers: the action that ran (for the toast), its console output, and a
 * warning when the game server took the request but did not do it (an unknown console command).
 */
export const vActionResult = v.object({
  action: vActionName,
  output: v.string(),
  warning: v.optional(v.string()),
});
export type ActionResult = Infer<typeof vActionResult>;

/** The game server's answer when the console does not know a command (CS2: `Unknown command`). */
const UNKNOWN_COMMAND = /unknown command/i;

export const DEFAULT_TOGGLES: Record<ToggleName, boolean> = {
  isPaused: false,
  cheats: false,
  autobalance: true,
  friendlyfire: false,
  bhop: false,
};

/** The switches as last set from the panel (defaults until one was). */
export async function readToggles(
  ctx: QueryCtx,
  serverId: Id<"servers">,
): Promise<Record<ToggleName, boolean>> {
  const row = await togglesRow(ctx, serverId);
  if (!row) return DEFAULT_TOGGLES;
  const { isPaused, cheats, autobalance, friendlyfire, bhop } = row;
  return { isPaused, cheats, autobalance, friendlyfire, bhop };
}

async function togglesRow(ctx: QueryCtx, serverId: Id<"servers">) {
  return await ctx.db
    .query("serverToggles")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
}

export async function storeToggle(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  name: ToggleName,
  enabled: boolean,
): Promise<void> {
  const row = await togglesRow(ctx, serverId);
  if (row) await ctx.db.patch("serverToggles", row._id, { [name]: enabled });
  else await ctx.db.insert("serverToggles", { serverId, ...DEFAULT_TOGGLES, [name]: enabled });
}

interface GatedCtx extends ActionCtx {
  viewer: ActionViewer;
}

export interface ResolvedServer {
  serverId: Id<"servers">;
  name: string;
  target: GameServerTarget;
}

/** The selected server and how to reach it, or 'Сервер не вибрано.' when there is none. */
export async function requireServer(
  ctx: ActionCtx,
  serverId: Id<"servers"> | undefined,
): Promise<ResolvedServer> {
  if (!serverId) fail("INVALID_INPUT", MESSAGES.noServer);
  const server = await ctx.runQuery(internal.serverControl.targetOf, { serverId });
  if (!server) fail("NOT_FOUND", MESSAGES.noServer);
  return { serverId, name: server.name, target: server.target };
}

/** Validate, send every request in order, then record toggles and the audit entry. */
export async function runServerAction(
  ctx: GatedCtx,
  server: Id<"servers"> | undefined | ResolvedServer,
  action: ServerAction,
): Promise<ActionResult> {
  return (await sendServerAction(ctx, server, action)).result;
}

/** `runServerAction`, also handing back the game server's raw answers (e.g. who a launch placed). */
export async function sendServerAction(
  ctx: GatedCtx,
  server: Id<"servers"> | undefined | ResolvedServer,
  action: ServerAction,
): Promise<{ result: ActionResult; replies: unknown[] }> {
  const resolved = typeof server === "object" ? server : await requireServer(ctx, server);
  const { serverId, target } = resolved;
  const name = actionName(action);
  const label = actionLabel(name);
  const record = (
    outcome: "success" | "failure",
    details?: string,
    toggle?: { name: ToggleName; enabled: boolean },
  ) =>
    ctx.runMutation(internal.serverControl.recordOutcome, {
      serverId,
      action: name,
      outcome,
      details,
      toggle,
      player: playerOf(action),
      ...actorOf(ctx.viewer),
    });

  let requests;
  try {
    requests = planAction(action, target.connectionType);
  } catch (error) {
    if (!(error instanceof InvalidActionError)) throw error;
    await record("failure", error.message);
    fail("INVALID_INPUT", failureText(action, label, error.message));
  }

  const outputs: string[] = [];
  const replies: unknown[] = [];
  try {
    for (const request of requests) {
      const reply = await gameServerRequest<{ result?: unknown; message?: unknown }>(
        target,
        request,
      );
      replies.push(reply);
      const text =
        typeof reply.result === "string"
          ? reply.result
          : typeof reply.message === "string"
            ? reply.message
            : "";
      if (text) outputs.push(text);
    }
  } catch (error) {
    const message = error instanceof GameServerError ? error.message : String(error);
    await record("failure", message);
    const rcon = target.connectionType === "RCON_PROXY";
    fail("GAME_SERVER", failureText(action, label, message, rcon));
  }

  const output = outputs.join("\n").slice(0, 4000);
  if (action.kind === "command" && UNKNOWN_COMMAND.test(output)) {
    await record("failure", `${describe(action)}: ${output}`.slice(0, 500));
    const warning = `Сервер не знає команди "${commandName(action.command)}": ${output}`;
    return { result: { action: name, output, warning }, replies };
  }
  const refused = pushRefusal(action, output);
  if (refused) {
    await record("failure", refused);
    if (action.kind === "pushEnable") fail("GAME_SERVER", failureText(action, label, refused));
    return { result: { action: name, output, warning: `Сервер відповів: ${refused}` }, replies };
  }
  await record("success", describe(action), toggleSetBy(action));
  await notifyServerAction(ctx, resolved, action);
  return { result: { action: name, output }, replies };
}

/** The spec's failure wording: the mode has its own, every other action names its label. */
function failureText(action: ServerAction, label: string, message: string, rcon = false): string {
  if (action.kind === "gameMode") return `Помилка при зміні режиму: ${message}`;
  return `Помилка виконання дії "${label}"${rcon ? " (RCON)" : ""}: ${message}`;
}

/** The player an action is about, named in its audit entry. */
function playerOf(action: ServerAction): string | undefined {
  return action.kind === "kick" || action.kind === "ban" || action.kind === "unban"
    ? action.steamId
    : undefined;
}

/** The switch an accepted action flipped: a toggle action, or a typed command such as `sv_cheats 1`. */
function toggleSetBy(action: ServerAction): { name: ToggleName; enabled: boolean } | undefined {
  if (action.kind === "toggle") return { name: action.toggle, enabled: action.enabled };
  const typed = action.kind === "command" ? toggleFromCommand(action.command) : null;
  return typed ? { name: typed.toggle, enabled: typed.enabled } : undefined;
}

/** What the audit log keeps of an action's input (never a password). */
function describe(action: ServerAction): string | undefined {
  switch (action.kind) {
    case "command":
      return action.command;
    case "say":
      return action.message;
    case "toggle":
      return action.enabled ? "увімкнено" : "вимкнено";
    case "changeMap":
      return action.map;
    case "workshopMap":
      return action.workshopId;
    case "gameMode":
      return action.mode;
    case "execConfig":
      return action.config;
    case "cvar":
      return `${action.cvar} ${action.value}`;
    case "ban":
      return action.duration === 0 ? "назавжди" : `${action.duration} хв`;
    case "pushEnable":
      return action.url; // never the secret
    default:
      return undefined;
  }
}

/** The gated builder an action's registry entry asks for. */
export function builderFor(name: ActionName | ToggleName) {
  const access = SERVER_ACTIONS[name].access;
  if (access === "moderator") return moderatorAction;
  return access === "admin" ? adminAction : guestAdminAction;
}

/**
 * A public server action from its registry entry: who may call it and its audit name come from
 * `SERVER_ACTIONS[name]`; `toAction` turns the validated arguments into the typed action.
 */
export function serverAction<Args extends PropertyValidators>(
  name: ActionName,
  args: Args,
  toAction: (args: ObjectType<Args>) => ServerAction,
) {
  return builderFor(name)({
    audit: name,
    args,
    returns: vActionResult,
    handler: async (ctx, args): Promise<ActionResult> => {
      // The builder adds `serverId` to the action's own arguments; the rest are exactly `Args`.
      const { serverId, ...own } = args as { serverId?: Id<"servers"> } & ObjectType<Args>;
      return await runServerAction(ctx, serverId, toAction(own as ObjectType<Args>));
    },
  });
}
