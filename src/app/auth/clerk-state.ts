import type { AuthActions } from "@/lib/auth-actions";

type FetchToken = (options: { forceRefreshToken: boolean }) => Promise<string | null>;

/** What the page knows of Clerk, which loads beside the page rather than in front of it. */
export interface ClerkState {
  /** loading: script or session on its way; unavailable: not loaded within the wait (or failed). */
  phase: "loading" | "ready" | "unavailable";
  isSignedIn: boolean;
  fetchAccessToken: FetchToken;
  /** Sign-in and sign-out once Clerk is ready. */
  actions: AuthActions | null;
}

const noToken: FetchToken = async () => null;
let state: ClerkState = {
  phase: "loading",
  isSignedIn: false,
  fetchAccessToken: noToken,
  actions: null,
};
const listeners = new Set<() => void>();

export const clerkState = {
  get: (): ClerkState => state,
  set(next: Partial<ClerkState>): void {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** How long spectators' sign-in control may wait for Clerk before the header says it is down. */
export const CLERK_WAIT_MS = 8_000;
