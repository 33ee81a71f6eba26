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
  lookForUpload as look,
  settleUpload as settle,
} from "./model/demos/claim";
import {
  adminDemoList,
  adminDemosOfMatch,
  publicDemosOfMatch,
  storedSize as sizeOf,
} from "./model/demos/read";
import { applyRetentionPage } from "./model/demos/retention";
import { openUpload as open, vAnnouncement, vOpenUploadReply } from "./model/demos/upload";
import { sendRecordingCommand } from "./model/demos/recording";
import { targetFor } from "./model/servers/records";
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

/** The upload endpoint's database step (model/demos/upload.ts). */
export const openUpload = internalMutation({
  args: {
    key: v.string(),
    secret: v.string(),
    upload: v.union(vAnnouncement, v.null()),
    refusal: v.union(v.object({ status: v.number(), error: v.string() }), v.null()),
  },
  returns: vOpenUploadReply,
  handler: async (ctx, args) => await open(ctx, args, Date.now()),
});

/** One look for an announced upload's stored file (model/demos/claim.ts). */
export const claim = internalAction({
  args: { demoId: v.id("demos"), attempt: v.number() },
  returns: v.null(),
  handler: async (ctx, { demoId, attempt }) => {
    await claimUpload(ctx, demoId, attempt, Date.now());
    return null;
  },
});

export const lookForUpload = internalQuery({
  args: { demoId: v.id("demos") },
  returns: v.object({
    demo: v.union(v.null(), v.object({ state: v.string(), startedAt: v.number() })),
    storageId: v.union(v.id("_storage"), v.null()),
  }),
  handler: async (ctx, { demoId }) => await look(ctx, demoId),
});

export const storedSize = internalQuery({
  args: { storageId: v.id("_storage") },
  returns: v.union(v.number(), v.null()),
  handler: async (ctx, { storageId }) => await sizeOf(ctx, storageId),
});

export const settleUpload = internalMutation({
  args: {
    demoId: v.id("demos"),
    storageId: v.id("_storage"),
    kind: v.union(
      v.literal("demo"),
      v.literal("truncated"),
      v.literal("zip"),
      v.literal("not_a_demo"),
    ),
  },
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
  handler: async (ctx, { serverId }) => {
    const server = await ctx.db.get("servers", serverId);
    return server && !server.disabled ? await targetFor(ctx, server) : null;
  },
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
