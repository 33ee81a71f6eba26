import { vSessionId } from "convex-helpers/server/sessions";
import { v } from "convex/values";
import { internalMutation, internalQuery } from "./_generated/server";
import { adminQuery, viewerQuery, signedInMutation } from "./lib/functions";
import { capability } from "./model/capability";
import { USER_CAPABILITIES } from "./model/users";
import { fail } from "./lib/errors";
import { vActionViewer } from "./lib/validators";
import {
  guestIdFromSession,
  hasVerifiedEmail,
  isAdminEmail,
  isModeratorEmail,
  loadViewer,
  usernameFromIdentity,
} from "./lib/viewer";
import { getSettings } from "./model/settings";

/** The signed-in user as the UI needs it; null for anonymous visitors. */
export const me = viewerQuery({
  args: {},
  returns: v.union(
    v.null(),
    v.object({
      username: v.string(),
      isAdmin: v.boolean(),
      isModerator: v.boolean(),
      isStored: v.boolean(),
      /** The Steam account this user linked (SteamID64), null when none. */
      steamId: v.union(v.string(), v.null()),
      steamName: v.union(v.string(), v.null()),
    }),
  ),
  handler: async (ctx) => {
    const { identity, user, isAdmin, isModerator, displayName } = ctx.viewer;
    if (!identity) return null;
    return {
      username: displayName,
      isAdmin,
      isModerator,
      isStored: user !== null,
      steamId: user?.steamId ?? null,
      steamName: user?.steamName ?? null,
    };
  },
});

/**
 * Creates the caller's row on first sign-in (never as admin, unless ADMIN_EMAILS lists the
 * verified email) and keeps username/email current. The username comes from the token's claims
 * (Clerk's `convex` template puts the Clerk username in `nickname`), never from the client. The
 * spec's "authenticated user without a document becomes admin" rule is a privilege escalation
 * and is deliberately not copied.
 */
export const store = signedInMutation({
  args: {},
  returns: v.id("users"),
  handler: async (ctx) => {
    const identity = ctx.viewer.identity!;
    const name = usernameFromIdentity(identity);
    const emailVerified = hasVerifiedEmail(identity);
    const emailAdmin = emailVerified && isAdminEmail(identity.email);
    const existing = ctx.viewer.user;
    if (existing) {
      const patch: {
        username?: string;
        email?: string;
        emailVerified?: boolean;
        isAdmin?: boolean;
      } = {};
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
  },
});

/** What actions know about their caller (see `ActionViewer` in lib/functions.ts). */
export const actionViewer = internalQuery({
  args: { sessionId: v.optional(vSessionId) },
  returns: vActionViewer,
  handler: async (ctx, { sessionId }) => {
    const viewer = await loadViewer(ctx);
    const settings = await getSettings(ctx);
    return {
      isSignedIn: viewer.identity !== null,
      isAdmin: viewer.isAdmin,
      isModerator: viewer.isModerator,
      isGuestAdminEnabled: settings.isGuestAdminEnabled,
      username: viewer.displayName,
      tokenIdentifier: viewer.identity?.tokenIdentifier,
      guestId: !viewer.identity && sessionId ? await guestIdFromSession(sessionId) : undefined,
    };
  },
});

/**
 * Bootstrap for the deployment owner:
 * `npx convex run users:grantAdmin '{"email":"owner@example.com"}'` (the user must have signed in
 * once). Pass `isAdmin: false` to revoke.
 */
export const grantAdmin = internalMutation({
  args: {
    email: v.optional(v.string()),
    username: v.optional(v.string()),
    isAdmin: v.optional(v.boolean()),
  },
  returns: v.string(),
  handler: async (ctx, { email, username, isAdmin = true }) => {
    if (!email && !username) fail("INVALID_INPUT", "Вкажіть email або username.");
    // Owner-run bootstrap over a small table: a scan is acceptable here and needs no extra index.
    const users = await ctx.db.query("users").take(10_000);
    const matches = users.filter(
      (u) =>
        (email && u.email?.toLowerCase() === email.toLowerCase()) ||
        (username && u.username === username),
    );
    if (matches.length === 0) {
      fail("NOT_FOUND", "Користувача не знайдено: він має увійти хоча б раз.");
    }
    for (const u of matches) await ctx.db.patch("users", u._id, { isAdmin });
    return `${isAdmin ? "granted" : "revoked"} admin for ${matches.map((u) => u.username).join(", ")}`;
  },
});

/**
 * Users for the settings screen (admin only), with the role they act with: a moderator through
 * MODERATOR_EMAILS shows as one (and the switch that would not change it is not offered);
 * `isSelf` marks the caller, who cannot revoke their own admin.
 */
export const list = adminQuery({
  args: {},
  returns: v.array(
    v.object({
      _id: v.id("users"),
      username: v.string(),
      email: v.optional(v.string()),
      isAdmin: v.boolean(),
      isModerator: v.boolean(),
      moderatorByEmail: v.boolean(),
      isSelf: v.boolean(),
    }),
  ),
  handler: async (ctx) => {
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
        isSelf: u._id === ctx.viewer.user?._id,
      };
    });
  },
});

export const setAdmin = capability(USER_CAPABILITIES.setAdmin);
export const setModerator = capability(USER_CAPABILITIES.setModerator);
