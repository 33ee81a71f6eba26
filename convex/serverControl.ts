/**
 * Server actions from the admin tab. Each public function is one action, reached through the
 * builder that decides who may run it: guest-admin level (general, match and map controls) or
 * admin only (DESIGN §3). All of them go through `runServerAction`: validate → send → record.
 */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { internalMutation, internalQuery } from "./_generated/server";
import { appendAudit, auditEventFields } from "./audit";
import {
  InvalidActionError,
  planAction,
  actionName,
  toggleFromCommand,
  type ServerAction,
} from "./gameServer/commands";
import { GameServerError, gameServerRequest, type GameServerTarget } from "./gameServer/request";
import { ACTION_LABELS } from "./lib/catalog";
import { fail, MESSAGES } from "./lib/errors";
import { adminAction, guestAdminAction, publicQuery, type ActionViewer } from "./lib/functions";
import type { ActionCtx, MutationCtx } from "./_generated/server";
import { vAuditOutcome, vToggleName, type ToggleName } from "./lib/validators";
import { targetFor } from "./poller";

const DEFAULT_TOGGLES = {
  isPaused: false,
  cheats: false,
  autobalance: true,
  friendlyfire: false,
  bhop: false,
};

export const toggles = publicQuery({
  args: { serverId: v.id("servers") },
  returns: v.object({
    isPaused: v.boolean(),
    cheats: v.boolean(),
    autobalance: v.boolean(),
    friendlyfire: v.boolean(),
    bhop: v.boolean(),
  }),
  handler: async (ctx, { serverId }) => {
    const row = await ctx.db
      .query("serverToggles")
      .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
      .unique();
    if (!row) return DEFAULT_TOGGLES;
    const { isPaused, cheats, autobalance, friendlyfire, bhop } = row;
    return { isPaused, cheats, autobalance, friendlyfire, bhop };
  },
});

export const targetOf = internalQuery({
  args: { serverId: v.id("servers") },
  returns: v.union(v.null(), v.object({ name: v.string(), target: v.any() })),
  handler: async (ctx, { serverId }) => {
    const server = await ctx.db.get("servers", serverId);
    if (!server || server.disabled) return null;
    return { name: server.name, target: await targetFor(ctx, server) };
  },
});

export const recordOutcome = internalMutation({
  args: {
    ...auditEventFields,
    serverId: v.id("servers"),
    outcome: vAuditOutcome,
    toggle: v.optional(v.object({ name: vToggleName, enabled: v.boolean() })),
  },
  returns: v.null(),
  handler: async (ctx, { toggle, serverId, ...entry }) => {
    if (toggle) await storeToggle(ctx, serverId, toggle.name, toggle.enabled);
    await appendAudit(ctx, { ...entry, serverId });
    return null;
  },
});

async function storeToggle(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  name: ToggleName,
  enabled: boolean,
) {
  const row = await ctx.db
    .query("serverToggles")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
  if (row) await ctx.db.patch("serverToggles", row._id, { [name]: enabled });
  else await ctx.db.insert("serverToggles", { serverId, ...DEFAULT_TOGGLES, [name]: enabled });
}

interface GatedCtx extends ActionCtx {
  viewer: ActionViewer;
}

export interface ResolvedServer {
  serverId: Id<"servers">;
  name: string;
  target: GameServerTarget;
}

/** The selected server and how to reach it, or 'Сервер не вибрано.' when there is none. */
export async function requireServer(
  ctx: ActionCtx,
  serverId: Id<"servers"> | undefined,
): Promise<ResolvedServer> {
  if (!serverId) fail("INVALID_INPUT", MESSAGES.noServer);
  const server = await ctx.runQuery(internal.serverControl.targetOf, { serverId });
  if (!server) fail("NOT_FOUND", MESSAGES.noServer);
  return { serverId, name: server.name, target: server.target as GameServerTarget };
}

/** Validate, send every request in order, then record toggles and the audit entry. */
export async function runServerAction(
  ctx: GatedCtx,
  server: Id<"servers"> | undefined | ResolvedServer,
  action: ServerAction,
): Promise<{ output: string }> {
  const { serverId, target } =
    typeof server === "object" ? server : await requireServer(ctx, server);
  const name = actionName(action);
  const actor = {
    username: ctx.viewer.username,
    tokenIdentifier: ctx.viewer.tokenIdentifier,
    guestId: ctx.viewer.guestId,
  };
  const record = (
    outcome: "success" | "failure",
    details?: string,
    toggle?: { name: ToggleName; enabled: boolean },
  ) =>
    ctx.runMutation(internal.serverControl.recordOutcome, {
      serverId,
      action: name,
      outcome,
      details,
      toggle,
      ...actor,
    });

  let requests;
  try {
    requests = planAction(action, target.connectionType);
  } catch (error) {
    if (!(error instanceof InvalidActionError)) throw error;
    await record("failure", error.message);
    fail("INVALID_INPUT", error.message);
  }

  const outputs: string[] = [];
  try {
    for (const request of requests) {
      const reply = await gameServerRequest<{ result?: unknown; message?: unknown }>(
        target,
        request,
      );
      const text =
        typeof reply.result === "string"
          ? reply.result
          : typeof reply.message === "string"
            ? reply.message
            : "";
      if (text) outputs.push(text);
    }
  } catch (error) {
    const message = error instanceof GameServerError ? error.message : String(error);
    await record("failure", message);
    if (action.kind === "gameMode") fail("GAME_SERVER", `Помилка при зміні режиму: ${message}`);
    const rcon = target.connectionType === "RCON_PROXY" ? " (RCON)" : "";
    fail("GAME_SERVER", `Помилка виконання дії "${ACTION_LABELS[name]}"${rcon}: ${message}`);
  }

  await record("success", describe(action), toggleSetBy(action));
  return { output: outputs.join("\n").slice(0, 4000) };
}

/** The switch an accepted action flipped: a toggle action, or a typed command such as `sv_cheats 1`. */
function toggleSetBy(action: ServerAction): { name: ToggleName; enabled: boolean } | undefined {
  if (action.kind === "toggle") return { name: action.toggle, enabled: action.enabled };
  const typed = action.kind === "command" ? toggleFromCommand(action.command) : null;
  return typed ? { name: typed.toggle, enabled: typed.enabled } : undefined;
}

/** What the audit log keeps of an action's input (never a password). */
function describe(action: ServerAction): string | undefined {
  switch (action.kind) {
    case "command":
      return action.command;
    case "say":
      return action.message;
    case "toggle":
      return action.enabled ? "увімкнено" : "вимкнено";
    case "changeMap":
      return action.map;
    case "workshopMap":
      return action.workshopId;
    case "gameMode":
      return action.mode;
    case "execConfig":
      return action.config;
    case "cvar":
      return `${action.cvar} ${action.value}`;
    case "kick":
    case "unban":
      return action.steamId;
    case "ban":
      return `${action.steamId}, ${action.duration} хв`;
    default:
      return undefined;
  }
}

const vResult = v.object({ output: v.string() });

// ---- General, match and map controls: admins, and everyone while guest admin is on ----

export const setToggle = guestAdminAction({
  audit: "toggle",
  args: {
    toggle: v.union(
      v.literal("isPaused"),
      v.literal("autobalance"),
      v.literal("friendlyfire"),
      v.literal("bhop"),
    ),
    enabled: v.boolean(),
  },
  returns: vResult,
  handler: async (ctx, { serverId, toggle, enabled }) =>
    await runServerAction(ctx, serverId, { kind: "toggle", toggle, enabled }),
});

export const changeMap = guestAdminAction({
  audit: "changeMap",
  args: { map: v.string() },
  returns: vResult,
  handler: async (ctx, { serverId, map }) =>
    await runServerAction(ctx, serverId, { kind: "changeMap", map }),
});

export const workshopMap = guestAdminAction({
  audit: "workshopMap",
  args: { workshopId: v.string() },
  returns: vResult,
  handler: async (ctx, { serverId, workshopId }) =>
    await runServerAction(ctx, serverId, { kind: "workshopMap", workshopId }),
});

export const setGameMode = guestAdminAction({
  audit: "gameMode",
  args: { mode: v.string() },
  returns: vResult,
  handler: async (ctx, { serverId, mode }) =>
    await runServerAction(ctx, serverId, { kind: "gameMode", mode }),
});

export const restartGame = guestAdminAction({
  audit: "restartGame",
  args: {},
  returns: vResult,
  handler: async (ctx, { serverId }) =>
    await runServerAction(ctx, serverId, { kind: "restartGame" }),
});

export const skipWarmup = guestAdminAction({
  audit: "skipWarmup",
  args: {},
  returns: vResult,
  handler: async (ctx, { serverId }) =>
    await runServerAction(ctx, serverId, { kind: "skipWarmup" }),
});

// ---- Admin only ----

export const runCommand = adminAction({
  audit: "command",
  args: { command: v.string() },
  returns: vResult,
  handler: async (ctx, { serverId, command }) =>
    await runServerAction(ctx, serverId, { kind: "command", command }),
});

export const say = adminAction({
  audit: "say",
  args: { message: v.string() },
  returns: vResult,
  handler: async (ctx, { serverId, message }) =>
    await runServerAction(ctx, serverId, { kind: "say", message }),
});

export const setCheats = adminAction({
  audit: "cheats",
  args: { enabled: v.boolean() },
  returns: vResult,
  handler: async (ctx, { serverId, enabled }) =>
    await runServerAction(ctx, serverId, { kind: "toggle", toggle: "cheats", enabled }),
});

export const setPassword = adminAction({
  audit: "setPassword",
  args: { password: v.string() },
  returns: vResult,
  handler: async (ctx, { serverId, password }) =>
    await runServerAction(ctx, serverId, { kind: "setPassword", password }),
});

export const removePassword = adminAction({
  audit: "removePassword",
  args: {},
  returns: vResult,
  handler: async (ctx, { serverId }) =>
    await runServerAction(ctx, serverId, { kind: "removePassword" }),
});

export const execConfig = adminAction({
  audit: "execConfig",
  args: { config: v.string() },
  returns: vResult,
  handler: async (ctx, { serverId, config }) =>
    await runServerAction(ctx, serverId, { kind: "execConfig", config }),
});

export const setCvar = adminAction({
  audit: "cvar",
  args: { cvar: v.string(), value: v.string() },
  returns: vResult,
  handler: async (ctx, { serverId, cvar, value }) =>
    await runServerAction(ctx, serverId, { kind: "cvar", cvar, value }),
});

export const resetStats = adminAction({
  audit: "resetStats",
  args: {},
  returns: vResult,
  handler: async (ctx, { serverId }) =>
    await runServerAction(ctx, serverId, { kind: "resetStats" }),
});

export const restartServices = adminAction({
  audit: "restartServices",
  args: {},
  returns: vResult,
  handler: async (ctx, { serverId }) =>
    await runServerAction(ctx, serverId, { kind: "restartServices" }),
});

export const serverUpdate = adminAction({
  audit: "serverUpdate",
  args: {},
  returns: vResult,
  handler: async (ctx, { serverId }) =>
    await runServerAction(ctx, serverId, { kind: "serverUpdate" }),
});
