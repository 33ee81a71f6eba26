/**
 * Server actions as declared capabilities (model/capability/define.ts): each turns its validated
 * arguments into a typed `ServerAction` (gameServer/commands.ts), sends it to the selected server,
 * and commits the switch it flipped with its audit entry. Who may run one, and its label, come
 * from its registry entry (lib/actionRegistry.ts).
 */
import { v, type ObjectType, type PropertyValidators } from "convex/values";
import { actionName } from "../../gameServer/commands";
import {
  SERVER_ACTIONS,
  vServerAction,
  type ActionName,
  type ServerAction,
} from "../../lib/actionRegistry";
import { defineCapability } from "../capability/define";
import { vActionResult, type ActionResult } from "./step";

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
    input: vServerAction,
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
