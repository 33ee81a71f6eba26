import type { LanguageMeta } from "./types";

/** Ukrainian is the panel's own language: the default, and the one every other file translates. */
export const DEFAULT_LANGUAGE = "uk";

const STORAGE_KEY = "cs2panel.language";

// Every folder with a meta.ts is a language: adding one is adding its folder.
const metas = import.meta.glob<LanguageMeta>("./*/meta.ts", { eager: true, import: "default" });

/** Language code → its name and locale, the default first. */
export const LANGUAGES: Readonly<Record<string, LanguageMeta>> = Object.fromEntries(
  Object.entries(metas)
    .map(([path, meta]) => [languageOfPath(path), meta] as const)
    .sort(([a], [b]) =>
      a === DEFAULT_LANGUAGE ? -1 : b === DEFAULT_LANGUAGE ? 1 : a.localeCompare(b),
    ),
);

/** "./en/meta.ts" or "../en/dashboard.ts" → "en". */
export function languageOfPath(path: string): string {
  const parts = path.split("/");
  return parts[parts.length - 2] ?? "";
}

export function isLanguage(code: string | null | undefined): code is string {
  return typeof code === "string" && Object.prototype.hasOwnProperty.call(LANGUAGES, code);
}

/**
 * The address's `?lang=` (an OBS overlay or a shared link says its language; not remembered),
 * else the remembered choice, else the first of the browser's languages we have (by its primary
 * subtag: "en-US" → "en"), else Ukrainian.
 */
export function detectLanguage(
  stored: string | null,
  browserLanguages: readonly string[],
  requested: string | null = null,
): string {
  if (isLanguage(requested)) return requested;
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split("-")[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

function readStored(): string | null {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null; // storage blocked (privacy mode, sandboxed iframe): fall back to the browser
  }
}

export function storeLanguage(code: string): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, code);
  } catch {
    // not remembered, still switched for this page
  }
}

function readRequested(): string | null {
  return typeof location === "undefined" ? null : new URLSearchParams(location.search).get("lang");
}

export const initialLanguage = detectLanguage(
  readStored(),
  typeof navigator === "undefined" ? [] : navigator.languages,
  readRequested(),
);
