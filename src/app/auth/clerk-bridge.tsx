import { ClerkFailed, ClerkProvider, useAuth, useClerk, useSignIn } from "@clerk/clerk-react";
import { ukUA } from "@clerk/localizations/uk-UA";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useLanguage } from "@/hooks/use-language";
import { WrongCredentialsError, type AuthActions, type SignInOptions } from "@/lib/auth-actions";
import { clerkState } from "./clerk-state";
import { useAuthConfirmation } from "./use-auth-confirmation";

/** Publishes Clerk's session and sign-in to the page's store (clerk-state.ts). */
function Bridge() {
  const { isLoaded, isSignedIn, getToken, orgId, orgRole, sessionId, sessionClaims } = useAuth();
  const { signIn, setActive } = useSignIn();
  const clerk = useClerk();
  const waitForConvex = useAuthConfirmation();
  // The actions read Clerk's objects through a ref: they are published to a store that re-renders
  // this component, so they must change only when sign-in becomes usable, not with every render.
  const latest = useRef({ signIn, setActive, clerk, waitForConvex });
  useEffect(() => {
    latest.current = { signIn, setActive, clerk, waitForConvex };
  });

  const fetchAccessToken = useCallback(
    async ({ forceRefreshToken }: { forceRefreshToken: boolean }) => {
      try {
        return await getToken(
          sessionClaims?.aud === "convex"
            ? { skipCache: forceRefreshToken }
            : { template: "convex", skipCache: forceRefreshToken },
        );
      } catch {
        return null;
      }
    },
    // A new function makes Convex fetch a new token: only when the session or organisation changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [orgId, orgRole, sessionId],
  );

  const actions = useMemo<AuthActions>(
    () => ({
      provider: "clerk",
      availability: "ready",
      signIn: async (options: SignInOptions) => {
        const { signIn, setActive, clerk, waitForConvex } = latest.current;
        if (options.kind !== "credentials") {
          throw new Error("Demo sign-in is not available with Clerk");
        }
        if (!signIn || !setActive) throw new Error("Clerk is still loading");
        const attempt = await signIn
          .create({ identifier: options.email, password: options.password })
          .catch((error: unknown) => {
            throw isClerkFormError(error) ? new WrongCredentialsError(String(error)) : error;
          });
        if (attempt.status !== "complete" || !attempt.createdSessionId) {
          throw new Error(`Sign-in needs another step: ${attempt.status ?? "unknown"}`);
        }
        await setActive({ session: attempt.createdSessionId });
        // The form asks for the username too: it must be this account's Clerk username.
        const actual = clerk.user?.username ?? "";
        if (actual.toLowerCase() !== options.username.trim().toLowerCase()) {
          await clerk.signOut();
          throw new WrongCredentialsError("The username does not match the account");
        }
        await waitForConvex();
      },
      signOut: async () => {
        await latest.current.clerk.signOut();
      },
    }),
    [],
  );

  useEffect(() => {
    if (!isLoaded) return;
    clerkState.set({ phase: "ready", isSignedIn: isSignedIn === true, fetchAccessToken, actions });
  }, [isLoaded, isSignedIn, fetchAccessToken, actions]);
  return null;
}

function Failed() {
  useEffect(() => {
    console.warn("Sign-in unavailable: Clerk failed to load (its script or Frontend API).");
    clerkState.set({ phase: "unavailable" });
  }, []);
  return null;
}

/**
 * Clerk itself, loaded as its own chunk beside the page; its screens speak the panel's language
 * (Clerk's own default is English, so only Ukrainian needs a localization).
 */
export default function ClerkBridge({ publishableKey }: { publishableKey: string }) {
  const language = useLanguage();
  return (
    <ClerkProvider
      publishableKey={publishableKey}
      localization={language === "uk" ? ukUA : undefined}
      afterSignOutUrl="/"
    >
      <Bridge />
      <ClerkFailed>
        <Failed />
      </ClerkFailed>
    </ClerkProvider>
  );
}

/**
 * Clerk's answer to a wrong e-mail or password (`form_password_incorrect`,
 * `form_identifier_not_found`, …): its API errors carry `errors[].code`, the form ones `form_*`.
 */
function isClerkFormError(error: unknown): boolean {
  const errors = (error as { errors?: unknown } | null)?.errors;
  return (
    Array.isArray(errors) &&
    errors.some(
      (e) =>
        typeof (e as { code?: unknown })?.code === "string" &&
        (e as { code: string }).code.startsWith("form_"),
    )
  );
}
