import { v } from "convex/values";
import { publicQuery } from "./lib/functions";
import { capability } from "./model/capability/define";
import { getSettings, GUEST_ADMIN_CAPABILITY } from "./model/settings/guestAdmin";

export const get = publicQuery({
  args: {},
  returns: v.object({ isGuestAdminEnabled: v.boolean() }),
  handler: async (ctx) => await getSettings(ctx),
});

/** Opens (or closes) the general, match and map controls to every visitor. */
export const setGuestAdmin = capability(GUEST_ADMIN_CAPABILITY);
