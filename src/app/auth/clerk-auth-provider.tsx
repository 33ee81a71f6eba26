import { ClerkProvider, useAuth, useClerk, useSignIn } from "@clerk/clerk-react";
import { ukUA } from "@clerk/localizations/uk-UA";
import type { ConvexReactClient } from "convex/react";
import { ConvexProviderWithClerk } from "convex/react-clerk";
import { useMemo, type ReactNode } from "react";
import { AuthActionsContext, type AuthActions, type SignInOptions } from "@/lib/auth-actions";
import { useAuthConfirmation } from "./use-auth-confirmation";

function ClerkAuthActions({ children }: { children: ReactNode }) {
  const { isLoaded, signIn, setActive } = useSignIn();
  const clerk = useClerk();
  const waitForConvex = useAuthConfirmation();

  const value = useMemo<AuthActions>(
    () => ({
      provider: "clerk",
      signIn: async (options: SignInOptions) => {
        if (options.kind !== "credentials") {
          throw new Error("Demo sign-in is not available with Clerk");
        }
        if (!isLoaded) throw new Error("Clerk is still loading");
        const attempt = await signIn.create({
          identifier: options.email,
          password: options.password,
        });
        if (attempt.status !== "complete" || !attempt.createdSessionId) {
          throw new Error(`Sign-in needs another step: ${attempt.status ?? "unknown"}`);
        }
        await setActive({ session: attempt.createdSessionId });
        // The form asks for the username too: it must be this account's Clerk username.
        const actual = clerk.user?.username ?? "";
        if (actual.toLowerCase() !== options.username.trim().toLowerCase()) {
          await clerk.signOut();
          throw new Error("The username does not match the account");
        }
        await waitForConvex();
      },
      signOut: async () => {
        await clerk.signOut();
      },
    }),
    [clerk, isLoaded, signIn, setActive, waitForConvex],
  );

  return <AuthActionsContext.Provider value={value}>{children}</AuthActionsContext.Provider>;
}

/** Clerk sign-in (Ukrainian localization) feeding its JWTs to Convex; chosen by VITE_CLERK_PUBLISHABLE_KEY. */
export default function ClerkAuthProvider({
  client,
  publishableKey,
  children,
}: {
  client: ConvexReactClient;
  publishableKey: string;
  children: ReactNode;
}) {
  return (
    <ClerkProvider publishableKey={publishableKey} localization={ukUA} afterSignOutUrl="/">
      <ConvexProviderWithClerk client={client} useAuth={useAuth}>
        <ClerkAuthActions>{children}</ClerkAuthActions>
      </ConvexProviderWithClerk>
    </ClerkProvider>
  );
}
