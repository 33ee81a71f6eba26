/**
 * Recording on servers without MatchZy: the panel starts GOTV's `tv_record` when the history
 * tracker sees a map go live and stops it (`tv_stoprecord`) once that map is recorded, through the
 * command layer. The file stays on the game server (`csgo/panel_demos/…dem`): the match page says
 * where, since the panel cannot fetch files from a game server. A map that ends without being
 * recorded (a restart, a map change before 4 rounds) stops its recording and drops the row. The
 * steps come from the poll tracker, or from CS2's log where the log speaks for the match (plain
 * CS2 over RCON, whose polls see no phase).
 * MatchZy servers record and upload by themselves.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { ActionCtx, MutationCtx } from "../../_generated/server";
import { internal } from "../../_generated/api";
import { PANEL_DEMO_FOLDER } from "../../lib/demos";
import type { ServerAction } from "../../lib/actionRegistry";
import type { GameServerTarget } from "../../lib/validators";
import { mapWentLive, type TrackedMatch } from "../../lib/history";
import { sendToServer } from "../serverControl/step";

const two = (n: number) => String(n).padStart(2, "0");

/** `<serverKey>_<YYYYMMDD-HHMMSS>_<map>` (UTC), of characters `tv_record` and file systems take. */
export function recordingStem(serverKey: string, mapName: string, at: number): string {
  const d = new Date(at);
  const stamp = `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}-${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}`;
  const safe = (text: string, max: number) =>
    text.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, max) || "map";
  return `${safe(serverKey, 32)}_${stamp}_${safe(mapName.split("/").pop() ?? mapName, 48)}`;
}

/**
 * After the tracker's step on a server without MatchZy: a map that went live gets a recording; one
 * that ended without being recorded loses its own. (A recorded one is attached by
 * `attachDemosToRecordedMap`.)
 */
export async function followRecording(
  ctx: MutationCtx,
  server: Doc<"servers">,
  before: TrackedMatch | null,
  next: TrackedMatch | null,
  recorded: boolean,
  now: number,
): Promise<void> {
  if (server.matchzy) return;
  const wasOpen = before !== null && before.state === "open";
  const sameMap = wasOpen && next !== null && next.startedAt === before.startedAt;
  const current = await ctx.db
    .query("demos")
    .withIndex("by_serverId_and_state", (q) =>
      q.eq("serverId", server._id).eq("state", "recording"),
    )
    .first();
  if (wasOpen && !sameMap && !recorded && current) {
    await ctx.db.delete("demos", current._id);
    await ctx.scheduler.runAfter(0, internal.demos.sendRecording, {
      serverId: server._id,
      demoId: null,
      action: { kind: "demoStop" },
    });
  }
  if (!mapWentLive(before, next)) return;
  const stem = recordingStem(server.key, next.mapName, now);
  const demoId = await ctx.db.insert("demos", {
    serverId: server._id,
    serverKey: server.key,
    source: "tv_record",
    state: "recording",
    fileName: `${stem}.dem`,
    serverPath: `csgo/${PANEL_DEMO_FOLDER}/${stem}.dem`,
    startedAt: now,
    hidden: false,
    pinned: false,
  });
  await ctx.scheduler.runAfter(0, internal.demos.sendRecording, {
    serverId: server._id,
    demoId,
    action: { kind: "demoRecord", path: `${PANEL_DEMO_FOLDER}/${stem}` },
  });
}

/** Sends `tv_record`/`tv_stoprecord`; a recording the server did not start is marked so. */
export async function sendRecordingCommand(
  ctx: ActionCtx,
  serverId: Id<"servers">,
  demoId: Id<"demos"> | null,
  action: ServerAction,
): Promise<void> {
  const target: GameServerTarget | null = await ctx.runQuery(internal.demos.recordingTarget, {
    serverId,
  });
  if (!target) return;
  const sent = await sendToServer(ctx, target, action);
  if (sent.failure && demoId) {
    await ctx.runMutation(internal.demos.recordingFailed, { demoId });
  }
}
