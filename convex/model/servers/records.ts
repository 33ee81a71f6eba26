/**
 * Game-server records and their write-only secrets. `serverSecrets` is read only here: no public
 * function returns it, and only `targetFor` turns it into the connection settings an action uses.
 */
import type { Infer } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { fail } from "../../lib/errors";
import { parseApiUrl, serverInputProblems } from "../../lib/serverInput";
import type { GameServerTarget, vServerInput } from "../../lib/validators";

export { SERVER_KEY_MAX_LENGTH } from "../../lib/serverInput";

export async function secretsOf(ctx: QueryCtx, serverId: Id<"servers">) {
  return await ctx.db
    .query("serverSecrets")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
}

/** How to reach a server by id while it exists and is enabled, else null (for scheduled sends). */
export async function enabledTargetOf(
  ctx: QueryCtx,
  serverId: Id<"servers">,
): Promise<GameServerTarget | null> {
  const server = await ctx.db.get("servers", serverId);
  return server && !server.disabled ? await targetFor(ctx, server) : null;
}

/** How to reach a server, secrets included: for actions and scheduled ticks only. */
export async function targetFor(ctx: QueryCtx, server: Doc<"servers">): Promise<GameServerTarget> {
  const secret = await secretsOf(ctx, server._id);
  return {
    connectionType: server.connectionType,
    baseUrl: server.apiBaseUrl,
    apiKey: secret?.apiKey,
    proxyTargetHost: server.proxyTargetHost,
    proxyTargetPort: server.proxyTargetPort,
    rconPassword: secret?.rconPassword,
    ...(server.connectionType === "RCON" && secret?.rconAuthFailedAt !== undefined
      ? { rconAuthFailed: true }
      : {}),
  };
}

/** Direct RCON refused the stored password: nothing uses it again until a new one is set. */
export async function markRconAuthFailed(ctx: MutationCtx, serverId: Id<"servers">, now: number) {
  const secret = await secretsOf(ctx, serverId);
  if (secret && secret.rconAuthFailedAt === undefined) {
    await ctx.db.patch("serverSecrets", secret._id, { rconAuthFailedAt: now });
  }
}

/** Direct RCON whose stored password the game server refused: not polled until a new one is set. */
export async function rconStopped(ctx: QueryCtx, server: Doc<"servers">): Promise<boolean> {
  if (server.connectionType !== "RCON") return false;
  return (await secretsOf(ctx, server._id))?.rconAuthFailedAt !== undefined;
}

export interface SecretsPatch {
  apiKey?: string;
  rconPassword?: string;
}

/** Sets the given secrets (an empty string clears one); fields left undefined stay as they are. */
export async function writeSecrets(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  { apiKey, rconPassword }: SecretsPatch,
): Promise<void> {
  const patch = {
    ...(apiKey !== undefined ? { apiKey: apiKey || undefined } : {}),
    ...(rconPassword !== undefined
      ? { rconPassword: rconPassword || undefined, rconAuthFailedAt: undefined }
      : {}),
  };
  const secret = await secretsOf(ctx, serverId);
  if (secret) await ctx.db.patch("serverSecrets", secret._id, patch);
  else await ctx.db.insert("serverSecrets", { serverId, ...patch });
}

/**
 * The secrets the panel generates for what a game server sends it: `pushSecret` (MatchZy's events,
 * in a header) and `logSecret` (CS2's HTTP log, in the URL). Undefined while that feed is off.
 */
export type GeneratedSecret = "pushSecret" | "logSecret";

/** A generated secret of a server; undefined while its feed is off. Never returned to a client. */
export async function generatedSecretOf(
  ctx: QueryCtx,
  serverId: Id<"servers">,
  which: GeneratedSecret,
): Promise<string | undefined> {
  return (await secretsOf(ctx, serverId))?.[which];
}

/** Stores (or, with undefined, clears) one generated secret; the other secrets stay as they are. */
export async function writeGeneratedSecret(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  which: GeneratedSecret,
  value: string | undefined,
): Promise<void> {
  const secret = await secretsOf(ctx, serverId);
  if (secret) await ctx.db.patch("serverSecrets", secret._id, { [which]: value });
  else if (value !== undefined) await ctx.db.insert("serverSecrets", { serverId, [which]: value });
}

export async function serverByKey(ctx: QueryCtx, key: string) {
  return await ctx.db
    .query("servers")
    .withIndex("by_key", (q) => q.eq("key", key))
    .unique();
}

/**
 * Checks and normalises what an admin typed into the server form. A refusal's message says every
 * problem at once; its key is the first one's (the panel's form shows each under its field before
 * it ever sends a form with problems).
 */
export function validateServerInput(input: Infer<typeof vServerInput>) {
  const [first, ...rest] = serverInputProblems(input);
  if (first) {
    const { key, message } = first;
    fail("INVALID_INPUT", { key, message: [message, ...rest.map((p) => p.message)].join(" ") });
  }
  const key = input.key.trim();
  const name = input.name.trim();
  const api = parseApiUrl(input.apiBaseUrl);
  const apiBaseUrl = input.connectionType === "RCON" || !("url" in api) ? "" : api.url;
  return {
    key,
    name,
    apiBaseUrl,
    connectAddress: input.connectAddress.trim(),
    connectionType: input.connectionType,
    simpleAdmin: input.simpleAdmin === true,
    ...(input.gotvPort !== undefined ? { gotvPort: input.gotvPort } : {}),
    matchzy: input.matchzy === true,
    ...(input.connectionType !== "HTTP"
      ? { proxyTargetHost: input.proxyTargetHost, proxyTargetPort: input.proxyTargetPort }
      : {}),
  };
}
