/**
 * Server actions as declared capabilities (model/capability.ts): each turns its validated
 * arguments into a typed `ServerAction` (gameServer/commands.ts), sends it to the selected server,
 * and commits the switch it flipped with its audit entry. Who may run one, and its label, come
 * from its registry entry (lib/actionRegistry.ts).
 */
import { v, type ObjectType, type PropertyValidators } from "convex/values";
import type { Id } from "../_generated/dataModel";
import { actionName, type ServerAction } from "../gameServer/commands";
import { SERVER_ACTIONS, type ActionName } from "../lib/actionRegistry";
import type { ActionViewer } from "../lib/functions";
import type { ActionCtx } from "../_generated/server";
import { ownValue } from "../lib/ownKey";
import { defineCapability, runCapability } from "./capability";
import { vActionResult, type ActionResult } from "./gameServerStep";

export { vActionResult, type ActionResult };

/** A capability that sends one typed action built from its arguments. */
function sends<A extends PropertyValidators>(
  name: ActionName | "toggle",
  args: A,
  toAction: (args: ObjectType<A>) => ServerAction,
) {
  return defineCapability<A, ServerAction, null, ActionResult>({
    name,
    access: name === "toggle" ? "guestAdmin" : SERVER_ACTIONS[name].access,
    args,
    returns: vActionResult,
    server: true,
    resolve: toAction,
    auditName: actionName,
    gameServer: (action) => [action],
  });
}

export const SERVER_ACTION_CAPABILITIES = {
  // General, match and map controls: admins, and everyone while guest admin is on.
  /** The four guest-level switches share one function; each is audited under its own name. */
  toggle: sends(
    "toggle",
    {
      toggle: v.union(
        v.literal("isPaused"),
        v.literal("autobalance"),
        v.literal("friendlyfire"),
        v.literal("bhop"),
      ),
      enabled: v.boolean(),
    },
    ({ toggle, enabled }) => ({ kind: "toggle", toggle, enabled }),
  ),
  changeMap: sends("changeMap", { map: v.string() }, ({ map }) => ({ kind: "changeMap", map })),
  workshopMap: sends("workshopMap", { workshopId: v.string() }, ({ workshopId }) => ({
    kind: "workshopMap",
    workshopId,
  })),
  gameMode: sends("gameMode", { mode: v.string() }, ({ mode }) => ({ kind: "gameMode", mode })),
  restartGame: sends("restartGame", {}, () => ({ kind: "restartGame" })),
  skipWarmup: sends("skipWarmup", {}, () => ({ kind: "skipWarmup" })),
  // Admin only.
  command: sends("command", { command: v.string() }, ({ command }) => ({
    kind: "command",
    command,
  })),
  say: sends("say", { message: v.string() }, ({ message }) => ({ kind: "say", message })),
  cheats: sends("cheats", { enabled: v.boolean() }, ({ enabled }) => ({
    kind: "toggle",
    toggle: "cheats",
    enabled,
  })),
  setPassword: sends("setPassword", { password: v.string() }, ({ password }) => ({
    kind: "setPassword",
    password,
  })),
  removePassword: sends("removePassword", {}, () => ({ kind: "removePassword" })),
  execConfig: sends("execConfig", { config: v.string() }, ({ config }) => ({
    kind: "execConfig",
    config,
  })),
  cvar: sends("cvar", { cvar: v.string(), value: v.string() }, ({ cvar, value }) => ({
    kind: "cvar",
    cvar,
    value,
  })),
  resetStats: sends("resetStats", {}, () => ({ kind: "resetStats" })),
  restartServices: sends("restartServices", {}, () => ({ kind: "restartServices" })),
  serverUpdate: sends("serverUpdate", {}, () => ({ kind: "serverUpdate" })),
};

/**
 * Server actions other flows build themselves (the MatchZy push switch, the tournament launch):
 * declared like the rest, their input is the typed action.
 */
function flowAction(name: ActionName) {
  return defineCapability<PropertyValidators, ServerAction, null, ActionResult>({
    name,
    access: SERVER_ACTIONS[name].access,
    args: {},
    returns: vActionResult,
    server: true,
    auditName: actionName,
    gameServer: (action) => [action],
  });
}

export const FLOW_ACTION_CAPABILITIES = {
  pushEnable: flowAction("pushEnable"),
  pushDisable: flowAction("pushDisable"),
  launchGame: flowAction("launchGame"),
};

const FLOW_ACTIONS: Partial<Record<ActionName, ReturnType<typeof flowAction>>> = {
  ...FLOW_ACTION_CAPABILITIES,
  gameMode: flowAction("gameMode"),
  changeMap: flowAction("changeMap"),
};

/**
 * Sends `action` to the server as its declared capability would: same game-server step, same
 * commit (switches, announcement, audit entry). For flows that build the action themselves.
 */
export async function runServerAction(
  ctx: ActionCtx & { viewer: ActionViewer },
  serverId: Id<"servers"> | undefined,
  action: ServerAction,
): Promise<ActionResult> {
  const decl = ownValue(FLOW_ACTIONS, actionName(action));
  if (!decl) throw new Error(`${action.kind} is not sent by a flow`);
  return await runCapability(ctx, decl, action as never, serverId);
}
