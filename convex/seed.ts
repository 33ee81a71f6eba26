import { v } from "convex/values";
import { internalMutation } from "./_generated/server";
import { serverConfigFields } from "./lib/validators";
import { restartPoller } from "./model/live/pollSchedule";
import { serverByKey, writeSecrets } from "./model/servers/records";

const vSeedServer = v.object({
  ...serverConfigFields,
  apiKey: v.optional(v.string()),
  rconPassword: v.optional(v.string()),
});

/** The two default servers, pointing at the simulator's default ports (dev/sim/defaults.ts). */
export const DEFAULT_SERVERS = [
  {
    key: "server1",
    name: "Server #1",
    apiBaseUrl: "http://127.0.0.1:27001",
    connectAddress: "127.0.0.1:27015",
    connectionType: "HTTP" as const,
    apiKey: "demo-key-1",
  },
  {
    key: "server2",
    name: "Server #2",
    apiBaseUrl: "http://127.0.0.1:27080",
    connectAddress: "127.0.0.1:27016",
    connectionType: "RCON_PROXY" as const,
    proxyTargetHost: "127.0.0.1",
    proxyTargetPort: 27016,
    rconPassword: "demo-rcon-2",
  },
];

/**
 * Creates or updates the default servers (idempotent, keyed by `key`) and starts their pollers.
 * Demo mode and tests run it with the simulator's actual ports; `npx convex run seed:defaultServers`
 * uses the defaults.
 */
export const defaultServers = internalMutation({
  args: { servers: v.optional(v.array(vSeedServer)) },
  returns: v.array(v.id("servers")),
  handler: async (ctx, { servers = DEFAULT_SERVERS }) => {
    const ids = [];
    for (const [order, s] of servers.entries()) {
      const { apiKey, rconPassword, ...fields } = s;
      const existing = await serverByKey(ctx, s.key);
      const id = existing
        ? (await ctx.db.replace("servers", existing._id, { ...fields, disabled: false, order }),
          existing._id)
        : await ctx.db.insert("servers", { ...fields, disabled: false, order });
      // The seed states every secret: one it leaves out is cleared (empty string).
      await writeSecrets(ctx, id, { apiKey: apiKey ?? "", rconPassword: rconPassword ?? "" });
      await restartPoller(ctx, id);
      ids.push(id);
    }
    return ids;
  },
});
