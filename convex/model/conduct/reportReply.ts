/**
 * The in-game answer to a report typed in chat: a fixed `say` line (lib/conductFields.ts) sent
 * through the command layer by a scheduled action, so the log's mutation waits for no game
 * server. A server that cannot take it (disabled, its RCON password refused) is not asked; a send
 * that fails is only a state of that send: the report is filed either way, the batch goes on.
 */
import { internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import type { ActionCtx, MutationCtx, QueryCtx } from "../../_generated/server";
import type { GameServerTarget } from "../../lib/validators";
import { targetFor } from "../servers/records";
import { sendToServer } from "../serverControl/step";
import type { FileOutcome } from "./reports";

/** One answer per batch, when it filed (or folded) a report: a limited reporter hears nothing. */
export async function scheduleReportReply(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  outcomes: FileOutcome[],
): Promise<void> {
  if (!outcomes.some((o) => o.status !== "limited")) return;
  await ctx.scheduler.runAfter(0, internal.conduct.replyToReport, { serverId });
}

/** Where the answer goes, or null when the server takes no commands now. */
export async function reportReplyTarget(
  ctx: QueryCtx,
  serverId: Id<"servers">,
): Promise<GameServerTarget | null> {
  const server = await ctx.db.get("servers", serverId);
  if (!server || server.disabled) return null;
  const target = await targetFor(ctx, server);
  return target.rconAuthFailed ? null : target;
}

/** Says the answer; whether the game server took it (never throws). */
export async function sendReportReply(
  ctx: ActionCtx,
  serverId: Id<"servers">,
): Promise<"sent" | "skipped" | "failed"> {
  try {
    const target = await ctx.runQuery(internal.conduct.reportReplyTarget, { serverId });
    if (!target) return "skipped";
    const sent = await sendToServer(ctx, target, { kind: "reportReply" });
    return sent.failure ? "failed" : "sent";
  } catch {
    return "failed";
  }
}
