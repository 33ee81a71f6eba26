/** The panel-wide settings row (guest-admin switch). */
import { v } from "convex/values";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { defineCapability } from "../capability/define";

const GLOBAL = "global";

async function settingsRow(ctx: QueryCtx) {
  return await ctx.db
    .query("settings")
    .withIndex("by_key", (q) => q.eq("key", GLOBAL))
    .unique();
}

export async function getSettings(ctx: QueryCtx): Promise<{ isGuestAdminEnabled: boolean }> {
  const row = await settingsRow(ctx);
  return { isGuestAdminEnabled: row?.isGuestAdminEnabled ?? false };
}

export async function writeGuestAdmin(ctx: MutationCtx, enabled: boolean): Promise<void> {
  const row = await settingsRow(ctx);
  const fields = { isGuestAdminEnabled: enabled, updatedAt: Date.now() };
  if (row) await ctx.db.patch("settings", row._id, fields);
  else await ctx.db.insert("settings", { key: GLOBAL, ...fields });
}

/** Opens (or closes) the general, match and map controls to every visitor. */
export const GUEST_ADMIN_CAPABILITY = defineCapability({
  name: "guest_admin",
  access: "admin",
  args: { enabled: v.boolean() },
  returns: v.null(),
  auditName: ({ enabled }) => (enabled ? "guest_admin_on" : "guest_admin_off"),
  commit: async (ctx, { enabled }) => await writeGuestAdmin(ctx, enabled),
});
