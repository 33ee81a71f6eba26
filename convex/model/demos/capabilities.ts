/**
 * What admins do with demos, each audited: hide or show one on its match page, pin one against
 * retention, delete one (its file with it), attach a demo without a map to a recorded map, and set
 * the retention policy.
 */
import { v } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { RETENTION_MAX_CAP_BYTES, RETENTION_MAX_DAYS, vDemoRetention } from "../../lib/demos";
import { fail } from "../../lib/errors";
import { auditDetail } from "../../lib/texts/auditDetails";
import { DEMO_TEXTS } from "../../lib/texts/demos";
import { REQUEST_TEXTS } from "../../lib/texts/request";
import { wordedIn } from "../../lib/wording";
import { defineCapability } from "../capability/define";
import { announceWhenAttached } from "./announce";
import { removeDemo, setRetention } from "./store";

export const DEMO_MESSAGES = {
  notFound: DEMO_TEXTS["refusal.demos.notFound"],
  matchNotFound: REQUEST_TEXTS["refusal.request.matchNotFound"],
  notAttachable: DEMO_TEXTS["refusal.demos.notAttachable"],
  badRetention: wordedIn(DEMO_TEXTS, "refusal.demos.badRetention", {
    days: RETENTION_MAX_DAYS,
    tb: RETENTION_MAX_CAP_BYTES / 1024 ** 4,
  }),
} as const;

async function demoOf(ctx: MutationCtx, raw: string): Promise<Doc<"demos">> {
  const id = ctx.db.normalizeId("demos", raw);
  const demo = id ? await ctx.db.get("demos", id) : null;
  if (!demo) fail("NOT_FOUND", DEMO_MESSAGES.notFound);
  return demo;
}

const describe = (demo: Doc<"demos">) => `${demo.fileName} (${demo.serverKey})`;

export const DEMO_CAPABILITIES = {
  setHidden: defineCapability({
    name: "demo_hide",
    access: "admin",
    args: { demoId: v.string(), hidden: v.boolean() },
    returns: v.null(),
    auditName: ({ hidden }) => (hidden ? "demo_hide" : "demo_show"),
    commit: async (ctx, { demoId, hidden }) => {
      const demo = await demoOf(ctx, demoId);
      await ctx.db.patch("demos", demo._id, { hidden });
      if (!hidden) await announceWhenAttached(ctx, { ...demo, hidden });
      return { details: describe(demo), serverId: demo.serverId };
    },
  }),

  setPinned: defineCapability({
    name: "demo_pin",
    access: "admin",
    args: { demoId: v.string(), pinned: v.boolean() },
    returns: v.null(),
    auditName: ({ pinned }) => (pinned ? "demo_pin" : "demo_unpin"),
    commit: async (ctx, { demoId, pinned }) => {
      const demo = await demoOf(ctx, demoId);
      await ctx.db.patch("demos", demo._id, { pinned });
      return { details: describe(demo), serverId: demo.serverId };
    },
  }),

  remove: defineCapability({
    name: "demo_delete",
    access: "admin",
    args: { demoId: v.string() },
    returns: v.null(),
    commit: async (ctx, { demoId }) => {
      const demo = await demoOf(ctx, demoId);
      await removeDemo(ctx, demo);
      return { details: describe(demo), serverId: demo.serverId };
    },
  }),

  attach: defineCapability({
    name: "demo_attach",
    access: "admin",
    args: { demoId: v.string(), matchId: v.string() },
    returns: v.null(),
    commit: async (ctx, { demoId, matchId: rawMatch }) => {
      const demo = await demoOf(ctx, demoId);
      const matchId: Id<"matches"> | null = ctx.db.normalizeId("matches", rawMatch);
      const match = matchId ? await ctx.db.get("matches", matchId) : null;
      if (!matchId || !match) fail("NOT_FOUND", DEMO_MESSAGES.matchNotFound);
      const stored = demo.state === "ready" || demo.state === "partial";
      if (!stored || demo.matchId) fail("INVALID_INPUT", DEMO_MESSAGES.notAttachable);
      await ctx.db.patch("demos", demo._id, { matchId });
      await announceWhenAttached(ctx, { ...demo, matchId });
      return {
        details: `${describe(demo)} → ${match.map} ${match.scoreCT}:${match.scoreT} (${matchId})`,
        serverId: demo.serverId,
      };
    },
  }),

  setRetention: defineCapability({
    name: "demo_retention",
    access: "admin",
    args: vDemoRetention.fields,
    returns: v.null(),
    commit: async (ctx, { days, capBytes }) => {
      const valid =
        Number.isInteger(days) &&
        days >= 0 &&
        days <= RETENTION_MAX_DAYS &&
        Number.isFinite(capBytes) &&
        capBytes >= 0 &&
        capBytes <= RETENTION_MAX_CAP_BYTES;
      if (!valid) fail("INVALID_INPUT", DEMO_MESSAGES.badRetention);
      await setRetention(ctx, { days, capBytes: Math.floor(capBytes) });
      const gib = (capBytes / 1024 ** 3).toFixed(1);
      return { details: auditDetail("demoRetention", { days, gib }) };
    },
  }),
};
