/**
 * The setup check an admin reads in the settings («Стан розгортання»): what the deployment was
 * given and what it can reach, never a secret's value.
 */
import type { UserIdentity } from "convex/server";
import { hasVerifiedEmail } from "../../lib/viewer";

/** Deployment variables the panel reads, and whether it cannot work without them. */
export const DEPLOYMENT_VARIABLES = [
  { name: "CLERK_JWT_ISSUER_DOMAIN", required: true },
  { name: "ADMIN_EMAILS", required: false },
  { name: "MODERATOR_EMAILS", required: false },
  { name: "PANEL_URL", required: false },
  { name: "STEAM_WEB_API_KEY", required: false },
] as const;

export type DeploymentVariable = (typeof DEPLOYMENT_VARIABLES)[number]["name"];

/**
 * Which of the variables are set (a blank value counts as unset). `signedIn`: the caller's own
 * token was verified, so sign-in works whatever the Clerk variable says (a deployment whose auth
 * config names another issuer): the variable is then not needed and is not called a fault.
 */
export function variablesSet(
  read: (name: DeploymentVariable) => string | undefined,
  signedIn = false,
) {
  return DEPLOYMENT_VARIABLES.map(({ name, required }) => {
    const set = (read(name) ?? "").trim() !== "";
    const verifiedOtherwise = !set && required && signedIn;
    return {
      name,
      required: required && !verifiedOtherwise,
      set,
      ...(verifiedOtherwise ? { verifiedOtherwise } : {}),
    };
  });
}

/** What the caller's sign-in token carries of what admin/moderator emails and usernames need. */
export function signInClaims(identity: UserIdentity | null) {
  return {
    email: typeof identity?.email === "string" && identity.email !== "",
    emailVerified: identity ? hasVerifiedEmail(identity) : false,
    nickname: typeof identity?.nickname === "string" && identity.nickname !== "",
  };
}
