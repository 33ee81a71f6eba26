import { ConvexProviderWithAuth, type ConvexReactClient } from "convex/react";
import {
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import { AuthActionsContext, type AuthActions } from "@/lib/auth-actions";
import { afterFirstScreen } from "@/lib/first-screen";
import { CLERK_WAIT_MS, clerkState } from "./clerk-state";

// Clerk's code (and its localization) is a chunk of its own that loads beside the page: nothing a
// spectator sees waits for it, and the Convex socket with the first screen's queries is already open.
// It starts once the first screen shows its score: on a phone, 43 kB of sign-in code downloading and
// compiling at the same time made the score about 0.2 s later.
const ClerkBridge = lazy(() => import("./clerk-bridge"));

const notReady = () => Promise.reject(new Error("Clerk is not loaded"));

function useClerkAuth() {
  const { phase, isSignedIn, fetchAccessToken } = useSyncExternalStore(
    clerkState.subscribe,
    clerkState.get,
  );
  return useMemo(
    () => ({ isLoading: phase === "loading", isAuthenticated: isSignedIn, fetchAccessToken }),
    [phase, isSignedIn, fetchAccessToken],
  );
}

/**
 * Clerk sign-in feeding its JWTs to Convex; chosen by VITE_CLERK_PUBLISHABLE_KEY. The page renders
 * at once (signed out until Clerk restores a session); when Clerk has not loaded within
 * CLERK_WAIT_MS the header says sign-in is unavailable, and when it arrives later sign-in works
 * without a reload.
 */
export function ClerkAuthProvider({
  client,
  publishableKey,
  children,
}: {
  client: ConvexReactClient;
  publishableKey: string;
  children: ReactNode;
}) {
  const { phase, actions } = useSyncExternalStore(clerkState.subscribe, clerkState.get);
  const [started, setStarted] = useState(false);
  useEffect(() => afterFirstScreen(() => setStarted(true)), []);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (clerkState.get().phase !== "loading") return;
      console.warn(
        `Sign-in unavailable: Clerk did not load within ${CLERK_WAIT_MS / 1000} s (its script or Frontend API is unreachable); still waiting for it.`,
      );
      clerkState.set({ phase: "unavailable" });
    }, CLERK_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const value = useMemo<AuthActions>(
    () =>
      actions ?? {
        provider: "clerk",
        availability: phase === "unavailable" ? "unavailable" : "loading",
        signIn: notReady,
        signOut: notReady,
      },
    [actions, phase],
  );
  return (
    <ConvexProviderWithAuth client={client} useAuth={useClerkAuth}>
      <AuthActionsContext.Provider value={value}>{children}</AuthActionsContext.Provider>
      {started && (
        <Suspense fallback={null}>
          <ClerkBridge publishableKey={publishableKey} />
        </Suspense>
      )}
    </ConvexProviderWithAuth>
  );
}
