import { useConvexAuth } from "convex/react";
import { useCallback, useEffect, useRef } from "react";

export const AUTH_CONFIRM_TIMEOUT_MS = 10_000;

/**
 * Returns `waitForConvex()`: resolves once Convex has accepted the new token (so "signed in" is
 * never announced for a token the backend refuses), rejects after a timeout.
 * Must be used inside the Convex provider.
 */
export function useAuthConfirmation(): (timeoutMs?: number) => Promise<void> {
  const { isAuthenticated } = useConvexAuth();
  const waiters = useRef(new Set<() => void>());
  const authenticated = useRef(isAuthenticated);

  useEffect(() => {
    authenticated.current = isAuthenticated;
    if (!isAuthenticated) return;
    for (const resolve of waiters.current) resolve();
    waiters.current.clear();
  }, [isAuthenticated]);

  return useCallback(
    (timeoutMs = AUTH_CONFIRM_TIMEOUT_MS) =>
      new Promise<void>((resolve, reject) => {
        if (authenticated.current) {
          resolve();
          return;
        }
        const done = () => {
          window.clearTimeout(timer);
          resolve();
        };
        const timer = window.setTimeout(() => {
          waiters.current.delete(done);
          reject(new Error("The backend did not accept the sign-in token"));
        }, timeoutMs);
        waiters.current.add(done);
      }),
    [],
  );
}
