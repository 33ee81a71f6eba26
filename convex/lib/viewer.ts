import type { UserIdentity } from "convex/server";
import type { Doc } from "../_generated/dataModel";
import { env, type QueryCtx } from "../_generated/server";
import type { ActionViewer, Actor, IdentityKind } from "./validators";

/** Who is calling, as far as the backend can tell; identity only ever comes from `ctx.auth`. */
export interface Viewer {
  identity: UserIdentity | null;
  user: Doc<"users"> | null;
  isAdmin: boolean;
  /** An admin-granted moderator who is not an admin. */
  isModerator: boolean;
  /** Username for the audit log: the stored username, or "Anonymous". */
  displayName: string;
}

/** `ADMIN_EMAILS` (comma separated) on the deployment grants admin to those verified emails. */
export function isAdminEmail(email: string | undefined): boolean {
  return listsEmail(env.ADMIN_EMAILS, email);
}

/** `MODERATOR_EMAILS` (comma separated) grants the moderator role to those verified emails. */
export function isModeratorEmail(email: string | undefined): boolean {
  return listsEmail(env.MODERATOR_EMAILS, email);
}

function listsEmail(setting: string | undefined, email: string | undefined): boolean {
  if (!email) return false;
  const list = (setting ?? "")
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  return list.includes(email.toLowerCase());
}

/**
 * ADMIN_EMAILS trusts only an email the identity provider vouches for. Clerk's `convex` JWT
 * template sends `email_verified`; a token without it does not count as verified.
 */
export function hasVerifiedEmail(identity: UserIdentity): boolean {
  const flag: unknown = identity.emailVerified;
  return flag === true || flag === "true";
}

export function usernameFromIdentity(identity: UserIdentity): string {
  const candidate =
    identity.nickname ??
    identity.preferredUsername ??
    identity.name ??
    identity.email?.split("@")[0] ??
    "user";
  return candidate.trim().slice(0, 64) || "user";
}

export async function loadViewer(ctx: QueryCtx): Promise<Viewer> {
  const identity = await ctx.auth.getUserIdentity();
  if (!identity) {
    return {
      identity: null,
      user: null,
      isAdmin: false,
      isModerator: false,
      displayName: "Anonymous",
    };
  }
  const user = await ctx.db
    .query("users")
    .withIndex("by_tokenIdentifier", (q) => q.eq("tokenIdentifier", identity.tokenIdentifier))
    .unique();
  const isAdmin =
    (user?.isAdmin ?? false) || (hasVerifiedEmail(identity) && isAdminEmail(identity.email));
  return {
    identity,
    user,
    isAdmin,
    isModerator:
      !isAdmin &&
      ((user?.isModerator ?? false) ||
        (hasVerifiedEmail(identity) && isModeratorEmail(identity.email))),
    displayName: user?.username ?? usernameFromIdentity(identity),
  };
}

/**
 * A public label for an anonymous browser session. The session id itself is a bearer secret, so
 * the audit log shows a hash prefix instead. 64 bits: a caller picks session ids freely, but
 * finding one whose label equals someone else's would take ~2^64 tries.
 */
export async function guestIdFromSession(sessionId: string): Promise<string> {
  const bytes = new TextEncoder().encode(`guest:${sessionId}`);
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest).slice(0, 8), (b) =>
    b.toString(16).padStart(2, "0"),
  ).join("");
}

/** The kind of identity the backend established, as audit entries record it. */
export function identityOf(viewer: {
  isAdmin: boolean;
  isModerator?: boolean;
  isSignedIn: boolean;
}): IdentityKind {
  if (viewer.isAdmin) return "admin";
  if (viewer.isModerator) return "moderator";
  return viewer.isSignedIn ? "signedIn" : "anonymous";
}

/** The caller as the audit log, sanctions and notifications name it (an action's or a query's viewer). */
export function actorOf(viewer: ActionViewer | Viewer): Actor {
  if ("displayName" in viewer) {
    return {
      username: viewer.displayName,
      tokenIdentifier: viewer.identity?.tokenIdentifier,
      identity: identityOf({ ...viewer, isSignedIn: viewer.identity !== null }),
    };
  }
  return {
    username: viewer.username,
    tokenIdentifier: viewer.tokenIdentifier,
    guestId: viewer.guestId,
    identity: identityOf(viewer),
  };
}
