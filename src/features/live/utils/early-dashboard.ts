/**
 * The first screen's live view as the page's HTML asked for it over HTTP (src/config/early-page.ts),
 * before any of the panel's code ran: shown until the panel's own subscription delivers, then
 * never again (a later screen with the same arguments waits for fresh data, not the page's).
 */
import { jsonToConvex, type JSONValue } from "convex/values";
import { useSyncExternalStore } from "react";
import type { DashboardView } from "../hooks/use-live-data";

declare global {
  interface Window {
    __firstDashboard?: { args: string; value: Promise<JSONValue> };
  }
}

let answer: { args: string; view: DashboardView } | null = null;
let done = false;
const listeners = new Set<() => void>();

function settle(next: typeof answer) {
  answer = next;
  for (const listener of listeners) listener();
}

/** Starts listening for the page's answer (once, at start-up, before anything renders). */
export function watchEarlyDashboard(): void {
  const early = typeof window === "undefined" ? undefined : window.__firstDashboard;
  if (!early) return;
  window.__firstDashboard = undefined;
  early.value.then(
    (value) => {
      if (!done) settle({ args: early.args, view: jsonToConvex(value) as DashboardView });
    },
    () => {},
  );
}

/** The subscription delivered: the page's answer is stale from now on. */
export function forgetEarlyDashboard(): void {
  if (done) return;
  done = true;
  if (answer) settle(null);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The page's answer when it was asked with exactly these arguments. */
export function useEarlyDashboard(args: object | undefined): DashboardView | undefined {
  const key = args === undefined ? undefined : JSON.stringify(args);
  return useSyncExternalStore(
    subscribe,
    () => (answer && answer.args === key ? answer.view : undefined),
    () => undefined,
  );
}
