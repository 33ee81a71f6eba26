import { v } from "convex/values";
import { publicQuery } from "./lib/functions";
import { vConnectionType } from "./lib/validators";

export const vPublicServer = v.object({
  _id: v.id("servers"),
  key: v.string(),
  name: v.string(),
  connectAddress: v.string(),
  connectionType: vConnectionType,
  order: v.number(),
});

/** Enabled servers in display order; public fields only (no URLs, no secrets). */
export const list = publicQuery({
  args: {},
  returns: v.array(vPublicServer),
  handler: async (ctx) => {
    const rows = await ctx.db.query("servers").withIndex("by_order").take(50);
    return rows
      .filter((s) => !s.disabled)
      .map((s) => ({
        _id: s._id,
        key: s.key,
        name: s.name,
        connectAddress: s.connectAddress,
        connectionType: s.connectionType,
        order: s.order,
      }));
  },
});
