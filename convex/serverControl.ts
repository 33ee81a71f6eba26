/**
 * Server actions from the admin tab: one public function per declared capability
 * (model/serverActions.ts; who may run each comes from lib/actionRegistry.ts).
 */
import { v } from "convex/values";
import { internalQuery } from "./_generated/server";
import { publicQuery } from "./lib/functions";
import { vTarget } from "./lib/validators";
import { capability } from "./model/capability";
import { SERVER_ACTION_CAPABILITIES as S } from "./model/serverActions";
import { targetFor } from "./model/servers";
import { readToggles } from "./model/toggles";

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

// ---- General, match and map controls: admins, and everyone while guest admin is on ----
export const setToggle = capability(S.toggle);
export const changeMap = capability(S.changeMap);
export const workshopMap = capability(S.workshopMap);
export const setGameMode = capability(S.gameMode);
export const restartGame = capability(S.restartGame);
export const skipWarmup = capability(S.skipWarmup);

// ---- Admin only ----
export const runCommand = capability(S.command);
export const say = capability(S.say);
export const setCheats = capability(S.cheats);
export const setPassword = capability(S.setPassword);
export const removePassword = capability(S.removePassword);
export const execConfig = capability(S.execConfig);
export const setCvar = capability(S.cvar);
export const resetStats = capability(S.resetStats);
export const restartServices = capability(S.restartServices);
export const serverUpdate = capability(S.serverUpdate);
