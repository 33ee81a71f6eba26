/**
 * Server actions from the admin tab: the switches' state and read-back, and one public function
 * per panel action, named as the action (declared in gameServer/actions.ts).
 */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation, internalQuery } from "./_generated/server";
import { guestAdminAction, publicQuery } from "./lib/functions";
import { toggleFields, vTarget } from "./lib/validators";
import { requireServer } from "./model/capability/define";
import { panelActionFunctions } from "./model/serverControl/actions";
import { targetFor } from "./model/servers/records";
import {
  claimReadBack as claimReadBackOf,
  confirmToggles as confirmTogglesOf,
  readToggles,
  refreshToggles,
  releaseReadBack as releaseReadBackOf,
} from "./model/serverControl/toggles";

export const toggles = publicQuery({
  args: { serverId: v.id("servers") },
  returns: v.object({
    ...toggleFields,
    /** The game server confirmed these values; false: shown as unknown until it does. */
    confirmed: v.boolean(),
  }),
  handler: async (ctx, { serverId }) => await readToggles(ctx, serverId),
});

const vToggleValues = v.object(toggleFields).partial();

export const confirmToggles = internalMutation({
  args: { serverId: v.id("servers"), values: vToggleValues },
  returns: v.null(),
  handler: async (ctx, { serverId, values }) => {
    await confirmTogglesOf(ctx, serverId, values, Date.now());
    return null;
  },
});

/**
 * Reads the switches back from the game server (five requests): the admin tab calls it when it
 * opens and about once a minute while it stays open, so a change made on the server itself (a
 * config, `mp_friendlyfire 0` typed in its console, a restart) shows within that minute. Tabs
 * open at once share one read: a second within 50 s answers from the stored, confirmed state.
 */
export const readBack = guestAdminAction({
  audit: "toggleReadBack",
  // Up to five game-server requests a call: a guest's reads are bounded per caller and audited.
  guestBudget: "guestReadBack",
  args: {},
  returns: v.object({ confirmed: v.boolean() }),
  // An admin's reads are not audited (once a minute per open admin tab would bury the log): they
  // change nothing on the server and write only what the server says. Refusals are audited by the
  // gate, and so are a guest admin's allowed reads.
  handler: async (ctx, { serverId }): Promise<{ confirmed: boolean }> => {
    const server = await requireServer(ctx, serverId);
    // Admin tabs share one read a minute per server (model/serverControl/toggles.ts).
    const claim: { due: boolean; confirmed: boolean } = await ctx.runMutation(
      internal.serverControl.claimReadBack,
      { serverId: server.serverId },
    );
    if (!claim.due) return { confirmed: claim.confirmed };
    const confirmed = await refreshToggles(ctx, server);
    if (!confirmed) {
      await ctx.runMutation(internal.serverControl.releaseReadBack, { serverId: server.serverId });
    }
    return { confirmed };
  },
});

export const claimReadBack = internalMutation({
  args: { serverId: v.id("servers") },
  returns: v.object({ due: v.boolean(), confirmed: v.boolean() }),
  handler: async (ctx, { serverId }) => await claimReadBackOf(ctx, serverId, Date.now()),
});

export const releaseReadBack = internalMutation({
  args: { serverId: v.id("servers") },
  returns: v.null(),
  handler: async (ctx, { serverId }) => {
    await releaseReadBackOf(ctx, serverId);
    return null;
  },
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

/** Every panel action (gameServer/actions.ts), gated by its declared access. */
export const {
  isPaused,
  autobalance,
  friendlyfire,
  bhop,
  cheats,
  changeMap,
  workshopMap,
  gameMode,
  restartGame,
  skipWarmup,
  botKick,
  backupsOn,
  restoreBackup,
  restoreBackupMatchzy,
  command,
  say,
  setPassword,
  removePassword,
  execConfig,
  cvar,
  resetStats,
  restartServices,
  serverUpdate,
} = panelActionFunctions();
