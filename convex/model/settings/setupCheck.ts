/**
 * «Стан розгортання» as a declared capability (model/capability/define.ts): what the deployment was
 * given (never a secret's value), what the caller's sign-in token carries, and whether each
 * enabled server answers. Audited, since it makes the deployment call every game server.
 */
import { v, type Infer } from "convex/values";
import { internal } from "../../_generated/api";
import { env } from "../../_generated/server";
import { defineCapability } from "../capability/define";
import { runsInCloud, unreachableFromCloud } from "../../lib/privateAddress";
import { signInClaims, variablesSet, type DeploymentVariable } from "./deployment";
import { pollServer } from "../live/pollSources";
import { eventsUrl } from "../push/status";

const vServerCheck = v.object({
  key: v.string(),
  name: v.string(),
  eventsUrl: v.string(),
  /** A private address while the deployment runs in Convex's cloud, which refuses to fetch it. */
  privateAddress: v.boolean(),
  reachable: v.boolean(),
  error: v.optional(v.string()),
});

export const vSetupStatus = v.object({
  variables: v.array(
    v.object({
      name: v.string(),
      required: v.boolean(),
      set: v.boolean(),
      /** Unset, yet the caller's sign-in was verified: it works without it here. */
      verifiedOtherwise: v.optional(v.boolean()),
    }),
  ),
  claims: v.object({ email: v.boolean(), emailVerified: v.boolean(), nickname: v.boolean() }),
  siteUrl: v.string(),
  /** The deployment runs in Convex's cloud: private server addresses cannot work. */
  inCloud: v.boolean(),
  servers: v.array(vServerCheck),
});

type SetupStatus = Infer<typeof vSetupStatus>;

/** Reads the setup and tries every enabled server once. */
export const SETUP_CHECK_CAPABILITY = defineCapability({
  name: "setup_check",
  access: "admin",
  args: {},
  returns: vSetupStatus,
  input: vSetupStatus,
  resolve: async (_args, _actor, ctx): Promise<SetupStatus> => {
    const read = (name: DeploymentVariable) => env[name];
    const identity = await ctx.auth.getUserIdentity();
    const servers = await ctx.runQuery(internal.deployment.serverTargets, {});
    const checks = await Promise.all(
      servers.map(async (s) => {
        const poll = await pollServer(ctx, s.target, false);
        return {
          key: s.key,
          name: s.name,
          eventsUrl: eventsUrl(env.CONVEX_SITE_URL, s.key),
          privateAddress: unreachableFromCloud(s.address, env.CONVEX_CLOUD_URL),
          reachable: poll.ok,
          error: poll.ok ? undefined : poll.error,
        };
      }),
    );
    return {
      variables: variablesSet(read, identity !== null),
      claims: signInClaims(identity),
      siteUrl: env.CONVEX_SITE_URL ?? "",
      inCloud: runsInCloud(env.CONVEX_CLOUD_URL),
      servers: checks,
    };
  },
  commit: async (_ctx, { servers }) => {
    const reachable = servers.filter((s) => s.reachable).length;
    return { details: `${reachable}/${servers.length}` };
  },
  result: (status) => status,
});
