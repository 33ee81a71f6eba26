/**
 * The server actions as the rest of the code sees them, all derived from their declarations
 * (gameServer/actions.ts): the names, labels and access levels (shared with the UI), the typed
 * union `ServerAction` and its validator, the switch set and the actions a button runs.
 */
import type { ObjectType, PropertyValidators, Validator } from "convex/values";
import {
  SERVER_ACTION_DECLARATIONS,
  type ActionAccess,
  type ActionDeclaration,
} from "../gameServer/actions";
import { v } from "convex/values";
import { type ListedActionName } from "./actionNames";
import { ACTION_LABELS } from "./texts/actions";
import type { ToggleName } from "./validators";

export type { ActionAccess };

type Declarations = typeof SERVER_ACTION_DECLARATIONS;

/** Every action's name: its kind, its audit name (but see `shownAs`) and its function's name. */
export type ActionName = keyof Declarations;

type ArgsOf<D> =
  D extends ActionDeclaration<infer A extends PropertyValidators> ? ObjectType<A> : never;

/** The declared argument validators of an action. */
export type ActionArgs<K extends ActionName> = Declarations[K]["args"];

/** One action as the command layer sends it: its kind and its own arguments. */
export type ActionOf<K extends ActionName> = { kind: K } & ArgsOf<Declarations[K]>;
export type ServerAction = { [K in ActionName]: ActionOf<K> }[ActionName];

/** The actions a button runs as they are: each has a public function of the same name. */
export type PanelActionName = {
  [K in ActionName]: Declarations[K] extends { panel: true } ? K : never;
}[ActionName];

/** The panel's switches: each is an action `{ enabled }` and a field of `serverToggles`. */
export type SwitchName = {
  [K in ActionName]: Declarations[K] extends { switch: object } ? K : never;
}[ActionName];

/**
 * The switch set is declared with its actions; the stored row (`serverToggles`) and its
 * validator list the same names. This fails to compile when one side gains a switch the other
 * lacks.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const switchSetMatchesSchema: Same<SwitchName, ToggleName> = true;
/** The names the browser gets (lib/actionNames.ts) are exactly the declared ones. */
const namesListed: Same<ListedActionName, ActionName> = true;
void namesListed;
void switchSetMatchesSchema;

const ENTRIES = Object.entries(SERVER_ACTION_DECLARATIONS) as [ActionName, ActionDeclaration][];

/** The declaration of an action, with its own argument types. */
export function declarationOf<K extends ActionName>(
  kind: K,
): ActionDeclaration<PropertyValidators> & { args: Declarations[K]["args"] } {
  return SERVER_ACTION_DECLARATIONS[kind] as ActionDeclaration<PropertyValidators> & {
    args: Declarations[K]["args"];
  };
}

/**
 * Label (in Ukrainian, lib/texts/actions.ts) and access of every action, for the gate, the audit
 * log and the backend's failures.
 */
export const SERVER_ACTIONS = Object.fromEntries(
  ENTRIES.map(([name, d]) => [name, { label: ACTION_LABELS[`action.${name}`], access: d.access }]),
) as Record<ActionName, { label: string; access: ActionAccess }>;

export const PANEL_ACTIONS = ENTRIES.filter(([, d]) => d.panel).map(
  ([name]) => name,
) as PanelActionName[];

export const SWITCH_NAMES = ENTRIES.filter(([, d]) => d.switch).map(
  ([name]) => name,
) as SwitchName[];

/**
 * The typed actions a game server is sent; the validator checks them where a run crosses from
 * one Convex function to another.
 */
export const vServerAction = v.union(
  ...ENTRIES.map(([kind, d]) => v.object({ kind: v.literal(kind), ...d.args })),
) as unknown as Validator<ServerAction, "required", string>;

export const COMMS_KINDS = ["mute", "gag", "silence"] as const satisfies ActionName[];
export type CommsKind = (typeof COMMS_KINDS)[number];
export type UncommsKind = `un${CommsKind}`;

export { isActionName } from "./actionNames";

export function actionLabel(name: ActionName): string {
  return SERVER_ACTIONS[name].label;
}
