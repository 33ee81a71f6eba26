import type { AuthConfig } from "convex/server";

// Read when the deployment loads its auth config (not by functions), so it stays a plain
// process.env read. Set it on the Convex deployment:
// `npx convex env set CLERK_JWT_ISSUER_DOMAIN https://<your-app>.clerk.accounts.dev`.
// eslint-disable-next-line @convex-dev/no-process-env
const clerkDomain = process.env.CLERK_JWT_ISSUER_DOMAIN;

// Without it the deployment would trust no issuer and refuse every sign-in without saying why:
// stop the deploy instead.
if (!clerkDomain) {
  throw new Error(
    "CLERK_JWT_ISSUER_DOMAIN is not set on this Convex deployment, so no sign-in could be " +
      "verified. Set it to your Clerk Frontend API URL: " +
      "npx convex env set CLERK_JWT_ISSUER_DOMAIN https://<your-app>.clerk.accounts.dev",
  );
}

export default {
  providers: [{ domain: clerkDomain, applicationID: "convex" }],
} satisfies AuthConfig;
