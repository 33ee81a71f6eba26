import { vSessionId } from "convex-helpers/server/sessions";
import { v } from "convex/values";
import { internalMutation, internalQuery } from "./_generated/server";
import { adminQuery, viewerQuery, signedInMutation } from "./lib/functions";
import { capability } from "./model/capability/define";
import {
  grantAdminByOwner,
  storeSignedIn,
  USER_CAPABILITIES,
  userList,
  vUserListItem,
} from "./model/settings/users";
import { vActionViewer } from "./lib/validators";
import { guestIdFromSession, loadViewer } from "./lib/viewer";
import { getSettings } from "./model/settings/guestAdmin";

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

/** Creates or refreshes the caller's row from the sign-in token (model/settings/users.ts). */
export const store = signedInMutation({
  args: {},
  returns: v.id("users"),
  handler: async (ctx) => await storeSignedIn(ctx, ctx.viewer.identity!, ctx.viewer.user),
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
  handler: async (ctx, args) => await grantAdminByOwner(ctx, args),
});

/**
 * Users for the settings screen (admin only), with the role they act with: a moderator through
 * MODERATOR_EMAILS shows as one (and the switch that would not change it is not offered);
 * `isSelf` marks the caller, who cannot revoke their own admin.
 */
export const list = adminQuery({
  args: {},
  returns: v.array(vUserListItem),
  handler: async (ctx) => await userList(ctx, ctx.viewer.user?._id),
});

export const setAdmin = capability(USER_CAPABILITIES.setAdmin);
export const setModerator = capability(USER_CAPABILITIES.setModerator);
