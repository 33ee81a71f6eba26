import { v, type Infer } from "convex/values";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { internalMutation } from "./_generated/server";
import { appendAudit } from "./audit";
import { fail } from "./lib/errors";
import { adminAction, adminQuery, publicQuery } from "./lib/functions";
import { serverConfigFields, serverFields, vConnectionType } from "./lib/validators";
import { restartPoller } from "./poller";

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
      const secret = await ctx.db
        .query("serverSecrets")
        .withIndex("by_serverId", (q) => q.eq("serverId", s._id))
        .unique();
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

const vServerInput = v.object(serverConfigFields);

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
  handler: async (ctx, args) => {
    const actor = { username: args.username, tokenIdentifier: args.tokenIdentifier };
    let serverId = args.serverId;
    if (args.server) {
      const fields = validateServerInput(args.server);
      const clash = await ctx.db
        .query("servers")
        .withIndex("by_key", (q) => q.eq("key", fields.key))
        .unique();
      if (clash && clash._id !== serverId) {
        fail("CONFLICT", `Сервер з ключем "${fields.key}" вже існує.`);
      }
      if (serverId) {
        const existing = await ctx.db.get("servers", serverId);
        if (!existing) fail("NOT_FOUND", "Сервер не знайдено.");
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
    if (!serverId) fail("INVALID_INPUT", "Сервер не вибрано.");
    const server = await ctx.db.get("servers", serverId);
    if (!server) fail("NOT_FOUND", "Сервер не знайдено.");
    if (args.disabled !== undefined) {
      await ctx.db.patch("servers", serverId, { disabled: args.disabled });
    }
    if (args.order !== undefined) await ctx.db.patch("servers", serverId, { order: args.order });
    if (args.apiKey !== undefined || args.rconPassword !== undefined) {
      const secret = await ctx.db
        .query("serverSecrets")
        .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
        .unique();
      const patch = {
        ...(args.apiKey !== undefined ? { apiKey: args.apiKey || undefined } : {}),
        ...(args.rconPassword !== undefined
          ? { rconPassword: args.rconPassword || undefined }
          : {}),
      };
      if (secret) await ctx.db.patch("serverSecrets", secret._id, patch);
      else await ctx.db.insert("serverSecrets", { serverId, ...patch });
    }
    await restartPoller(ctx, serverId);
    await appendAudit(ctx, {
      ...actor,
      serverId,
      action: args.serverId ? "server_update" : "server_add",
      outcome: "success",
      details: [
        args.server ? "налаштування" : null,
        args.disabled !== undefined ? (args.disabled ? "вимкнено" : "увімкнено") : null,
        args.order !== undefined ? `порядок ${args.order}` : null,
        args.apiKey !== undefined ? "API-ключ змінено" : null,
        args.rconPassword !== undefined ? "RCON-пароль змінено" : null,
      ]
        .filter(Boolean)
        .join(", "),
    });
    return serverId;
  },
});

function validateServerInput(input: Infer<typeof vServerInput>) {
  const key = input.key.trim();
  const name = input.name.trim();
  if (!/^[a-z0-9_-]{1,32}$/.test(key)) {
    fail("INVALID_INPUT", "Ключ: 1–32 символи a-z, 0-9, - або _.");
  }
  if (!name || name.length > 64) fail("INVALID_INPUT", "Назва сервера: від 1 до 64 символів.");
  let url: URL;
  try {
    url = new URL(input.apiBaseUrl.trim());
  } catch {
    fail("INVALID_INPUT", "Адреса API має бути повною URL-адресою, наприклад http://1.2.3.4:8080.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    fail("INVALID_INPUT", "Адреса API: лише http або https.");
  }
  if (!/^[A-Za-z0-9.-]{1,253}:\d{1,5}$/.test(input.connectAddress.trim())) {
    fail("INVALID_INPUT", "Адреса підключення: host:port, наприклад 1.2.3.4:27015.");
  }
  if (input.connectionType === "RCON_PROXY") {
    if (!input.proxyTargetHost || !/^[A-Za-z0-9.-]{1,253}$/.test(input.proxyTargetHost)) {
      fail("INVALID_INPUT", "Для RCON-проксі вкажіть адресу ігрового сервера.");
    }
    const port = input.proxyTargetPort;
    if (!port || !Number.isInteger(port) || port < 1 || port > 65535) {
      fail("INVALID_INPUT", "Порт RCON: 1–65535.");
    }
  }
  return {
    key,
    name,
    apiBaseUrl: url.toString().replace(/\/+$/, ""),
    connectAddress: input.connectAddress.trim(),
    connectionType: input.connectionType,
    ...(input.connectionType === "RCON_PROXY"
      ? { proxyTargetHost: input.proxyTargetHost, proxyTargetPort: input.proxyTargetPort }
      : {}),
  };
}

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
