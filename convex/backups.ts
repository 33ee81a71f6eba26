/** Round backups on a game server (model/serverControl/backups.ts): the admin tab's restore list. */
import { v } from "convex/values";
import { internalAction, internalMutation, internalQuery } from "./_generated/server";
import { adminAction, adminQuery } from "./lib/functions";
import { vRoundMark } from "./lib/rounds";
import { listBackups, roundMarksOf, vBackupList } from "./model/serverControl/backups";
import {
  ensureBackupsOn,
  noticeOf,
  storeNotice as storeNoticeOf,
  vBackupsNotice,
} from "./model/serverControl/backupsAuto";

/** The files the selected server holds, newest last, with the score each puts back. */
export const list = adminAction({
  audit: "backupList",
  args: {},
  returns: vBackupList,
  handler: async (ctx, { serverId }) => await listBackups(ctx, serverId),
});

export const context = internalQuery({
  args: { serverId: v.id("servers") },
  returns: v.object({ marks: v.array(vRoundMark), matchzy: v.boolean() }),
  handler: async (ctx, { serverId }) => ({
    marks: await roundMarksOf(ctx, serverId),
    matchzy: (await ctx.db.get("servers", serverId))?.matchzy === true,
  }),
});

/** What the panel did about the server's backups when a match went live with them off. */
export const notice = adminQuery({
  args: { serverId: v.id("servers") },
  returns: v.union(vBackupsNotice, v.null()),
  handler: async (ctx, { serverId }) => await noticeOf(ctx, serverId, Date.now()),
});

/** A map went live: backups read once, turned on when off (model/serverControl/backupsAuto.ts). */
export const ensureOn = internalAction({
  args: { serverId: v.id("servers") },
  returns: v.null(),
  handler: async (ctx, { serverId }) => {
    await ensureBackupsOn(ctx, serverId, Date.now);
    return null;
  },
});

export const storeNotice = internalMutation({
  args: { serverId: v.id("servers"), notice: vBackupsNotice },
  returns: v.null(),
  handler: async (ctx, { serverId, notice }) => {
    await storeNoticeOf(ctx, serverId, notice);
    return null;
  },
});
