/**
 * Panel users: the caller's row kept in step with the sign-in token, the owner's bootstrap grant,
 * the settings screen's list, and the roles as declared capabilities (model/capability/define.ts): an
 * admin grants or revokes them, audited.
 */
import type { UserIdentity } from "convex/server";
import { v, type Infer } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { fail } from "../../lib/errors";
import { USER_TEXTS } from "../../lib/texts/users";
import type { Actor } from "../../lib/validators";
import {
  hasVerifiedEmail,
  isAdminEmail,
  isModeratorEmail,
  usernameFromIdentity,
} from "../../lib/viewer";
import { defineCapability } from "../capability/define";

export const USER_MESSAGES = {
  notFound: USER_TEXTS["refusal.users.notFound"],
  selfRevoke: USER_TEXTS["refusal.users.selfRevoke"],
} as const;

/**
 * Creates the caller's row on first sign-in (never as admin, unless ADMIN_EMAILS lists the
 * verified email) and keeps username/email current. The username comes from the token's claims
 * (Clerk's `convex` template puts the Clerk username in `nickname`), never from the client. An
 * "authenticated user without a row becomes admin" rule would be a privilege escalation and is
 * deliberately absent.
 */
export async function storeSignedIn(
  ctx: MutationCtx,
  identity: UserIdentity,
  existing: Doc<"users"> | null,
): Promise<Id<"users">> {
  const name = usernameFromIdentity(identity);
  const emailVerified = hasVerifiedEmail(identity);
  const emailAdmin = emailVerified && isAdminEmail(identity.email);
  if (existing) {
    const patch: { username?: string; email?: string; emailVerified?: boolean; isAdmin?: boolean } =
      {};
    if (existing.username !== name) patch.username = name;
    if (existing.email !== identity.email) patch.email = identity.email;
    if (existing.emailVerified !== emailVerified) patch.emailVerified = emailVerified;
    if (emailAdmin && !existing.isAdmin) patch.isAdmin = true;
    if (Object.keys(patch).length > 0) await ctx.db.patch("users", existing._id, patch);
    return existing._id;
  }
  return await ctx.db.insert("users", {
    tokenIdentifier: identity.tokenIdentifier,
    username: name,
    email: identity.email,
    emailVerified,
    isAdmin: emailAdmin,
  });
}

/** The owner's bootstrap: grant (or revoke) admin by email or username; answers who changed. */
export async function grantAdminByOwner(
  ctx: MutationCtx,
  { email, username, isAdmin = true }: { email?: string; username?: string; isAdmin?: boolean },
): Promise<string> {
  if (!email && !username) fail("INVALID_INPUT", USER_TEXTS["refusal.users.emailOrUsername"]);
  // Owner-run bootstrap over a small table: a scan is acceptable here and needs no extra index.
  const users = await ctx.db.query("users").take(10_000);
  const matches = users.filter(
    (u) =>
      (email && u.email?.toLowerCase() === email.toLowerCase()) ||
      (username && u.username === username),
  );
  if (matches.length === 0) {
    fail("NOT_FOUND", USER_TEXTS["refusal.users.neverSignedIn"]);
  }
  for (const u of matches) await ctx.db.patch("users", u._id, { isAdmin });
  return `${isAdmin ? "granted" : "revoked"} admin for ${matches.map((u) => u.username).join(", ")}`;
}

export const vUserListItem = v.object({
  _id: v.id("users"),
  username: v.string(),
  email: v.optional(v.string()),
  isAdmin: v.boolean(),
  isModerator: v.boolean(),
  moderatorByEmail: v.boolean(),
  isSelf: v.boolean(),
});
export type UserListItem = Infer<typeof vUserListItem>;

/**
 * Users with the role they act with: a moderator through MODERATOR_EMAILS shows as one;
 * `isSelf` marks the caller.
 */
export async function userList(
  ctx: QueryCtx,
  self: Id<"users"> | undefined,
): Promise<UserListItem[]> {
  const users = await ctx.db.query("users").take(500);
  return users.map((u) => {
    const moderatorByEmail = u.emailVerified === true && isModeratorEmail(u.email);
    return {
      _id: u._id,
      username: u.username,
      email: u.email,
      isAdmin: u.isAdmin,
      isModerator: (u.isModerator ?? false) || moderatorByEmail,
      moderatorByEmail,
      isSelf: u._id === self,
    };
  });
}

/** Sets one role flag; answers the user's name for the audit entry. */
async function setRole(
  ctx: MutationCtx,
  userId: Id<"users">,
  role: { isAdmin: boolean } | { isModerator: boolean },
  actor: Actor,
): Promise<string> {
  const user = await ctx.db.get("users", userId);
  if (!user) fail("NOT_FOUND", USER_MESSAGES.notFound);
  if ("isAdmin" in role && !role.isAdmin && user.tokenIdentifier === actor.tokenIdentifier) {
    fail("INVALID_INPUT", USER_MESSAGES.selfRevoke);
  }
  await ctx.db.patch("users", userId, role);
  return user.username;
}

export const USER_CAPABILITIES = {
  /** Grant or revoke admin for another user. */
  setAdmin: defineCapability({
    name: "admin_role",
    access: "admin",
    args: { userId: v.id("users"), isAdmin: v.boolean() },
    returns: v.null(),
    auditName: ({ isAdmin }) => (isAdmin ? "admin_grant" : "admin_revoke"),
    commit: async (ctx, { userId, isAdmin }, { actor }) => ({
      details: await setRole(ctx, userId, { isAdmin }, actor),
    }),
  }),

  /** Grant or revoke the moderator role. */
  setModerator: defineCapability({
    name: "moderator_role",
    access: "admin",
    args: { userId: v.id("users"), isModerator: v.boolean() },
    returns: v.null(),
    auditName: ({ isModerator }) => (isModerator ? "moderator_grant" : "moderator_revoke"),
    commit: async (ctx, { userId, isModerator }, { actor }) => ({
      details: await setRole(ctx, userId, { isModerator }, actor),
    }),
  }),
};
