import {
  DEFAULT_LANGUAGE,
  initialLanguage,
  LANGUAGES,
  languageOfPath,
  storeLanguage,
} from "./languages";
import type { Texts } from "./types";

type Loader = () => Promise<Texts>;

interface Namespace {
  readonly uk: Texts;
  /** Language code → loader of that language's file for this namespace. */
  readonly others: ReadonlyMap<string, Loader>;
}

const namespaces = new Map<string, Namespace>();
let language = initialLanguage;
if (typeof document !== "undefined") document.documentElement.lang = language;
/** The texts of every loaded namespace in the current language (Ukrainian behind any gap). */
let active: Record<string, string> = Object.create(null) as Record<string, string>;
const listeners = new Set<() => void>();

async function textsIn(ns: Namespace, code: string): Promise<Texts> {
  const load = code === DEFAULT_LANGUAGE ? undefined : ns.others.get(code);
  return load ? { ...ns.uk, ...(await load()) } : ns.uk;
}

/**
 * Registers a namespace (called once by its `load/<name>.ts` module, whose top-level await makes
 * every importer wait for the texts): the Ukrainian file comes bundled with the importer's chunk,
 * another language's file is fetched only when that language is on.
 */
export async function loadTexts(
  name: string,
  uk: Texts,
  others: Record<string, Loader>,
): Promise<void> {
  const ns: Namespace = {
    uk,
    others: new Map(Object.entries(others).map(([path, load]) => [languageOfPath(path), load])),
  };
  namespaces.set(name, ns);
  Object.assign(active, await textsIn(ns, language));
}

export function currentLanguage(): string {
  return language;
}

export function activeTexts(): Readonly<Record<string, string>> {
  return active;
}

/** Switches every loaded namespace to `code`, remembers the choice, then tells the listeners. */
export async function setLanguage(code: string): Promise<void> {
  if (!Object.prototype.hasOwnProperty.call(LANGUAGES, code) || code === language) return;
  const next = Object.create(null) as Record<string, string>;
  for (const ns of namespaces.values()) Object.assign(next, await textsIn(ns, code));
  language = code;
  active = next;
  storeLanguage(code);
  document.documentElement.lang = code;
  for (const listener of listeners) listener();
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
