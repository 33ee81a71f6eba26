/**
 * The game-server step of a privileged operation (model/capability/define.ts): send one typed action
 * through the command layer and judge the answer; later, in the commit, store what the accepted
 * action changed (a switch) and describe it for the audit log.
 */
import { literals } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";
import { internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import type { ActionCtx, MutationCtx } from "../../_generated/server";
import {
  actionName,
  consoleKickOf,
  matchConfigRefusal,
  planAction,
  pushRefusal,
  rconSteps,
  toggleFromCommand,
  type ConsoleStep,
} from "../../gameServer/commands";
import { commandName, InvalidActionError } from "../../gameServer/consoleInput";
import { ConsoleKickError, kickBySteamId } from "../../gameServer/consoleKick";
import { GameServerError, gameServerRequest, type RequestSpec } from "../../gameServer/request";
import {
  actionLabel,
  declarationOf,
  SERVER_ACTIONS,
  type ActionName,
  type ServerAction,
  type SwitchName,
} from "../../lib/actionRegistry";
import type { ErrorData } from "../../lib/errors";
import { ACTION_TEXTS } from "../../lib/texts/actions";
import {
  fillText,
  withWording,
  wordedIn,
  wordingOf,
  type TextParams,
  type Worded,
} from "../../lib/wording";
import type { GameServerTarget } from "../../lib/validators";
import { playerLabel, storeExpectedMap } from "../live/data";
import { storeToggle } from "./toggles";

export const vActionName = literals(...(Object.keys(SERVER_ACTIONS) as ActionName[]));

/**
 * What every server action answers: the action that ran (for the toast), its console output, and a
 * warning when the game server took the request but did not do it (an unknown console command).
 */
export const vActionResult = v.object({
  action: vActionName,
  output: v.string(),
  /** In Ukrainian; `warningKey` and `warningParams` let the panel word it in the reader's language. */
  warning: v.optional(v.string()),
  warningKey: v.optional(v.string()),
  warningParams: v.optional(v.record(v.string(), v.union(v.string(), v.number()))),
});
export type ActionResult = Infer<typeof vActionResult>;

/** The game server's answer when the console does not know a command (CS2: `Unknown command`). */
const UNKNOWN_COMMAND = /unknown command/i;

/** One action sent: its result and raw replies, or the failure to audit (and to throw, if `error`). */
export interface Sent {
  result: ActionResult;
  replies: unknown[];
  failure?: { details: string; error?: ErrorData };
  /** Direct RCON refused the password: the commit records it so that nothing retries it. */
  authFailed?: true;
}

/** What a transport answered: each request's text output, and the raw replies. */
interface Answered {
  outputs: string[];
  replies: unknown[];
}

/** Direct RCON refused the password. */
class RconAuthError extends GameServerError {}

/**
 * Validates, sends every request of the action in order, and judges the answer. Writes nothing.
 * Over direct RCON the whole action is one session in the Node runtime (convex/rcon.ts).
 */
export async function sendToServer(
  ctx: ActionCtx,
  target: GameServerTarget,
  action: ServerAction,
): Promise<Sent> {
  const name = actionName(action);
  const failed = (details: string, error?: ErrorData, output = ""): Sent => ({
    result: { action: name, output },
    replies: [],
    failure: { details, error },
  });

  let send: () => Promise<Answered>;
  try {
    const proxyKick = target.connectionType === "RCON_PROXY" ? consoleKickOf(action) : null;
    send =
      target.connectionType === "RCON"
        ? overRcon(ctx, target, rconSteps(action))
        : proxyKick
          ? kickOverProxy(target, proxyKick)
          : overHttp(target, planAction(action, target.connectionType));
  } catch (error) {
    if (!(error instanceof InvalidActionError)) throw error;
    return failed(error.message, { code: "INVALID_INPUT", ...failureWording(action, error) });
  }

  let answered: Answered;
  try {
    answered = await send();
  } catch (error) {
    const cause =
      error instanceof GameServerError || error instanceof ConsoleKickError ? error : String(error);
    const rcon = target.connectionType !== "HTTP";
    const sent = failed(typeof cause === "string" ? cause : cause.message, {
      code: "GAME_SERVER",
      ...failureWording(action, cause, rcon),
    });
    return error instanceof RconAuthError ? { ...sent, authFailed: true } : sent;
  }

  const { outputs, replies } = answered;
  const output = outputs.join("\n").slice(0, 4000);
  // A console that does not know a command still answers: e.g. the plugins' commands (css_ban,
  // css_panel_*) on a plain CS2 server reached over RCON. The admin must see that it did nothing.
  // Its answer is English ("Unknown command …"): the toast says it in the reader's language, the
  // output block still shows what the server printed.
  const unknown = UNKNOWN_COMMAND.test(output);
  const loadRefused =
    matchConfigRefusal(action, output) ?? declarationOf(action.kind).refused?.(output);
  if (loadRefused) {
    const said = typeof loadRefused === "string" ? loadRefused : loadRefused.message;
    return failed(said, { code: "GAME_SERVER", ...failureWording(action, loadRefused) });
  }
  if (unknown && action.kind !== "pushEnable" && action.kind !== "pushDisable") {
    const command =
      action.kind === "command"
        ? commandName(action.command)
        : (/unknown command\s+"([^"]{1,64})"/i.exec(output)?.[1] ?? "");
    const warning = wordedIn(ACTION_TEXTS, "refusal.actions.unknownCommand", { command });
    const details = [describe(action), output].filter(Boolean).join(": ").slice(0, 500);
    const sent = failed(details, undefined, output);
    return { ...sent, result: { ...sent.result, ...warningOf(warning) } };
  }
  const refused = pushRefusal(action, output);
  if (refused) {
    if (action.kind === "pushEnable") {
      return failed(refused, { code: "GAME_SERVER", ...failureWording(action, refused) });
    }
    const sent = failed(refused, undefined, output);
    const warning = wordedIn(ACTION_TEXTS, "refusal.actions.serverSaid", { said: refused });
    return { ...sent, result: { ...sent.result, ...warningOf(warning) } };
  }
  return { result: { action: name, output }, replies };
}

/** The plugin API or the proxy: one HTTP request after another; each answer's text is output. */
function overHttp(target: GameServerTarget, requests: RequestSpec[]) {
  return async (): Promise<Answered> => {
    const outputs: string[] = [];
    const replies: unknown[] = [];
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
    return { outputs, replies };
  };
}

/** A kick over the proxy: its lookup and `kickid`, each a console command on `/command`. */
function kickOverProxy(target: GameServerTarget, steamId: string) {
  return async (): Promise<Answered> => {
    const replies: unknown[] = [];
    const exec = async (command: string) => {
      const reply = await gameServerRequest<{ result?: unknown }>(target, {
        method: "POST",
        path: "/command",
        body: { command },
      });
      replies.push(reply);
      return typeof reply.result === "string" ? reply.result : "";
    };
    const output = await kickBySteamId(exec, steamId);
    return { outputs: output ? [output] : [], replies };
  };
}

/** Direct RCON: one session in the Node runtime; its outputs are the replies. */
function overRcon(ctx: ActionCtx, target: GameServerTarget, steps: ConsoleStep[]) {
  return async (): Promise<Answered> => {
    const outcome = await ctx.runAction(internal.rcon.exec, { target, steps });
    if (!outcome.ok) {
      if (outcome.authFailed) throw new RconAuthError(outcome.error, null);
      const error = new GameServerError(outcome.error, null);
      const { key, params } = outcome;
      throw key ? withWording(error, { key, params, message: outcome.error }) : error;
    }
    return { outputs: outcome.outputs.filter((text) => text !== ""), replies: outcome.outputs };
  };
}

/**
 * In the commit of a run that reached the game server: stores the switch an accepted action flipped
 * and the map it put on the server (shown at once, the next poll confirms it), and says, for the audit entry, what was done and to whom (the player first, then `details`, or
 * what the action did when it was accepted).
 */
export async function commitSent(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  action: ServerAction,
  accepted: boolean,
  details: string | undefined,
): Promise<string | undefined> {
  const toggle = accepted ? toggleSetBy(action) : undefined;
  if (toggle) await storeToggle(ctx, serverId, toggle.name, toggle.enabled);
  const map = accepted ? expectedMap(action) : undefined;
  if (map) await storeExpectedMap(ctx, serverId, map, Date.now());
  const player = playerOf(action);
  const subject = player ? await playerLabel(ctx, serverId, player) : undefined;
  const what = accepted ? (details ?? describe(action)) : details;
  return [subject, what].filter(Boolean).join(", ") || undefined;
}

/**
 * The spec's failure wording: an action may word its own, every other one names its action. The
 * Ukrainian `message` names it by its label; the panel gets its name (`action`) and what went wrong
 * (`message`), and when that is a text of a table too, its key (`reason`) and its parameters, each
 * prefixed `reason_`, so the panel words both in the reader's language.
 */
export function failureWording(
  action: ServerAction,
  cause: Worded | Error | string,
  rcon = false,
): Worded {
  const isWorded = typeof cause === "object" && !(cause instanceof Error);
  const said = typeof cause === "string" ? cause : cause.message;
  const reason = isWorded ? cause : wordingOf(cause);
  const name = actionName(action);
  const key =
    declarationOf(action.kind).failure?.(said) ??
    (rcon ? "refusal.actions.failedRcon" : "refusal.actions.failed");
  const params: TextParams = { action: name, message: said };
  if (reason) {
    params.reason = reason.key;
    for (const [param, value] of Object.entries(reason.params ?? {})) {
      params[`reason_${param}`] = value;
    }
  }
  const message = fillText(ACTION_TEXTS[key], { action: actionLabel(name), message: said });
  return { key, params, message };
}

/** A warning as the action's result carries it: the Ukrainian text, its key and parameters. */
function warningOf({ key, params, message }: Worded): Partial<ActionResult> {
  return params
    ? { warning: message, warningKey: key, warningParams: params }
    : { warning: message, warningKey: key };
}

/** The player an action is about, named in its audit entry. */
function playerOf(action: ServerAction): string | undefined {
  return "steamId" in action ? action.steamId : undefined;
}

/** The map an accepted action puts on the server, when it is certain. */
function expectedMap(action: ServerAction): string | undefined {
  return declarationOf(action.kind).map?.(action);
}

/** The switch an accepted action flipped: a switch action, or a typed command such as `sv_cheats 1`. */
function toggleSetBy(action: ServerAction): { name: SwitchName; enabled: boolean } | undefined {
  if (isSwitch(action)) return { name: action.kind, enabled: action.enabled };
  const typed = action.kind === "command" ? toggleFromCommand(action.command) : null;
  return typed ? { name: typed.toggle, enabled: typed.enabled } : undefined;
}

function isSwitch(action: ServerAction): action is ServerAction & { kind: SwitchName } {
  return declarationOf(action.kind).switch !== undefined;
}

/** What the audit log keeps of an action's input (never a password). */
function describe(action: ServerAction): string | undefined {
  return declarationOf(action.kind).describe?.(action);
}
