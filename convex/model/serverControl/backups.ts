/**
 * The round backups a game server holds, for the admin tab's restore list: read over the server's
 * own connection (the plugin's `GET /private/backups`, or the console's list through the proxy or
 * direct RCON), each with the score players will see after loading it, and which restore the
 * server takes (MatchZy's own where MatchZy runs, else CS2's). Reads only: nothing is audited and
 * nothing is stored, so the list costs the game server one request per time an admin opens it.
 */
import { v, type Infer } from "convex/values";
import { internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import type { ActionCtx, QueryCtx } from "../../_generated/server";
import {
  normalizeBackups,
  parseBackupList,
  withScores,
  type RoundBackupFile,
} from "../../gameServer/backups";
import { parseCvarBool } from "../../gameServer/readBack";
import { fail } from "../../lib/errors";
import type { RoundMark } from "../../lib/rounds";
import { requireServer } from "../capability/define";
import { openInterruptionOf } from "../history/interruptions";
import { roundLogOf } from "../history/rounds";
import { sendToServer } from "./step";

export const vBackupFile = v.object({
  file: v.string(),
  round: v.number(),
  scoreCT: v.optional(v.number()),
  scoreT: v.optional(v.number()),
});

export const vBackupList = v.object({
  /** CS2 writes a file at each round start (`mp_backup_round_auto`); null: it did not say. */
  auto: v.union(v.boolean(), v.null()),
  /** The restore this server takes: `restoreBackupMatchzy` or `restoreBackup`. */
  via: v.union(v.literal("matchzy"), v.literal("cs2")),
  files: v.array(vBackupFile),
});
export type BackupList = Infer<typeof vBackupList>;

/** The restore action a server takes: MatchZy's where it runs (it keeps its rosters), else CS2's. */
export function restoreVia(matchzy: boolean | undefined): BackupList["via"] {
  return matchzy ? "matchzy" : "cs2";
}

/** The rounds the panel saw on this map: the round log, else the held log of an interrupted match. */
export async function roundMarksOf(ctx: QueryCtx, serverId: Id<"servers">): Promise<RoundMark[]> {
  const held = await openInterruptionOf(ctx, serverId);
  if (held?.timeline && held.timeline.length > 0) return held.timeline;
  return (await roundLogOf(ctx, serverId))?.rounds ?? [];
}

/** What the server answered, as a list: the plugin's JSON, or the console's text. */
export function backupsFromAnswer(
  connectionType: string,
  output: string,
  replies: unknown[],
): { auto: boolean | null; files: RoundBackupFile[] } {
  if (connectionType === "HTTP") return normalizeBackups(replies[0]);
  return { auto: parseCvarBool(output, "mp_backup_round_auto"), files: parseBackupList(output) };
}

export async function listBackups(
  ctx: ActionCtx,
  serverId: Id<"servers"> | undefined,
): Promise<BackupList> {
  const server = await requireServer(ctx, serverId);
  const sent = await sendToServer(ctx, server.target, { kind: "backupList" });
  if (sent.failure) {
    fail("GAME_SERVER", sent.failure.error?.message ?? sent.result.warning ?? sent.failure.details);
  }
  const read = backupsFromAnswer(server.target.connectionType, sent.result.output, sent.replies);
  const { marks, matchzy } = await ctx.runQuery(internal.backups.context, {
    serverId: server.serverId,
  });
  return { auto: read.auto, via: restoreVia(matchzy), files: withScores(read.files, marks) };
}
