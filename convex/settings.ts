import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation, type QueryCtx } from "./_generated/server";
import { appendAudit } from "./audit";
import { adminAction, publicQuery } from "./lib/functions";

const GLOBAL = "global";

export async function getSettings(ctx: QueryCtx): Promise<{ isGuestAdminEnabled: boolean }> {
  const row = await ctx.db
    .query("settings")
    .withIndex("by_key", (q) => q.eq("key", GLOBAL))
    .unique();
  return { isGuestAdminEnabled: row?.isGuestAdminEnabled ?? false };
}

export const get = publicQuery({
  args: {},
  returns: v.object({ isGuestAdminEnabled: v.boolean() }),
  handler: async (ctx) => await getSettings(ctx),
});

export const writeGuestAdmin = internalMutation({
  args: { enabled: v.boolean(), username: v.string(), tokenIdentifier: v.optional(v.string()) },
  returns: v.null(),
  handler: async (ctx, { enabled, username, tokenIdentifier }) => {
    const row = await ctx.db
      .query("settings")
      .withIndex("by_key", (q) => q.eq("key", GLOBAL))
      .unique();
    if (row) {
      await ctx.db.patch("settings", row._id, {
        isGuestAdminEnabled: enabled,
        updatedAt: Date.now(),
      });
    } else {
      await ctx.db.insert("settings", {
        key: GLOBAL,
        isGuestAdminEnabled: enabled,
        updatedAt: Date.now(),
      });
    }
    await appendAudit(ctx, {
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
    await ctx.runMutation(internal.settings.writeGuestAdmin, {
      enabled,
      username: ctx.viewer.username,
      tokenIdentifier: ctx.viewer.tokenIdentifier,
    });
    return null;
  },
});
