/**
 * Server health for admins: round trip, version and build, uptime, frame rate, each player's ping
 * and loss, and an hour's chart, all taken from the polls the panel makes anyway
 * (gameServer/health.ts reads them out of the answers). No viewer adds a request: the poller's
 * cadence is the same whoever looks.
 *
 * Cost: one small row per server, written only when something an admin would act on changed
 * (online/offline, the version, a process restart) and otherwise at most once a minute, with that
 * minute's point for the chart. Only the admins' health query reads it.
 */
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import type { HealthSample, PollHealth, PollResult } from "../../lib/validators";
import { watchLogSilence } from "../serverLog/silence";
import { logStatusOf } from "../serverLog/status";
import { pushStatusOf } from "../push/status";
import { startUpdateCheck, updateView } from "./updateCheck";

/** A chart point (and so a write) at most this often, unless something meaningful changed. */
export const HEALTH_SAMPLE_MS = 60_000;
/** How much history the chart keeps. */
export const HEALTH_WINDOW_MS = 60 * 60_000;
/** A start this much later than the one stored is a new process, not clock noise. */
const RESTART_SLACK_MS = 30_000;

export async function healthOf(ctx: QueryCtx, serverId: Id<"servers">) {
  return await ctx.db
    .query("serverHealth")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
}

/** The version a server reports, as one string (the build alone when that is all it tells). */
export function versionLabel(h: { version?: string; build?: number }): string | undefined {
  return h.version ?? (h.build !== undefined ? String(h.build) : undefined);
}

/** Whether the version moved: both known and different (a source that says less is no change). */
export function versionChanged(
  before: { version?: string; build?: number },
  now: PollHealth,
): boolean {
  if (before.build !== undefined && now.build !== undefined) return before.build !== now.build;
  if (before.version !== undefined && now.version !== undefined) {
    return before.version !== now.version;
  }
  return false;
}

/** The points of the last hour, with this one. */
export function nextSamples(samples: HealthSample[], point: HealthSample): HealthSample[] {
  return [...samples.filter((s) => s.at > point.at - HEALTH_WINDOW_MS), point].slice(-61);
}

/**
 * Stores what this poll says about the server's health, when it is worth a write; starts the
 * after-update check when the version changed.
 */
export async function storeHealth(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  result: PollResult,
  now: number,
): Promise<void> {
  const row = await healthOf(ctx, serverId);
  const h: PollHealth = result.ok ? (result.health ?? {}) : {};
  const online = result.ok;
  await watchLogSilence(
    ctx,
    serverId,
    { online, players: result.ok ? result.match.playersOnline : 0 },
    now,
  );
  const bootedAt =
    h.uptimeSec !== undefined ? now - h.uptimeSec * 1000 : online ? row?.bootedAt : undefined;
  const restarted =
    row?.bootedAt !== undefined &&
    bootedAt !== undefined &&
    bootedAt > row.bootedAt + RESTART_SLACK_MS;
  const updated = row !== null && online && versionChanged(row, h);
  const due =
    !row ||
    row.online !== online ||
    restarted ||
    updated ||
    (!row.version && h.version !== undefined) ||
    now - row.sampledAt >= HEALTH_SAMPLE_MS;
  if (!due) return;
  const players = result.ok ? result.match.playersOnline : 0;
  const point: HealthSample = {
    at: now,
    online,
    players,
    ...(h.rttMs !== undefined ? { rttMs: h.rttMs } : {}),
    ...(h.fps !== undefined ? { fps: h.fps } : {}),
  };
  const fields = {
    online,
    players,
    sampledAt: now,
    samples: nextSamples(row?.samples ?? [], point),
    // What this poll did not say is kept from before (the version rides with the players' fetch
    // over RCON); what an offline server says is nothing, so its link figures are dropped.
    version: h.version ?? row?.version,
    build: h.build ?? row?.build,
    bootedAt,
    fps: online ? (h.fps ?? row?.fps) : undefined,
    frameMs: online ? (h.frameMs ?? row?.frameMs) : undefined,
    rttMs: online ? h.rttMs : undefined,
    links: online ? (h.links ?? row?.links) : undefined,
  };
  if (row) await ctx.db.patch("serverHealth", row._id, fields);
  else await ctx.db.insert("serverHealth", { serverId, ...fields });
  // A build seen for the first time is checked against Steam at once, not at the next hour.
  if (row?.build === undefined && h.build !== undefined) {
    await ctx.scheduler.runAfter(0, internal.health.checkLatest, {});
  }
  if (updated) {
    await startUpdateCheck(ctx, serverId, versionLabel(row) ?? "?", versionLabel(h) ?? "?", now);
  }
}

/** Records what Steam said about the server's build. */
export async function storeLatest(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  latest: NonNullable<Doc<"serverHealth">["latest"]>,
): Promise<void> {
  const row = await healthOf(ctx, serverId);
  if (!row) return;
  const same =
    row.latest?.upToDate === latest.upToDate &&
    row.latest.requiredBuild === latest.requiredBuild &&
    latest.checkedAt - row.latest.checkedAt < 6 * 60 * 60_000;
  if (!same) await ctx.db.patch("serverHealth", row._id, { latest });
}

/** What the admins' health panel shows for one server. */
export async function healthView(ctx: QueryCtx, serverId: Id<"servers">, now: number) {
  const row = await healthOf(ctx, serverId);
  const log = await logStatusOf(ctx, serverId);
  const push = await pushStatusOf(ctx, serverId);
  return {
    online: row?.online ?? false,
    ...(row?.version !== undefined ? { version: row.version } : {}),
    ...(row?.build !== undefined ? { build: row.build } : {}),
    ...(row?.bootedAt !== undefined ? { bootedAt: row.bootedAt } : {}),
    ...(row?.fps !== undefined ? { fps: row.fps } : {}),
    ...(row?.frameMs !== undefined ? { frameMs: row.frameMs } : {}),
    ...(row?.rttMs !== undefined ? { rttMs: row.rttMs } : {}),
    links: row?.links ?? [],
    players: row?.players ?? 0,
    ...(row ? { sampledAt: row.sampledAt } : {}),
    samples: row?.samples ?? [],
    ...(row?.latest ? { latest: row.latest } : {}),
    log: log?.enabled
      ? {
          lastAt: log.lastBatchAt ?? null,
          ...(log.silentSince !== undefined ? { silentSince: log.silentSince } : {}),
        }
      : null,
    push: push?.enabled ? { lastAt: push.lastEventAt ?? null } : null,
    update: await updateView(ctx, serverId, now),
  };
}
