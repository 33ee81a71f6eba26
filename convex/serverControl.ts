/**
 * Server actions from the admin tab: one public function per action, built from its registry entry
 * (lib/actionRegistry.ts decides who may run it: guest-admin level or admin only, DESIGN §3). All
 * of them run through `model/serverActions.ts`: validate → send → record.
 */
import { v } from "convex/values";
import { internalMutation, internalQuery } from "./_generated/server";
import { guestAdminAction, publicQuery } from "./lib/functions";
import { vAuditOutcome, vTarget, vToggleName } from "./lib/validators";
import { appendAudit, auditEventFields } from "./model/audit";
import { playerLabel } from "./model/liveData";
import {
  readToggles,
  runServerAction,
  serverAction,
  storeToggle,
  vActionResult,
} from "./model/serverActions";
import { targetFor } from "./model/servers";

export const toggles = publicQuery({
  args: { serverId: v.id("servers") },
  returns: v.object({
    isPaused: v.boolean(),
    cheats: v.boolean(),
    autobalance: v.boolean(),
    friendlyfire: v.boolean(),
    bhop: v.boolean(),
  }),
  handler: async (ctx, { serverId }) => await readToggles(ctx, serverId),
});

export const targetOf = internalQuery({
  args: { serverId: v.id("servers") },
  returns: v.union(v.null(), v.object({ name: v.string(), target: vTarget })),
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
    /** SteamID64 of the player the action is about; the entry names him when he is known. */
    player: v.optional(v.string()),
  },
  returns: v.null(),
  handler: async (ctx, { toggle, serverId, player, ...entry }) => {
    if (toggle) await storeToggle(ctx, serverId, toggle.name, toggle.enabled);
    const subject = player ? await playerLabel(ctx, serverId, player) : undefined;
    const details = [subject, entry.details].filter(Boolean).join(", ") || undefined;
    await appendAudit(ctx, { ...entry, details, serverId });
    return null;
  },
});

// ---- General, match and map controls: admins, and everyone while guest admin is on ----

/** The four guest-level switches share one function; each is audited under its own name. */
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
  returns: vActionResult,
  handler: async (ctx, { serverId, toggle, enabled }) =>
    await runServerAction(ctx, serverId, { kind: "toggle", toggle, enabled }),
});

export const changeMap = serverAction("changeMap", { map: v.string() }, ({ map }) => ({
  kind: "changeMap",
  map,
}));

export const workshopMap = serverAction(
  "workshopMap",
  { workshopId: v.string() },
  ({ workshopId }) => ({ kind: "workshopMap", workshopId }),
);

export const setGameMode = serverAction("gameMode", { mode: v.string() }, ({ mode }) => ({
  kind: "gameMode",
  mode,
}));

export const restartGame = serverAction("restartGame", {}, () => ({ kind: "restartGame" }));

export const skipWarmup = serverAction("skipWarmup", {}, () => ({ kind: "skipWarmup" }));

// ---- Admin only ----

export const runCommand = serverAction("command", { command: v.string() }, ({ command }) => ({
  kind: "command",
  command,
}));

export const say = serverAction("say", { message: v.string() }, ({ message }) => ({
  kind: "say",
  message,
}));

export const setCheats = serverAction("cheats", { enabled: v.boolean() }, ({ enabled }) => ({
  kind: "toggle",
  toggle: "cheats",
  enabled,
}));

export const setPassword = serverAction(
  "setPassword",
  { password: v.string() },
  ({ password }) => ({ kind: "setPassword", password }),
);

export const removePassword = serverAction("removePassword", {}, () => ({
  kind: "removePassword",
}));

export const execConfig = serverAction("execConfig", { config: v.string() }, ({ config }) => ({
  kind: "execConfig",
  config,
}));

export const setCvar = serverAction(
  "cvar",
  { cvar: v.string(), value: v.string() },
  ({ cvar, value }) => ({ kind: "cvar", cvar, value }),
);

export const resetStats = serverAction("resetStats", {}, () => ({ kind: "resetStats" }));

export const restartServices = serverAction("restartServices", {}, () => ({
  kind: "restartServices",
}));

export const serverUpdate = serverAction("serverUpdate", {}, () => ({ kind: "serverUpdate" }));
