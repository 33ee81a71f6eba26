import type { AuthConfig } from "convex/server";

// Read at deploy time (not by functions), so it stays a plain process.env read. Set it on the
// Convex deployment: `npx convex env set CLERK_JWT_ISSUER_DOMAIN https://<your-app>.clerk.accounts.dev`.
// eslint-disable-next-line @convex-dev/no-process-env
const clerkDomain = process.env.CLERK_JWT_ISSUER_DOMAIN;

export default {
  providers: clerkDomain ? [{ domain: clerkDomain, applicationID: "convex" }] : [],
} satisfies AuthConfig;
