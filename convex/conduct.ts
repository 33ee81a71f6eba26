/**
 * Players' conduct: the chat log (staff only), the conduct settings and the chat retention job;
 * see `model/conduct/`.
 */
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./_generated/server";
import { moderatorQuery } from "./lib/functions";
import { vChatLine, vConductSettings } from "./lib/conductFields";
import { capability } from "./model/capability/define";
import { CONDUCT_CAPABILITIES as C } from "./model/conduct/capabilities";
import { applyChatRetention, chatPage } from "./model/conduct/chatLog";
import { getConductSettings } from "./model/conduct/settings";

/** Chat retention, warnings and their escalation (staff read them; admins save them). */
export const settings = moderatorQuery({
  args: {},
  returns: vConductSettings,
  handler: async (ctx) => await getConductSettings(ctx),
});

export const saveSettings = capability(C.saveSettings);

const vChatRow = v.object({
  _id: v.id("chatLines"),
  serverId: v.id("servers"),
  map: v.optional(v.string()),
  ...vChatLine.fields,
});

/**
 * Chat, newest first (by text: most relevant first), for staff only: of a server, of a player,
 * with words, within a time range.
 */
export const chat = moderatorQuery({
  args: {
    serverId: v.optional(v.id("servers")),
    steamId: v.optional(v.string()),
    text: v.optional(v.string()),
    from: v.optional(v.number()),
    to: v.optional(v.number()),
    paginationOpts: paginationOptsValidator,
  },
  returns: paginationResultValidator(vChatRow),
  handler: async (ctx, { paginationOpts, ...search }) =>
    await chatPage(ctx, search, paginationOpts),
});

/** Chat past the admin's retention is deleted, oldest first, a batch per run (crons.ts). */
export const applyChatRetentionJob = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    if (await applyChatRetention(ctx, Date.now())) {
      await ctx.scheduler.runAfter(0, internal.conduct.applyChatRetentionJob, {});
    }
    return null;
  },
});
