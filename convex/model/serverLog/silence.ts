/**
 * A server whose CS2 log is on but stopped arriving while players are on (a `logaddress` lost in
 * a restart without server.cfg, a firewall, the panel's URL changed): rounds, kills and chat from
 * the log stop updating, and nothing else would say so. The poller's own polls decide it (no new
 * request, no per-viewer cost): the state is written once when it starts and once when it ends;
 * admins see it on the health panel at once, and the server-state Discord channel hears of it
 * when it has lasted LOG_SILENT_ALERT_MS more (and again when the log is back).
 */
import { internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { notify } from "../notifications/notify";
import { logStatusOf } from "./status";

/** A log on and silent this long while players are on is a state (CS2 posts every few seconds). */
export const LOG_SILENT_MS = 2 * 60_000;
/** Discord hears of a silence once it has lasted this much longer. */
export const LOG_SILENT_ALERT_MS = 3 * 60_000;

async function playersOn(ctx: MutationCtx, serverId: Id<"servers">) {
  const health = await ctx.db
    .query("serverHealth")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
  return health?.players;
}

const minutesSince = (at: number, now: number) => Math.max(1, Math.round((now - at) / 60_000));

/** After each poll: starts the silence (and its alert's timer) or ends it when nobody plays. */
export async function watchLogSilence(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  seen: { online: boolean; players: number },
  now: number,
): Promise<void> {
  const status = await logStatusOf(ctx, serverId);
  if (!status?.enabled) return;
  const last = Math.max(status.lastBatchAt ?? 0, status.enabledAt ?? 0);
  const playing = seen.online && seen.players > 0;
  if (playing && status.silentSince === undefined && now - last > LOG_SILENT_MS) {
    await ctx.db.patch("serverLogStatus", status._id, { silentSince: last || now });
    await ctx.scheduler.runAfter(LOG_SILENT_ALERT_MS, internal.serverLog.announceSilence, {
      serverId,
    });
  } else if (!playing && status.silentSince !== undefined) {
    // Nobody plays (or the server is down, which has its own message): no log is expected.
    await ctx.db.patch("serverLogStatus", status._id, {
      silentSince: undefined,
      silentAnnounced: undefined,
    });
  }
}

/** A batch arrived: a silence ends; Discord hears it is back when it heard of the silence. */
export async function endLogSilence(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  now: number,
): Promise<void> {
  const status = await logStatusOf(ctx, serverId);
  if (status?.silentSince === undefined) return;
  await ctx.db.patch("serverLogStatus", status._id, {
    silentSince: undefined,
    silentAnnounced: undefined,
  });
  if (!status.silentAnnounced) return;
  const server = await ctx.db.get("servers", serverId);
  if (!server) return;
  await notify(ctx, {
    kind: "logBack",
    serverName: server.name,
    minutes: minutesSince(status.silentSince, now),
  });
}

/** The alert's timer: posts when the same silence still stands and was not posted yet. */
export async function announceLogSilence(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  now: number,
): Promise<void> {
  const status = await logStatusOf(ctx, serverId);
  if (status?.silentSince === undefined || status.silentAnnounced) return;
  if (now - status.silentSince < LOG_SILENT_MS + LOG_SILENT_ALERT_MS - 1_000) return;
  const server = await ctx.db.get("servers", serverId);
  if (!server) return;
  await ctx.db.patch("serverLogStatus", status._id, { silentAnnounced: true });
  await notify(ctx, {
    kind: "logSilent",
    serverName: server.name,
    minutes: minutesSince(status.silentSince, now),
    players: (await playersOn(ctx, serverId)) ?? 0,
  });
}
