import { act, render, screen } from "@testing-library/react";
import { useConvexAuth, type ConvexReactClient } from "convex/react";
import { useSyncExternalStore } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthActions } from "@/lib/auth-actions";
import { ClerkAuthProvider } from "./clerk-auth-provider";
import { CLERK_WAIT_MS, clerkState } from "./clerk-state";

// Clerk itself cannot load offline (its script and Frontend API are Clerk's), so it is stood in
// for here: "loaded" flips when the test says Clerk has arrived.
const clerk = vi.hoisted(() => {
  let loaded = false;
  const listeners = new Set<() => void>();
  return {
    arrive() {
      loaded = true;
      for (const l of listeners) l();
    },
    reset: () => void (loaded = false),
    subscribe: (l: () => void) => (listeners.add(l), () => void listeners.delete(l)),
    get: () => loaded,
  };
});
vi.mock("@clerk/clerk-react", () => ({
  ClerkProvider: ({ children }: { children: React.ReactNode }) => children,
  ClerkFailed: () => null,
  useAuth: () => {
    const isLoaded = useSyncExternalStore(clerk.subscribe, clerk.get);
    return { isLoaded, isSignedIn: false, getToken: async () => null };
  },
  useSignIn: () => ({ isLoaded: clerk.get(), signIn: {}, setActive: async () => undefined }),
  useClerk: () => ({ signOut: async () => undefined }),
}));
vi.mock("@clerk/localizations/uk-UA", () => ({ ukUA: {} }));

const client = {
  setAuth: vi.fn(),
  clearAuth: vi.fn(),
} as unknown as ConvexReactClient;

function Probe() {
  const { availability } = useAuthActions();
  const { isLoading } = useConvexAuth();
  return <p data-testid="probe">{`${availability}/${isLoading ? "loading" : "settled"}`}</p>;
}

describe("Clerk beside the page", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    clerk.reset();
    clerkState.set({ phase: "loading", isSignedIn: false, actions: null });
  });
  afterEach(() => void vi.useRealTimers());

  it("renders the page at once, says unavailable after the wait, and takes Clerk when it comes", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    render(
      <ClerkAuthProvider client={client} publishableKey="pk_test_x">
        <Probe />
      </ClerkAuthProvider>,
    );
    expect(screen.getByTestId("probe").textContent).toBe("loading/loading");
    await act(async () => void vi.advanceTimersByTime(CLERK_WAIT_MS));
    expect(screen.getByTestId("probe").textContent).toBe("unavailable/settled");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("Sign-in unavailable"));
    // Clerk's code arrives late: sign-in is ready in the same page, no reload.
    await act(async () => {
      await vi.dynamicImportSettled();
      clerk.arrive();
    });
    expect(screen.getByTestId("probe").textContent).toBe("ready/settled");
    warn.mockRestore();
  });
});
