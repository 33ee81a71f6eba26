import { ConvexProviderWithAuth, type ConvexReactClient } from "convex/react";
import { useCallback, useMemo, useSyncExternalStore, type ReactNode } from "react";
import {
  AuthActionsContext,
  WrongCredentialsError,
  type AuthActions,
  type SignInOptions,
} from "@/lib/auth-actions";
import { demoAuthStore, matchDemoAccount } from "./demo-auth-store";
import { useAuthConfirmation } from "./use-auth-confirmation";

/** The `useAuth` contract of ConvexProviderWithAuth, backed by the demo token store. */
function useDemoAuth() {
  const role = useSyncExternalStore(demoAuthStore.subscribe, demoAuthStore.role, () => null);
  // A new function per role makes Convex re-authenticate when the account changes.
  const fetchAccessToken = useCallback(
    async ({ forceRefreshToken }: { forceRefreshToken: boolean }) =>
      role ? demoAuthStore.token(forceRefreshToken) : null,
    [role],
  );
  return useMemo(
    () => ({ isLoading: false, isAuthenticated: role !== null, fetchAccessToken }),
    [role, fetchAccessToken],
  );
}

function DemoAuthActions({ children }: { children: ReactNode }) {
  const waitForConvex = useAuthConfirmation();

  const value = useMemo<AuthActions>(
    () => ({
      provider: "demo",
      signIn: async (options: SignInOptions) => {
        const role =
          options.kind === "demo"
            ? options.role
            : matchDemoAccount(options.username, options.email, options.password);
        if (!role) throw new WrongCredentialsError("Wrong demo credentials");
        demoAuthStore.signIn(role);
        try {
          await waitForConvex();
        } catch (error) {
          demoAuthStore.signOut();
          throw error;
        }
      },
      signOut: async () => {
        demoAuthStore.signOut();
      },
    }),
    [waitForConvex],
  );

  return <AuthActionsContext.Provider value={value}>{children}</AuthActionsContext.Provider>;
}

/** Demo sign-in ("admin" or "visitor") for the offline demo; chosen by VITE_DEMO_AUTH=1. */
export function DemoAuthProvider({
  client,
  children,
}: {
  client: ConvexReactClient;
  children: ReactNode;
}) {
  return (
    <ConvexProviderWithAuth client={client} useAuth={useDemoAuth}>
      <DemoAuthActions>{children}</DemoAuthActions>
    </ConvexProviderWithAuth>
  );
}
