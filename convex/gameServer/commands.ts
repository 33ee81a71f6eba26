/**
 * The command layer: a typed action, validated and turned into the exact HTTP calls (plugin API)
 * or console commands (RCON proxy, direct RCON), as its declaration (actions.ts) says. Pure, so
 * hostile input can be tested exhaustively without a game server. Nothing is ever built by pasting
 * unchecked user text into a console line: every value passes its check in consoleInput.ts.
 */
import type { PropertyValidators } from "convex/values";
import {
  declarationOf,
  isActionName,
  SWITCH_NAMES,
  type ActionName,
  type ServerAction,
  type SwitchName,
} from "../lib/actionRegistry";
import type { ConnectionType } from "../lib/validators";
import type { ActionDeclaration } from "./actions";
import { consoleTokens } from "./consoleLine";
import { commandName, invalid, validateSteamId } from "./consoleInput";
import type { RequestSpec } from "./request";
import { ACTION_TEXTS } from "../lib/texts/actions";
import { wordedIn, type Worded } from "../lib/wording";

/**
 * The console's answer when it refused a push command: MatchZy missing (`Unknown command`) or a
 * URL it rejects (`[RemoteLogURLCommand] Invalid URL: …`). Null when the commands were taken.
 */
export function pushRefusal(action: ServerAction, output: string): string | null {
  if (action.kind !== "pushEnable" && action.kind !== "pushDisable") return null;
  return /unknown command|invalid url/i.test(output) ? output.slice(0, 300) : null;
}

/**
 * Why MatchZy did not load a launch's match config, worded with what it printed (`said`), or null
 * when it printed none of its refusals (MatchZy prints nothing when the load succeeds).
 */
export function matchConfigRefusal(action: ServerAction, output: string): Worded | null {
  if (action.kind !== "loadMatchConfig") return null;
  const said = output.trim().slice(0, 300);
  const key = /unknown command/i.test(output)
    ? "refusal.actions.matchzyMissing"
    : /already setup/i.test(output)
      ? "refusal.actions.matchzyBusy"
      : /invalid url|request failed|load failed|error occured/i.test(output)
        ? "refusal.actions.matchzyNoConfig"
        : null;
  return key ? wordedIn(ACTION_TEXTS, key, { said }) : null;
}

/** Console commands for an action (RCON proxy, direct RCON, and the plugin's /private/command). */
export function consoleCommands(action: ServerAction): string[] {
  return declared(action).console(action);
}

/**
 * One console command as direct RCON sends it (`mayDrop`: a level load, during which the server
 * may hang up, which counts as dispatched), or a kick by SteamID (`consoleKickOf`).
 */
export type ConsoleStep = { command: string; mayDrop?: boolean } | { kickSteamId: string };

/**
 * The player of a kick sent to a console (RCON proxy, direct RCON), validated; null for any other
 * action. CS2's `kickid` takes the userid its `status` prints, and no vanilla output pairs that
 * number with a SteamID: the kick looks the player up first (gameServer/consoleKick.ts).
 */
export function consoleKickOf(action: ServerAction): string | null {
  return action.kind === "kick" ? validateSteamId(action.steamId) : null;
}

const LEVEL_CHANGES = new Set([
  "changelevel",
  "map",
  "host_workshop_map",
  "ds_workshop_changelevel",
]);

/** The console commands of an action for direct RCON, level loads marked. */
export function rconSteps(action: ServerAction): ConsoleStep[] {
  const kick = consoleKickOf(action);
  if (kick) return [{ kickSteamId: kick }];
  return consoleCommands(action).map((command) =>
    LEVEL_CHANGES.has(commandName(command)) ? { command, mayDrop: true } : { command },
  );
}

function viaCommand(commands: string[]): RequestSpec[] {
  return commands.map((command) => ({
    method: "POST",
    path: "/private/command",
    body: { command },
    isPrivate: true,
  }));
}

/** The HTTP calls that carry out an action on the plugin API. */
function pluginRequests(action: ServerAction): RequestSpec[] {
  const plugin = declared(action).plugin;
  return plugin ? plugin(action) : viaCommand(consoleCommands(action));
}

/**
 * Validates an action and returns the HTTP requests to send, in order (plugin API or RCON proxy).
 * Throws InvalidActionError. Direct RCON sends `rconSteps` instead; a kick over the proxy has no
 * fixed requests (its lookup decides the command: `consoleKickOf`).
 */
export function planAction(action: ServerAction, connectionType: ConnectionType): RequestSpec[] {
  if (connectionType === "HTTP") return pluginRequests(action);
  if (consoleKickOf(action)) return [];
  const notOverProxy = declared(action).notOverProxy;
  if (notOverProxy) invalid(notOverProxy);
  return consoleCommands(action).map((command) => ({
    method: "POST",
    path: "/command",
    body: { command },
  }));
}

/** Which switch (if any) a typed console command sets, so the free box keeps the switches in sync. */
export function toggleFromCommand(
  command: string,
): { toggle: SwitchName; enabled: boolean } | null {
  const [name = "", arg] = consoleTokens(command.toLowerCase());
  for (const toggle of SWITCH_NAMES) {
    const enabled = declarationOf(toggle).switch?.fromCommand(name, arg) ?? null;
    if (enabled !== null) return { toggle, enabled };
  }
  return null;
}

/** Audit/toast name of an action. */
export function actionName(action: ServerAction): ActionName {
  const shownAs = declared(action).shownAs;
  return shownAs && isActionName(shownAs) ? shownAs : action.kind;
}

/**
 * An action's declaration, called with the action itself (its kind and its own arguments). The
 * kind is an own-key lookup: a name inherited from Object.prototype is no action.
 */
function declared(action: ServerAction): ActionDeclaration<PropertyValidators> {
  if (!isActionName(action.kind)) invalid(ACTION_TEXTS["refusal.actions.unknownAction"]);
  return declarationOf(action.kind);
}
