/**
 * The panel's server actions (declared in gameServer/actions.ts with `panel(…)`) as capabilities
 * (model/capability/define.ts): each turns its validated arguments into its typed `ServerAction`,
 * sends it to the selected server, and commits the switch it flipped with its audit entry. Who
 * may run one, and its label, come from its declaration.
 */
import { actionName } from "../../gameServer/commands";
import {
  declarationOf,
  PANEL_ACTIONS,
  vServerAction,
  type ActionArgs,
  type ActionName,
  type PanelActionName,
  type ServerAction,
} from "../../lib/actionRegistry";
import type { RegisteredAction } from "convex/server";
import type { ObjectType } from "convex/values";
import {
  capability,
  defineCapability,
  type AnyCapability,
  type GateArgs,
} from "../capability/define";
import { vActionResult, type ActionResult } from "./step";

export { vActionResult, type ActionResult };

/**
 * The capability that sends the action `name`, built from its arguments: a panel action's public
 * function, or a step of an operation that sends several in order (a match's recovery).
 */
export function sends<K extends ActionName>(name: K) {
  const { access, args } = declarationOf(name);
  return defineCapability<ActionArgs<K>, ServerAction, null, ActionResult>({
    name,
    access,
    args: args as ActionArgs<K>,
    returns: vActionResult,
    server: true,
    // The arguments are exactly the declaration's: with the kind they are its `ServerAction`.
    resolve: (input) => ({ kind: name, ...input }) as ServerAction,
    input: vServerAction,
    auditName: actionName,
    gameServer: (action) => [action],
  });
}

type PanelCapabilities = { [K in PanelActionName]: ReturnType<typeof sends<K>> };

export const SERVER_ACTION_CAPABILITIES = Object.fromEntries(
  PANEL_ACTIONS.map((name) => [name, sends(name)]),
) as PanelCapabilities;

/** Server actions sent only as a step of another operation (a match's recovery sets the names). */
export const STEP_CAPABILITIES = { teamNames: sends("teamNames") };

type PanelFunctions = {
  [K in PanelActionName]: RegisteredAction<
    "public",
    ObjectType<ActionArgs<K>> & GateArgs,
    Promise<ActionResult>
  >;
};

/**
 * One public function per panel action, named as the action: serverControl.ts exports them in
 * one destructuring, as convex-helpers' `crud` does.
 */
export function panelActionFunctions(): PanelFunctions {
  return Object.fromEntries(
    PANEL_ACTIONS.map((name) => [
      name,
      capability(SERVER_ACTION_CAPABILITIES[name] as AnyCapability),
    ]),
  ) as PanelFunctions;
}
