/**
 * Round backups are what a crashed match is brought back from, so the panel makes sure a live
 * match writes them. Every launch turns them on (a step that cannot fail the launch,
 * model/tournament/launch.ts). A match the panel did not launch is caught as it goes live: the
 * history tracker (poll, MatchZy's events or CS2's log) sees a map go live, the panel reads
 * `mp_backup_round_auto` once, and when it is off turns it on as a declared server action audited
 * under the panel's own name, then reads it back. Admins see what it did on the backups card.
 * One read per match start, none per viewer; a row is written only when backups were off.
 */
import { v, type Infer } from "convex/values";
import { internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import type { ActionCtx, MutationCtx, QueryCtx } from "../../_generated/server";
import { mapWentLive, type TrackedMatch } from "../../lib/history";
import { PANEL_ACTOR } from "../../lib/texts/backups";
import type { ActionViewer, GameServerTarget } from "../../lib/validators";
import { runCapability } from "../capability/define";
import { SERVER_ACTION_CAPABILITIES } from "./actions";
import { backupsFromAnswer } from "./backups";
import { sendToServer } from "./step";

/** The card shows what the panel did this long after it did it. */
export const BACKUPS_NOTICE_MS = 12 * 60 * 60_000;

export const vBackupsNotice = v.object({
  at: v.number(),
  /** `on`: the panel turned them on and read them back on; `failed`: it could not. */
  outcome: v.union(v.literal("on"), v.literal("failed")),
  /** What the game server said when it did not take it. */
  detail: v.optional(v.string()),
});
export type BackupsNotice = Infer<typeof vBackupsNotice>;

/** After a tracker step: a map that went live gets its backups checked once. */
export async function followBackups(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  before: TrackedMatch | null,
  next: TrackedMatch | null,
): Promise<void> {
  if (!mapWentLive(before, next)) return;
  await ctx.scheduler.runAfter(0, internal.backups.ensureOn, { serverId });
}

/** The panel as the audit log names it when it acts by itself. */
export const PANEL_VIEWER: ActionViewer = {
  isSignedIn: true,
  isAdmin: true,
  isGuestAdminEnabled: false,
  username: PANEL_ACTOR,
};

/** Whether CS2 writes round backups now; null when the server did not answer or say. */
async function readAuto(ctx: ActionCtx, target: GameServerTarget): Promise<boolean | null> {
  const sent = await sendToServer(ctx, target, { kind: "backupList" });
  if (sent.failure) return null;
  return backupsFromAnswer(target.connectionType, sent.result.output, sent.replies).auto;
}

/**
 * Reads whether the server writes round backups; when it does not, turns them on (audited as the
 * panel) and reads them back. Never throws: a match goes on whatever the answer.
 */
export async function ensureBackupsOn(
  ctx: ActionCtx,
  serverId: Id<"servers">,
  now: () => number,
): Promise<BackupsNotice | null> {
  const server = await ctx.runQuery(internal.serverControl.targetOf, { serverId });
  if (!server) return null;
  if ((await readAuto(ctx, server.target)) !== false) return null;
  let detail: string | undefined;
  try {
    const run = { ...ctx, viewer: PANEL_VIEWER, auditAction: "backupsOn" as const };
    const sent = await runCapability(run, SERVER_ACTION_CAPABILITIES.backupsOn, {}, serverId);
    if (sent.warning) detail = sent.output || sent.warning;
  } catch (error) {
    detail = error instanceof Error ? error.message : String(error);
  }
  const on = detail === undefined && (await readAuto(ctx, server.target)) === true;
  const notice: BackupsNotice = on
    ? { at: now(), outcome: "on" }
    : { at: now(), outcome: "failed", ...(detail ? { detail: detail.slice(0, 300) } : {}) };
  await ctx.runMutation(internal.backups.storeNotice, { serverId, notice });
  return notice;
}

async function noticeRow(ctx: QueryCtx, serverId: Id<"servers">) {
  return await ctx.db
    .query("backupNotices")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
}

export async function storeNotice(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  notice: BackupsNotice,
): Promise<void> {
  const row = await noticeRow(ctx, serverId);
  const fields = {
    at: notice.at,
    outcome: notice.outcome,
    ...(notice.detail ? { detail: notice.detail } : {}),
  };
  if (row) await ctx.db.replace("backupNotices", row._id, { serverId, ...fields });
  else await ctx.db.insert("backupNotices", { serverId, ...fields });
}

/** What the panel last did about this server's backups, while it is recent. */
export async function noticeOf(
  ctx: QueryCtx,
  serverId: Id<"servers">,
  now: number,
): Promise<BackupsNotice | null> {
  const row = await noticeRow(ctx, serverId);
  if (!row || now - row.at > BACKUPS_NOTICE_MS) return null;
  return { at: row.at, outcome: row.outcome, ...(row.detail ? { detail: row.detail } : {}) };
}
