/** Build-time configuration; the only place that reads `import.meta.env`. */
const convexUrl = import.meta.env.VITE_CONVEX_URL ?? "http://127.0.0.1:3210";

/**
 * Convex serves HTTP actions on a sibling origin: `<name>.convex.cloud` → `<name>.convex.site`,
 * and a local backend on the next port (3210 → 3211).
 */
export function deriveSiteUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.hostname.endsWith(".convex.cloud")) {
      parsed.hostname = parsed.hostname.replace(/\.convex\.cloud$/, ".convex.site");
    } else if (parsed.port) {
      parsed.port = String(Number(parsed.port) + 1);
    }
    return parsed.origin;
  } catch {
    return url;
  }
}

export type AuthProviderKind = "clerk" | "demo" | "none";

const clerkPublishableKey = import.meta.env.VITE_CLERK_PUBLISHABLE_KEY || undefined;

/** Chosen by configuration only: Clerk if it has a key, else the demo sign-in if enabled, else none. */
const authProvider: AuthProviderKind = clerkPublishableKey
  ? "clerk"
  : import.meta.env.VITE_DEMO_AUTH === "1"
    ? "demo"
    : "none";

export const env = {
  convexUrl,
  convexSiteUrl: import.meta.env.VITE_CONVEX_SITE_URL || deriveSiteUrl(convexUrl),
  clerkPublishableKey,
  authProvider,
};
