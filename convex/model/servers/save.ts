/** Saving a server from the settings screen (admin): validate, store, restart its poller, audit. */
import { v, type Infer } from "convex/values";
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { destinationOf } from "../../lib/destination";
import { fail, MESSAGES } from "../../lib/errors";
import { auditDetail } from "../../lib/texts/auditDetails";
import { SERVER_TEXTS } from "../../lib/texts/servers";
import { wordedIn } from "../../lib/wording";
import { vServerInput } from "../../lib/validators";
import { defineCapability } from "../capability/define";
import { restartPoller } from "../live/pollSchedule";
import { PUSH_FEED } from "../push/status";
import { LOG_FEED } from "../serverLog/status";
import { serverByKey, validateServerInput, writeSecrets, type SecretsPatch } from "./records";

export interface SaveServerInput extends SecretsPatch {
  /** Absent: add a new server. */
  serverId?: Id<"servers">;
  server?: Infer<typeof vServerInput>;
  disabled?: boolean;
  order?: number;
}

/**
 * Adds or changes a server: settings, enabled flag, order and secrets; restarts its poller and
 * says what changed, for the audit entry. Changing where the secrets go (`destinationOf`) clears
 * the stored ones unless new ones come with the same save.
 */
export async function saveServer(
  ctx: MutationCtx,
  args: SaveServerInput,
): Promise<{ serverId: Id<"servers">; details: string }> {
  let serverId = args.serverId;
  let secretsCleared = false;
  let pushCleared = false;
  if (args.server) {
    const fields = validateServerInput(args.server);
    const clash = await serverByKey(ctx, fields.key);
    if (clash && clash._id !== serverId) {
      fail("CONFLICT", wordedIn(SERVER_TEXTS, "refusal.servers.keyTaken", { key: fields.key }));
    }
    if (serverId) {
      const existing = await ctx.db.get("servers", serverId);
      if (!existing) fail("NOT_FOUND", SERVER_TEXTS["refusal.servers.notFound"]);
      secretsCleared = destinationOf(existing) !== destinationOf(fields);
      // MatchZy's events carry the push secret to `/api/events/<key>`: a new key or another game
      // server means the old one must not be trusted any more.
      pushCleared = secretsCleared || existing.key !== fields.key;
      await ctx.db.replace("servers", serverId, {
        ...fields,
        disabled: existing.disabled,
        order: existing.order,
      });
    } else {
      const last = await ctx.db.query("servers").withIndex("by_order").order("desc").first();
      serverId = await ctx.db.insert("servers", {
        ...fields,
        disabled: false,
        order: (last?.order ?? -1) + 1,
      });
    }
  }
  if (!serverId) fail("INVALID_INPUT", MESSAGES.noServer);
  const server = await ctx.db.get("servers", serverId);
  if (!server) fail("NOT_FOUND", SERVER_TEXTS["refusal.servers.notFound"]);
  if (args.disabled !== undefined) {
    await ctx.db.patch("servers", serverId, { disabled: args.disabled });
  }
  if (args.order !== undefined) await ctx.db.patch("servers", serverId, { order: args.order });
  if (secretsCleared) {
    await writeSecrets(ctx, serverId, {
      apiKey: args.apiKey ?? "",
      rconPassword: args.rconPassword ?? "",
    });
  } else if (args.apiKey !== undefined || args.rconPassword !== undefined) {
    await writeSecrets(ctx, serverId, args);
  }
  if (pushCleared) {
    await PUSH_FEED.disarm(ctx, serverId);
    await LOG_FEED.disarm(ctx, serverId);
  }
  await restartPoller(ctx, serverId);
  return {
    serverId,
    details: [
      args.server ? auditDetail("serverSettings", {}) : null,
      args.disabled !== undefined
        ? auditDetail(args.disabled ? "serverDisabled" : "serverEnabled", {})
        : null,
      args.order !== undefined ? auditDetail("serverOrder", { order: args.order }) : null,
      secretsCleared ? SECRETS_CLEARED_NOTE : null,
      pushCleared && !secretsCleared ? PUSH_CLEARED_NOTE : null,
      args.apiKey !== undefined ? auditDetail("serverApiKeyChanged", {}) : null,
      args.rconPassword !== undefined ? auditDetail("serverRconPasswordChanged", {}) : null,
    ]
      .filter(Boolean)
      .join(", "),
  };
}

/**
 * Add a server (none selected) or change the selected one: settings, enabled flag, order and
 * write-only secrets.
 */
export const SERVER_SAVE_CAPABILITY = defineCapability({
  name: "server_save",
  access: "admin",
  args: {
    server: v.optional(vServerInput),
    disabled: v.optional(v.boolean()),
    order: v.optional(v.number()),
    apiKey: v.optional(v.string()),
    rconPassword: v.optional(v.string()),
  },
  returns: v.id("servers"),
  auditName: (_input, selected) => (selected ? "server_update" : "server_add"),
  commit: async (ctx, input, { serverId: selected }) => {
    const { serverId, details } = await saveServer(ctx, { ...input, serverId: selected });
    return { result: serverId, serverId, details };
  },
});

/** What the audit entry of a save says when the save cleared the stored secrets or MatchZy's feed. */
export const SECRETS_CLEARED_NOTE = auditDetail("serverSecretsCleared", {});
export const PUSH_CLEARED_NOTE = auditDetail("serverPushCleared", {});
