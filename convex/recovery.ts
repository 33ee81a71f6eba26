/** Interrupted matches (model/history/interruptions.ts): what admins see, and the timers. */
import { v } from "convex/values";
import { internalMutation } from "./_generated/server";
import { adminAction, adminQuery } from "./lib/functions";
import { vInterruptReason } from "./lib/history";
import {
  abandonInterrupted as abandon,
  announceInterrupted as announce,
  latestInterruptionOf,
} from "./model/history/interruptions";
import { recoverMatch, vRecoveryResult } from "./model/history/recoverMatch";

const vInterruption = v.object({
  id: v.id("interruptions"),
  serverId: v.id("servers"),
  state: v.union(v.literal("open"), v.literal("recovered"), v.literal("abandoned")),
  reason: vInterruptReason,
  at: v.number(),
  map: v.string(),
  mode: v.optional(v.string()),
  round: v.number(),
  scoreCT: v.number(),
  scoreT: v.number(),
  teams: v.optional(v.object({ CT: v.string(), T: v.string() })),
  resolvedAt: v.optional(v.number()),
  matchId: v.optional(v.id("matches")),
});

/** The server's interrupted match (or how the last one ended, within half an hour). */
export const latest = adminQuery({
  args: { serverId: v.id("servers") },
  returns: v.union(vInterruption, v.null()),
  handler: async (ctx, { serverId }) => await latestInterruptionOf(ctx, serverId),
});

export const abandonInterrupted = internalMutation({
  args: { interruptionId: v.id("interruptions") },
  returns: v.null(),
  handler: async (ctx, { interruptionId }) => {
    await abandon(ctx, interruptionId, Date.now());
    return null;
  },
});

export const announceInterrupted = internalMutation({
  args: { interruptionId: v.id("interruptions") },
  returns: v.null(),
  handler: async (ctx, { interruptionId }) => {
    await announce(ctx, interruptionId);
    return null;
  },
});

/**
 * Brings the server's interrupted match back from a round backup in one action: the recovery armed
 * through its capability (rules, audit), then map, mode and names as each kind of server needs,
 * the backup, a line to the players, and the server read back (model/history/recoverMatch.ts).
 * Each step is audited as its own server action.
 */
export const recover = adminAction({
  audit: "match_recover",
  args: { interruptionId: v.id("interruptions"), file: v.string() },
  returns: vRecoveryResult,
  handler: async (ctx, { serverId, interruptionId, file }) =>
    await recoverMatch(ctx, serverId, { interruptionId, file }),
});
