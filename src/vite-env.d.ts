/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Convex deployment URL (the WebSocket/sync endpoint). */
  readonly VITE_CONVEX_URL?: string;
  /** Where the deployment serves HTTP actions (the public API); derived from VITE_CONVEX_URL if unset. */
  readonly VITE_CONVEX_SITE_URL?: string;
  /** Clerk publishable key; when set, sign-in goes through Clerk. */
  readonly VITE_CLERK_PUBLISHABLE_KEY?: string;
  /** "1" enables the offline demo sign-in (unsigned tokens, accepted only by the dev backend). */
  readonly VITE_DEMO_AUTH?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
