import { ConvexError } from "convex/values";
import toast from "react-hot-toast";
import { currentLanguage, isMessageKey, t } from "@/i18n";
import { DEFAULT_LANGUAGE } from "@/i18n/languages";
import "@/i18n/load/common";
import { actionText } from "@/lib/action-text";
import { isActionName } from "@/lib/catalog";

let refusalTexts: Promise<unknown> | undefined;
/** The backend's refusal texts (`refusal.*`) load with the first one shown, not with the page. */
const loadRefusalTexts = () => (refusalTexts ??= import("@/i18n/load/refusals"));

/** A refusal worded by a key whose texts are not loaded yet (in a language other than Ukrainian). */
function awaitsRefusalTexts(error: unknown): boolean {
  if (!(error instanceof ConvexError) || currentLanguage() === DEFAULT_LANGUAGE) return false;
  const data: unknown = error.data;
  if (typeof data !== "object" || data === null || !("key" in data)) return false;
  const key: unknown = data.key;
  return typeof key === "string" && key.startsWith("refusal.") && !isMessageKey(key);
}

/**
 * Backend errors carry `{ code, message }` with a Ukrainian message, and for the texts the panel
 * words itself a `key` with `params` (convex/lib/messages.ts): shown in the visitor's language.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  // Shown now in the backend's Ukrainian; the visitor's language from the next time on.
  if (awaitsRefusalTexts(error)) void loadRefusalTexts();
  if (error instanceof ConvexError) {
    const data: unknown = error.data;
    const worded = wordedText(data);
    if (worded !== undefined) return worded;
    if (
      typeof data === "object" &&
      data !== null &&
      "message" in data &&
      typeof data.message === "string"
    ) {
      return data.message;
    }
    if (typeof data === "string") return data;
  }
  return fallback ?? t("errors.generic");
}

function wordedText(data: unknown): string | undefined {
  if (typeof data !== "object" || data === null || !("key" in data)) return undefined;
  const { key, params } = data as { key: unknown; params?: unknown };
  return backendText(key, params);
}

/**
 * A backend text by its key in the reader's language, or undefined for a key whose texts are not
 * here. A server action's failure (`refusal.actions.*`) names the action (`action`), worded here
 * too, and when what went wrong is a backend text itself, its key (`reason`) and its parameters
 * (`reason_<name>`): worded as well, else its Ukrainian `message` stays.
 */
export function backendText(key: unknown, params?: unknown): string | undefined {
  if (typeof key !== "string" || !isMessageKey(key)) return undefined;
  const filled: Record<string, string | number> =
    typeof params === "object" && params !== null
      ? Object.fromEntries(
          Object.entries(params).filter(
            (entry): entry is [string, string | number] =>
              typeof entry[1] === "string" || typeof entry[1] === "number",
          ),
        )
      : {};
  if (key.startsWith("refusal.actions.")) {
    const { action, reason } = filled;
    if (typeof action === "string" && isActionName(action)) filled.action = actionText(action);
    if (typeof reason === "string" && isMessageKey(reason)) {
      const own = Object.entries(filled).flatMap(([name, value]) =>
        name.startsWith("reason_") ? [[name.slice("reason_".length), value] as const] : [],
      );
      filled.message = t(reason, Object.fromEntries(own));
    }
  }
  return t(key, filled);
}

/**
 * Resolves once a backend text's key can be worded in the reader's language: the refusal texts
 * load with the first one shown (a key not known then shows its Ukrainian text).
 */
export async function backendTextLoaded(key: unknown): Promise<void> {
  const needed =
    typeof key === "string" &&
    key.startsWith("refusal.") &&
    currentLanguage() !== DEFAULT_LANGUAGE &&
    !isMessageKey(key);
  if (needed) await loadRefusalTexts().catch(() => undefined);
}

/**
 * The one way the UI reports a failed call: the backend's message, else the fallback. The message
 * is the toast's id, so the same failure reported twice (a retry, a double effect) shows once.
 */
export function toastError(error: unknown, fallback?: string): void {
  if (!awaitsRefusalTexts(error)) return showError(errorMessage(error, fallback));
  const show = () => showError(errorMessage(error, fallback));
  loadRefusalTexts().then(show, show);
}

/** An error toast, shown once however often the same message is reported while it is visible. */
export function showError(message: string): void {
  toast.error(message, { id: message });
}

/**
 * Writes that return their refusals as values (`{ refused: { code, message } }`, so the backend's
 * rate limit keeps counting them) are turned back into a thrown ConvexError here, so callers handle
 * every expected failure the same way.
 */
export function throwRefusal<T>(result: T): Exclude<T, { refused: unknown }> {
  if (typeof result === "object" && result !== null && "refused" in result) {
    throw new ConvexError(result.refused as { code: string; message: string });
  }
  return result as Exclude<T, { refused: unknown }>;
}
