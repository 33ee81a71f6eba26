import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./_generated/server";
import { adminAction, publicQuery } from "./lib/functions";
import { appendAudit } from "./model/audit";
import { getSettings, writeGuestAdmin } from "./model/settings";

export const get = publicQuery({
  args: {},
  returns: v.object({ isGuestAdminEnabled: v.boolean() }),
  handler: async (ctx) => await getSettings(ctx),
});

export const storeGuestAdmin = internalMutation({
  args: { enabled: v.boolean(), username: v.string(), tokenIdentifier: v.optional(v.string()) },
  returns: v.null(),
  handler: async (ctx, { enabled, username, tokenIdentifier }) => {
    await writeGuestAdmin(ctx, enabled);
    await appendAudit(ctx, {
      identity: "admin",
      username,
      tokenIdentifier,
      action: enabled ? "guest_admin_on" : "guest_admin_off",
      outcome: "success",
    });
    return null;
  },
});

/** Opens (or closes) the general, match and map controls to every visitor. */
export const setGuestAdmin = adminAction({
  audit: "guest_admin",
  args: { enabled: v.boolean() },
  returns: v.null(),
  handler: async (ctx, { enabled }) => {
    await ctx.runMutation(internal.settings.storeGuestAdmin, {
      enabled,
      username: ctx.viewer.username,
      tokenIdentifier: ctx.viewer.tokenIdentifier,
    });
    return null;
  },
});
