/**
 * Test-only functions that exercise each builder in isolation. The two dots in the file name keep
 * it out of deployments and out of `_generated/api` (Convex skips such files), while convex-test
 * still loads it through the modules glob.
 */
import { v } from "convex/values";
import {
  adminAction,
  adminQuery,
  guestAdminAction,
  publicMutation,
  publicQuery,
  sessionMutation,
  sessionQuery,
  signedInMutation,
  signedInQuery,
  viewerQuery,
} from "../lib/functions";

const who = v.object({ name: v.string(), isAdmin: v.boolean() });

export const publicRead = viewerQuery({
  args: {},
  returns: who,
  handler: async (ctx) => ({ name: ctx.viewer.displayName, isAdmin: ctx.viewer.isAdmin }),
});
/** A public read that (wrongly) asks who calls. */
export const publicIdentity = publicQuery({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    await ctx.auth.getUserIdentity();
    return null;
  },
});
export const publicWrite = publicMutation({
  args: {},
  returns: who,
  handler: async (ctx) => ({ name: ctx.viewer.displayName, isAdmin: ctx.viewer.isAdmin }),
});
export const sessionRead = sessionQuery({
  args: {},
  returns: v.string(),
  handler: async (ctx) => ctx.sessionId,
});
export const sessionWrite = sessionMutation({
  args: { x: v.number() },
  returns: v.number(),
  handler: async (_ctx, { x }) => x * 2,
});
export const signedInRead = signedInQuery({
  args: {},
  returns: v.string(),
  handler: async (ctx) => ctx.viewer.displayName,
});
export const signedInWrite = signedInMutation({
  args: {},
  returns: v.string(),
  handler: async (ctx) => ctx.viewer.displayName,
});
export const adminRead = adminQuery({
  args: {},
  returns: v.string(),
  handler: async (ctx) => ctx.viewer.displayName,
});
export const adminOnly = adminAction({
  audit: "serverUpdate",
  args: {},
  returns: v.string(),
  handler: async (ctx) => ctx.viewer.username,
});
export const guestAdminOnly = guestAdminAction({
  audit: "skipWarmup",
  args: {},
  returns: v.union(v.string(), v.null()),
  handler: async (ctx, { serverId }) => serverId ?? null,
});
