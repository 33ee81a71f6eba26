import { ConvexProviderWithAuth, type ConvexReactClient } from "convex/react";
import type { ReactNode } from "react";
import { AuthActionsContext, type AuthActions } from "@/lib/auth-actions";

const NONE: AuthActions = {
  provider: "none",
  signIn: () =>
    Promise.reject(new Error("Sign-in is not configured (set VITE_CLERK_PUBLISHABLE_KEY)")),
  signOut: () => Promise.resolve(),
};

const fetchNoToken = async () => null;
const SIGNED_OUT = { isLoading: false, isAuthenticated: false, fetchAccessToken: fetchNoToken };
/** Always signed out. (`useConvexAuth()` needs an auth-aware provider, so plain ConvexProvider will not do.) */
const useNoAuth = () => SIGNED_OUT;

/** No sign-in configured: visitors only. */
export function NoneAuthProvider({
  client,
  children,
}: {
  client: ConvexReactClient;
  children: ReactNode;
}) {
  return (
    <ConvexProviderWithAuth client={client} useAuth={useNoAuth}>
      <AuthActionsContext.Provider value={NONE}>{children}</AuthActionsContext.Provider>
    </ConvexProviderWithAuth>
  );
}
