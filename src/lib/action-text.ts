import { t, type MessageKey } from "@/i18n";
import "@/i18n/load/common";
import type { ActionName } from "@/lib/catalog";
import { isOwnKey } from "@/lib/own-key";

type LabelKey = `action.${ActionName}`;
/** Every declared server action has its label in the dictionaries, or this does not compile. */
const everyActionLabelled: LabelKey extends MessageKey ? true : false = true;
void everyActionLabelled;

/** The switches whose success says which way they went. */
const SWITCH_DONE = {
  isPaused: { on: "action.isPaused.on", off: "action.isPaused.off" },
  autobalance: { on: "action.autobalance.on", off: "action.autobalance.off" },
  friendlyfire: { on: "action.friendlyfire.on", off: "action.friendlyfire.off" },
  bhop: { on: "action.bhop.on", off: "action.bhop.off" },
  cheats: { on: "action.cheats.on", off: "action.cheats.off" },
} as const satisfies Partial<Record<ActionName, { on: MessageKey; off: MessageKey }>>;

/** A server action's name in the reader's language (audit log, filters, toasts). */
export function actionText(name: ActionName): string {
  return t(`action.${name}` as LabelKey);
}

/**
 * What a server action did, for its success toast: a switch says which way it went, a cvar names
 * itself, anything else is its label.
 */
export function actionDoneText(name: ActionName, args: Record<string, unknown> = {}): string {
  if (isOwnKey(SWITCH_DONE, name) && typeof args.enabled === "boolean") {
    return t(SWITCH_DONE[name][args.enabled ? "on" : "off"]);
  }
  if (name === "cvar" && typeof args.cvar === "string" && args.cvar.trim()) {
    return t("action.cvarNamed", { cvar: args.cvar.trim() });
  }
  return actionText(name);
}
