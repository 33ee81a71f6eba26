import { SessionProvider, type UseStorage } from "convex-helpers/react/sessions";
import type { SessionId } from "convex-helpers/server/sessions";
import type { ReactNode } from "react";
import { Toaster, useToasterStore } from "react-hot-toast";
import { TopLayer } from "@/components/ui/top-layer";
import { env } from "@/config/env";
import { useLocalStorage } from "@/hooks/use-local-storage";
import { ClerkAuthProvider } from "./auth/clerk-auth-provider";
import { DemoAuthProvider } from "./auth/demo-auth-provider";
import { NoneAuthProvider } from "./auth/none-auth-provider";
import { StoreUser } from "./auth/store-user";
import { convex } from "./convex-client";

/** Session id of this browser (anonymous actions, tournament seat); survives reloads and is shared by tabs. */
const useLocalSessionStorage: UseStorage<SessionId | undefined> = (key, initialValue) =>
  useLocalStorage<SessionId>(key, initialValue);

function AuthProvider({ children }: { children: ReactNode }) {
  switch (env.authProvider) {
    case "clerk":
      // Clerk (and its localization) is downloaded only by builds configured for it, beside the page.
      return (
        <ClerkAuthProvider client={convex} publishableKey={env.clerkPublishableKey!}>
          {children}
        </ClerkAuthProvider>
      );
    case "demo":
      return <DemoAuthProvider client={convex}>{children}</DemoAuthProvider>;
    case "none":
      return <NoneAuthProvider client={convex}>{children}</NoneAuthProvider>;
  }
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      <SessionProvider useStorage={useLocalSessionStorage}>
        <StoreUser />
        {children}
      </SessionProvider>
      <Toasts />
    </AuthProvider>
  );
}

/** Bottom-right, 5 s; kept above open modal dialogs. */
function Toasts() {
  const { toasts } = useToasterStore();
  return (
    <TopLayer raiseKey={toasts.length}>
      <Toaster
        position="bottom-right"
        toastOptions={{
          duration: 5000,
          style: {
            background: "var(--color-surface-3)",
            color: "var(--color-text)",
            border: "1px solid var(--color-border-strong)",
            borderRadius: "var(--radius-md)",
            fontSize: "var(--font-size-sm)",
            maxWidth: "min(26rem, calc(100vw - 2rem))",
            // A long command or name without spaces still wraps inside the toast.
            overflowWrap: "anywhere",
          },
          success: { iconTheme: { primary: "#3ecf8e", secondary: "#0a0f1e" } },
          error: { iconTheme: { primary: "#f06565", secondary: "#0a0f1e" } },
        }}
      />
    </TopLayer>
  );
}
