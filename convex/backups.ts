/** Round backups on a game server (model/serverControl/backups.ts): the admin tab's restore list. */
import { v } from "convex/values";
import { internalQuery } from "./_generated/server";
import { adminAction } from "./lib/functions";
import { vRoundMark } from "./lib/rounds";
import { listBackups, roundMarksOf, vBackupList } from "./model/serverControl/backups";

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
