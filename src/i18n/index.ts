import { activeTexts } from "./registry";
import type { MessageKey } from "./keys";

export type { MessageKey, Namespace } from "./keys";
export { currentLanguage, setLanguage, subscribeLanguage } from "./registry";
export { LANGUAGES } from "./languages";

export type MessageParams = Record<string, string | number>;

/**
 * Whether `key` is a text of a loaded namespace (for keys built from outside data, such as an
 * error code from the backend).
 */
export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(activeTexts(), key);
}

/**
 * Looks up a text in the current language and fills its `{name}` placeholders; unknown
 * placeholders stay as written. The key's namespace must be loaded: the file that uses a key
 * imports `@/i18n/load/<namespace>` (a test checks it); a key of an unloaded namespace shows as
 * itself.
 */
export function t(key: MessageKey, params?: MessageParams): string {
  const text = activeTexts()[key];
  if (text === undefined) {
    if (import.meta.env.DEV) console.error(`i18n: "${key}" is not loaded`);
    return key;
  }
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}
