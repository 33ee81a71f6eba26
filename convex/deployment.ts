/** «Стан розгортання»: the admins' setup check (model/deployment.ts). */
import { v, type Infer } from "convex/values";
import { internal } from "./_generated/api";
import { env, internalQuery } from "./_generated/server";
import { adminAction } from "./lib/functions";
import { vTarget } from "./lib/validators";
import {
  runsInCloud,
  signInClaims,
  unreachableFromCloud,
  variablesSet,
  type DeploymentVariable,
} from "./model/deployment";
import { pollServer } from "./model/pollSources";
import { eventsUrl } from "./model/push/status";
import { targetFor } from "./model/servers";

const vServerTarget = v.object({
  key: v.string(),
  name: v.string(),
  apiBaseUrl: v.string(),
  target: vTarget,
});

/** Enabled servers (at most 50) and how to reach them: for the reachability check only. */
export const serverTargets = internalQuery({
  args: {},
  returns: v.array(vServerTarget),
  handler: async (ctx) => {
    const rows = [];
    for (const server of await ctx.db.query("servers").withIndex("by_order").take(50)) {
      if (server.disabled) continue;
      const target = await targetFor(ctx, server);
      rows.push({ key: server.key, name: server.name, apiBaseUrl: server.apiBaseUrl, target });
    }
    return rows;
  },
});

type ServerTarget = Infer<typeof vServerTarget>;
type SetupStatus = Infer<typeof vSetupStatus>;

const vServerCheck = v.object({
  key: v.string(),
  name: v.string(),
  eventsUrl: v.string(),
  /** A private address while the deployment runs in Convex's cloud, which refuses to fetch it. */
  privateAddress: v.boolean(),
  reachable: v.boolean(),
  error: v.optional(v.string()),
});

const vSetupStatus = v.object({
  variables: v.array(v.object({ name: v.string(), required: v.boolean(), set: v.boolean() })),
  claims: v.object({ email: v.boolean(), emailVerified: v.boolean(), nickname: v.boolean() }),
  siteUrl: v.string(),
  /** The deployment runs in Convex's cloud: private server addresses cannot work. */
  inCloud: v.boolean(),
  servers: v.array(vServerCheck),
});

/** Reads the setup and tries every enabled server once (values of secrets are never returned). */
export const setupStatus = adminAction({
  audit: "setup_check",
  args: {},
  returns: vSetupStatus,
  handler: async (ctx): Promise<SetupStatus> => {
    const read = (name: DeploymentVariable) => env[name];
    const servers: ServerTarget[] = await ctx.runQuery(internal.deployment.serverTargets, {});
    const checks = await Promise.all(
      servers.map(async (s) => {
        const poll = await pollServer(ctx, s.target, false);
        return {
          key: s.key,
          name: s.name,
          eventsUrl: eventsUrl(env.CONVEX_SITE_URL, s.key),
          privateAddress: unreachableFromCloud(s.apiBaseUrl, env.CONVEX_CLOUD_URL),
          reachable: poll.ok,
          error: poll.ok ? undefined : poll.error,
        };
      }),
    );
    return {
      variables: variablesSet(read),
      claims: signInClaims(await ctx.auth.getUserIdentity()),
      siteUrl: env.CONVEX_SITE_URL ?? "",
      inCloud: runsInCloud(env.CONVEX_CLOUD_URL),
      servers: checks,
    };
  },
});
