/**
 * The setup check an admin reads in the settings («Стан розгортання»): what the deployment was
 * given and what it can reach, never a secret's value.
 */
import type { UserIdentity } from "convex/server";
import { hasVerifiedEmail } from "../lib/viewer";

/** Deployment variables the panel reads, and whether it cannot work without them. */
export const DEPLOYMENT_VARIABLES = [
  { name: "CLERK_JWT_ISSUER_DOMAIN", required: true },
  { name: "ADMIN_EMAILS", required: false },
  { name: "MODERATOR_EMAILS", required: false },
  { name: "PANEL_URL", required: false },
  { name: "STEAM_WEB_API_KEY", required: false },
] as const;

export type DeploymentVariable = (typeof DEPLOYMENT_VARIABLES)[number]["name"];

/** Which of the variables are set (a blank value counts as unset). */
export function variablesSet(read: (name: DeploymentVariable) => string | undefined) {
  return DEPLOYMENT_VARIABLES.map(({ name, required }) => ({
    name,
    required,
    set: (read(name) ?? "").trim() !== "",
  }));
}

/** What the caller's sign-in token carries of what admin/moderator emails and usernames need. */
export function signInClaims(identity: UserIdentity | null) {
  return {
    email: typeof identity?.email === "string" && identity.email !== "",
    emailVerified: identity ? hasVerifiedEmail(identity) : false,
    nickname: typeof identity?.nickname === "string" && identity.nickname !== "",
  };
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/^\[|\]$/g, "").toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Loopback, private, link-local and unique-local addresses, and names that only resolve inside a
 * network: Convex's cloud refuses `fetch` to them.
 */
export function isPrivateHost(host: string): boolean {
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local")) return true;
  if (host === "::1" || host === "::" || /^f[cd][0-9a-f]{2}:/.test(host) || /^fe80:/.test(host)) {
    return true;
  }
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!v4) return false;
  const [a, b] = [Number(v4[1]), Number(v4[2])];
  return (
    a === 127 ||
    a === 10 ||
    a === 0 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

/** Whether the functions run on a deployment reached over a public address (not a local backend). */
export function runsInCloud(cloudUrl: string | undefined): boolean {
  const host = cloudUrl ? hostOf(cloudUrl) : null;
  return host !== null && !isPrivateHost(host);
}

/** A server address the deployment cannot reach: private while the deployment is in the cloud. */
export function unreachableFromCloud(apiBaseUrl: string, cloudUrl: string | undefined): boolean {
  const host = hostOf(apiBaseUrl);
  return runsInCloud(cloudUrl) && host !== null && isPrivateHost(host);
}
