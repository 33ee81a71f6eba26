import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { internalMutation } from "./_generated/server";
import { adminAction, adminQuery, publicQuery } from "./lib/functions";
import { serverFields, vConnectionType, vServerInput } from "./lib/validators";
import { secretsOf } from "./model/servers";
import { saveServer } from "./model/serverSettings";

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

const vAdminServer = v.object({
  _id: v.id("servers"),
  ...serverFields,
  hasApiKey: v.boolean(),
  hasRconPassword: v.boolean(),
});

/** Every server with its settings, for the settings screen. Secrets appear only as "is set". */
export const adminList = adminQuery({
  args: {},
  returns: v.array(vAdminServer),
  handler: async (ctx) => {
    const rows = await ctx.db.query("servers").withIndex("by_order").take(50);
    const result = [];
    for (const s of rows) {
      const secret = await secretsOf(ctx, s._id);
      const { _creationTime: _, ...fields } = s;
      result.push({
        ...fields,
        hasApiKey: !!secret?.apiKey,
        hasRconPassword: !!secret?.rconPassword,
      });
    }
    return result;
  },
});

export const write = internalMutation({
  args: {
    serverId: v.optional(v.id("servers")),
    server: v.optional(vServerInput),
    disabled: v.optional(v.boolean()),
    order: v.optional(v.number()),
    apiKey: v.optional(v.string()),
    rconPassword: v.optional(v.string()),
    username: v.string(),
    tokenIdentifier: v.optional(v.string()),
  },
  returns: v.id("servers"),
  handler: async (ctx, args) => await saveServer(ctx, args),
});

/** Add a server (no `serverId`) or change one: settings, enabled flag, order and write-only secrets. */
export const save = adminAction({
  audit: "server_save",
  args: {
    server: v.optional(vServerInput),
    disabled: v.optional(v.boolean()),
    order: v.optional(v.number()),
    apiKey: v.optional(v.string()),
    rconPassword: v.optional(v.string()),
  },
  returns: v.id("servers"),
  handler: async (ctx, args): Promise<Id<"servers">> =>
    await ctx.runMutation(internal.servers.write, {
      ...args,
      username: ctx.viewer.username,
      tokenIdentifier: ctx.viewer.tokenIdentifier,
    }),
});
