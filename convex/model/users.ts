/** Roles as declared capabilities (model/capability.ts): an admin grants or revokes them, audited. */
import { v } from "convex/values";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { fail } from "../lib/errors";
import type { Actor } from "../lib/validators";
import { defineCapability } from "./capability";

export const USER_MESSAGES = {
  notFound: "Користувача не знайдено.",
  selfRevoke: "Не можна зняти права адміністратора із самого себе.",
} as const;

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
