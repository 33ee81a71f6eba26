/** Match demos: receiving MatchZy's uploads, keeping them, and showing them; logic in model/demos/. */
import { v } from "convex/values";
import { internalAction, internalMutation, internalQuery } from "./_generated/server";
import { adminQuery, publicQuery } from "./lib/functions";
import { vDemoAdminItem, vDemoProblem, vDemoStorageTotals, vDemoView } from "./lib/demos";
import { capability } from "./model/capability/define";
import { DEMO_CAPABILITIES } from "./model/demos/capabilities";
import {
  claimUpload,
  failDemo,
  keepStray as keep,
  lookForUpload as look,
  settleUpload as settle,
  strayFiles as strays,
} from "./model/demos/claim";
import { sweepStrays as sweep } from "./model/demos/sweep";
import { markSwept } from "./model/demos/store";
import { noteRenewal, renewalsDue, renewUploadUrls as renew } from "./model/demos/upload";
import { adminDemoList, adminDemosOfMatch, publicDemosOfMatch } from "./model/demos/read";
import { applyRetentionPage } from "./model/demos/retention";
import { sendRecordingCommand } from "./model/demos/recording";
import { enabledTargetOf, targetFor } from "./model/servers/records";
import { vServerAction } from "./lib/actionRegistry";
import { vTarget } from "./lib/validators";

/** A recorded map's demos as a visitor sees them: stored, not hidden, with their download links. */
export const ofMatch = publicQuery({
  args: { matchId: v.string() },
  returns: v.array(vDemoView),
  handler: async (ctx, { matchId }) => await publicDemosOfMatch(ctx, matchId),
});

/** The same for admins: every state, hidden demos too. */
export const adminOfMatch = adminQuery({
  args: { matchId: v.string() },
  returns: v.array(vDemoView),
  handler: async (ctx, { matchId }) => await adminDemosOfMatch(ctx, matchId),
});

/** Demos needing an admin, the newest stored ones, and the store's policy and totals. */
export const adminList = adminQuery({
  args: {},
  returns: v.object({
    attention: v.array(vDemoAdminItem),
    stored: v.array(vDemoAdminItem),
    totals: vDemoStorageTotals,
  }),
  handler: async (ctx) => await adminDemoList(ctx),
});

export const setHidden = capability(DEMO_CAPABILITIES.setHidden);
export const setPinned = capability(DEMO_CAPABILITIES.setPinned);
export const remove = capability(DEMO_CAPABILITIES.remove);
export const attach = capability(DEMO_CAPABILITIES.attach);
export const setRetention = capability(DEMO_CAPABILITIES.setRetention);

/** One look for a recorded map's uploaded file (model/demos/claim.ts). */
export const claim = internalAction({
  args: { demoId: v.id("demos"), attempt: v.number() },
  returns: v.null(),
  handler: async (ctx, { demoId, attempt }) => {
    await claimUpload(ctx, demoId, attempt, Date.now());
    return null;
  },
});

const vFile = v.object({ storageId: v.id("_storage"), size: v.number() });

export const lookForUpload = internalQuery({
  args: { demoId: v.id("demos") },
  returns: v.object({
    demo: v.union(
      v.null(),
      v.object({
        state: v.string(),
        startedAt: v.number(),
        mapName: v.string(),
        hostName: v.union(v.string(), v.null()),
      }),
    ),
    files: v.array(vFile),
  }),
  handler: async (ctx, { demoId }) => await look(ctx, demoId, Date.now()),
});

const vKind = v.union(
  v.literal("demo"),
  v.literal("truncated"),
  v.literal("zip"),
  v.literal("not_a_demo"),
);

export const settleUpload = internalMutation({
  args: { demoId: v.id("demos"), storageId: v.id("_storage"), kind: vKind },
  returns: v.null(),
  handler: async (ctx, args) => {
    await settle(ctx, args, Date.now());
    return null;
  },
});

export const failUpload = internalMutation({
  args: { demoId: v.id("demos"), problem: vDemoProblem },
  returns: v.null(),
  handler: async (ctx, { demoId, problem }) => {
    const demo = await ctx.db.get("demos", demoId);
    if (demo) await failDemo(ctx, demo, problem);
    return null;
  },
});

/** Files nobody claimed (the 15-minute cron): demos kept without a map, the rest deleted. */
export const sweepStrays = internalAction({
  args: {},
  returns: v.object({ kept: v.number(), deleted: v.number() }),
  handler: async (ctx) => await sweep(ctx),
});

export const strayFiles = internalQuery({
  args: {},
  returns: v.object({
    files: v.array(vFile),
    through: v.union(v.number(), v.null()),
    more: v.boolean(),
  }),
  handler: async (ctx) => await strays(ctx, Date.now()),
});

export const keepStray = internalMutation({
  args: {
    stray: v.object({
      storageId: v.id("_storage"),
      size: v.number(),
      kind: vKind,
      header: v.union(v.null(), v.object({ mapName: v.string(), serverName: v.string() })),
    }),
  },
  returns: v.union(v.literal("kept"), v.literal("deleted"), v.literal("skipped")),
  handler: async (ctx, { stray }) => await keep(ctx, stray, Date.now()),
});

export const markStraysSwept = internalMutation({
  args: { through: v.number() },
  returns: v.null(),
  handler: async (ctx, { through }) => {
    await markSwept(ctx, through);
    return null;
  },
});

/** Fresh upload URLs for MatchZy servers (the 5-minute cron, model/demos/upload.ts). */
export const renewUploadUrls = internalAction({
  args: {},
  returns: v.number(),
  handler: async (ctx) => await renew(ctx, Date.now()),
});

export const uploadRenewalsDue = internalQuery({
  args: {},
  returns: v.array(v.id("servers")),
  handler: async (ctx) => await renewalsDue(ctx, Date.now()),
});

export const newUploadUrl = internalMutation({
  args: { serverId: v.id("servers") },
  returns: v.union(v.null(), v.object({ target: vTarget, url: v.string() })),
  handler: async (ctx, { serverId }) => {
    const server = await ctx.db.get("servers", serverId);
    if (!server || server.disabled || !server.matchzy) return null;
    const target = await targetFor(ctx, server);
    return target ? { target, url: await ctx.storage.generateUploadUrl() } : null;
  },
});

export const noteUploadRenewal = internalMutation({
  args: {
    serverId: v.id("servers"),
    outcome: v.union(
      v.object({ issuedAt: v.number() }),
      v.object({ failedAt: v.number(), failure: v.string() }),
    ),
  },
  returns: v.null(),
  handler: async (ctx, { serverId, outcome }) => {
    await noteRenewal(ctx, serverId, outcome);
    return null;
  },
});

/** Retention (the hourly cron and its continuation pages, model/demos/retention.ts). */
export const applyRetention = internalMutation({
  args: { cursor: v.union(v.string(), v.null()) },
  returns: v.object({ removed: v.number() }),
  handler: async (ctx, { cursor }) => await applyRetentionPage(ctx, cursor, Date.now()),
});

/** `tv_record` / `tv_stoprecord` on a server without MatchZy (model/demos/recording.ts). */
export const sendRecording = internalAction({
  args: {
    serverId: v.id("servers"),
    demoId: v.union(v.id("demos"), v.null()),
    action: vServerAction,
  },
  returns: v.null(),
  handler: async (ctx, { serverId, demoId, action }) => {
    await sendRecordingCommand(ctx, serverId, demoId, action);
    return null;
  },
});

export const recordingTarget = internalQuery({
  args: { serverId: v.id("servers") },
  returns: v.union(vTarget, v.null()),
  handler: async (ctx, { serverId }) => await enabledTargetOf(ctx, serverId),
});

/** The game server did not start the recording. */
export const recordingFailed = internalMutation({
  args: { demoId: v.id("demos") },
  returns: v.null(),
  handler: async (ctx, { demoId }) => {
    const demo = await ctx.db.get("demos", demoId);
    if (demo?.state === "recording") {
      await ctx.db.patch("demos", demoId, { state: "failed", problem: "not_recorded" });
    }
    return null;
  },
});
