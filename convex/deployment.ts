/** «Стан розгортання»: the admins' setup check (model/settings/setupCheck.ts). */
import { v } from "convex/values";
import { internalQuery } from "./_generated/server";
import { vConnectionType, vTarget } from "./lib/validators";
import { capability } from "./model/capability/define";
import { targetFor } from "./model/servers/records";
import { SETUP_CHECK_CAPABILITY } from "./model/settings/setupCheck";

/** Enabled servers (at most 50) and how to reach them: for the reachability check only. */
export const serverTargets = internalQuery({
  args: {},
  returns: v.array(
    v.object({
      key: v.string(),
      name: v.string(),
      address: v.object({
        apiBaseUrl: v.string(),
        connectionType: vConnectionType,
        proxyTargetHost: v.optional(v.string()),
      }),
      target: vTarget,
    }),
  ),
  handler: async (ctx) => {
    const rows = [];
    for (const server of await ctx.db.query("servers").withIndex("by_order").take(50)) {
      if (server.disabled) continue;
      const target = await targetFor(ctx, server);
      const { apiBaseUrl, connectionType, proxyTargetHost } = server;
      rows.push({
        key: server.key,
        name: server.name,
        address: { apiBaseUrl, connectionType, proxyTargetHost },
        target,
      });
    }
    return rows;
  },
});

/** Reads the setup and tries every enabled server once (values of secrets are never returned). */
export const setupStatus = capability(SETUP_CHECK_CAPABILITY);
