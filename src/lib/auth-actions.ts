import { createContext, useContext } from "react";
import type { AuthProviderKind } from "@/config/env";

export type DemoRole = "admin" | "moderator" | "visitor";

export type SignInOptions =
  | { kind: "credentials"; username: string; email: string; password: string }
  | { kind: "demo"; role: DemoRole };

/**
 * What screens need from whichever sign-in provider the build is configured with. Signed-in state
 * itself comes from `useConvexAuth()` (it waits until Convex accepted the token).
 */
export interface AuthActions {
  provider: AuthProviderKind;
  /**
   * Whether sign-in can be used now: a provider that loads beside the page (Clerk) is "loading"
   * at first and "unavailable" when it has not come within a bounded wait (it may still come).
   * Absent means ready.
   */
  availability?: "ready" | "loading" | "unavailable";
  /** Resolves when the provider signed the user in; rejects on wrong credentials. */
  signIn: (options: SignInOptions) => Promise<void>;
  signOut: () => Promise<void>;
}

/**
 * The account or password is not right: an expected answer the form words for the user, not a
 * fault worth a console line.
 */
export class WrongCredentialsError extends Error {
  override name = "WrongCredentialsError";
}

const notConfigured = () => Promise.reject(new Error("Sign-in is not configured"));

export const AuthActionsContext = createContext<AuthActions>({
  provider: "none",
  signIn: notConfigured,
  signOut: () => Promise.resolve(),
});

export function useAuthActions(): AuthActions {
  return useContext(AuthActionsContext);
}
