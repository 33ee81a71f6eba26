import { useCallback, useSyncExternalStore } from "react";

const LOCAL_EVENT = "cs2-panel:local-storage";

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes (or removes, for `undefined`) a value and tells every hook in this tab. */
export function writeLocalStorage(key: string, value: string | undefined): void {
  try {
    if (value === undefined) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the value then lives for this page only.
  }
  window.dispatchEvent(new CustomEvent(LOCAL_EVENT, { detail: key }));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  window.addEventListener(LOCAL_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(LOCAL_EVENT, onChange);
  };
}

/**
 * A string kept in localStorage, shared by every component (and tab) that reads the same key.
 * Returns `initialValue` while nothing is stored.
 */
export function useLocalStorage<T extends string>(
  key: string,
  initialValue: T | undefined,
): readonly [T | undefined, (value: T | undefined) => void] {
  const stored = useSyncExternalStore(
    subscribe,
    () => read(key),
    () => null,
  );
  const set = useCallback((value: T | undefined) => writeLocalStorage(key, value), [key]);
  return [(stored as T | null) ?? initialValue, set] as const;
}
