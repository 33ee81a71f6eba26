/**
 * After a CS2 (or plugin) update, nobody knows which of the panel's reads and actions still work
 * on that server. When a poll shows a new version, the panel:
 *
 * - keeps the update (from, to, when) and marks the switches unconfirmed, so the admin tab shows
 *   them as unknown until the server says them again;
 * - reads them back at once (read-only: nothing is changed on a live match to test it);
 * - shows «що працює після оновлення»: per part (the poll's map and mode, the switches, CS2's log,
 *   MatchZy's events, where they are on), when it was confirmed since the update, or that it is
 *   still awaited, or why it failed;
 * - asks Steam whether that build is the newest (`ISteamApps/UpToDateCheck`), also hourly.
 */
import { v, type Infer } from "convex/values";
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import { env, type MutationCtx, type QueryCtx } from "../../_generated/server";
import { timedFetch } from "../../lib/timedFetch";
import { logStatusOf } from "../serverLog/status";
import { pushStatusOf } from "../push/status";

/** The after-update table is shown this long after an update. */
export const UPDATE_SHOWN_MS = 24 * 60 * 60_000;
const STEAM_TIMEOUT_MS = 5_000;
/** CS2's Steam app id. */
const CS2_APP_ID = 730;

export async function latestUpdateOf(ctx: QueryCtx, serverId: Id<"servers">) {
  return await ctx.db
    .query("serverUpdates")
    .withIndex("by_serverId_and_at", (q) => q.eq("serverId", serverId))
    .order("desc")
    .first();
}

export async function startUpdateCheck(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  from: string,
  to: string,
  at: number,
): Promise<void> {
  const updateId = await ctx.db.insert("serverUpdates", { serverId, at, from, to });
  const toggles = await ctx.db
    .query("serverToggles")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
  if (toggles?.confirmedAt !== undefined) {
    await ctx.db.patch("serverToggles", toggles._id, { confirmedAt: undefined });
  }
  await ctx.scheduler.runAfter(0, internal.health.checkAfterUpdate, { serverId, updateId });
  await ctx.scheduler.runAfter(0, internal.health.checkLatest, {});
}

/** What the switches' read-back after the update found. */
export async function storeSwitchCheck(
  ctx: MutationCtx,
  updateId: Id<"serverUpdates">,
  failed: string | null,
  at: number,
): Promise<void> {
  const row = await ctx.db.get("serverUpdates", updateId);
  if (!row) return;
  await ctx.db.patch(
    "serverUpdates",
    updateId,
    failed === null ? { switchesAt: at, switchesFailed: undefined } : { switchesFailed: failed },
  );
}

export const vUpdateCheckRow = v.object({
  part: v.union(v.literal("poll"), v.literal("switches"), v.literal("log"), v.literal("push")),
  state: v.union(v.literal("ok"), v.literal("waiting"), v.literal("failed")),
  /** When it was confirmed since the update. */
  at: v.optional(v.number()),
  /** Why it failed, in the game server's or the panel's words. */
  detail: v.optional(v.string()),
});
export type UpdateCheckRow = Infer<typeof vUpdateCheckRow>;

export const vUpdateView = v.object({
  at: v.number(),
  from: v.string(),
  to: v.string(),
  rows: v.array(vUpdateCheckRow),
});

function confirmedSince(at: number, when: number | undefined): UpdateCheckRow["state"] {
  return when !== undefined && when >= at ? "ok" : "waiting";
}

/** «Що працює після оновлення»: each part the panel reads, and whether it worked since. */
export async function updateView(
  ctx: QueryCtx,
  serverId: Id<"servers">,
  now: number,
): Promise<Infer<typeof vUpdateView> | null> {
  const update = await latestUpdateOf(ctx, serverId);
  if (!update || now - update.at > UPDATE_SHOWN_MS) return null;
  const toggles = await ctx.db
    .query("serverToggles")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
  const switchesAt =
    toggles?.confirmedAt !== undefined && toggles.confirmedAt >= update.at
      ? toggles.confirmedAt
      : update.switchesAt;
  const rows: UpdateCheckRow[] = [
    // The update was seen by a poll that read the map and mode: that read works.
    { part: "poll", state: "ok", at: update.at },
    update.switchesFailed !== undefined && switchesAt === undefined
      ? { part: "switches", state: "failed", detail: update.switchesFailed }
      : {
          part: "switches",
          state: confirmedSince(update.at, switchesAt),
          ...(switchesAt !== undefined ? { at: switchesAt } : {}),
        },
  ];
  const log = await logStatusOf(ctx, serverId);
  if (log?.enabled) {
    rows.push({
      part: "log",
      state: confirmedSince(update.at, log.lastBatchAt),
      ...(log.lastBatchAt !== undefined && log.lastBatchAt >= update.at
        ? { at: log.lastBatchAt }
        : {}),
    });
  }
  const push = await pushStatusOf(ctx, serverId);
  if (push?.enabled) {
    rows.push({
      part: "push",
      state: confirmedSince(update.at, push.lastEventAt),
      ...(push.lastEventAt !== undefined && push.lastEventAt >= update.at
        ? { at: push.lastEventAt }
        : {}),
    });
  }
  return { at: update.at, from: update.from, to: update.to, rows };
}

/**
 * Steam's answer for a CS2 build: whether it is current and which build it requires. Throws when
 * Steam does not answer or answers something else.
 */
export async function askSteamForLatest(
  build: number,
  now: number,
): Promise<NonNullable<Doc<"serverHealth">["latest"]>> {
  const base = (env.STEAM_WEB_API_BASE ?? "https://api.steampowered.com").replace(/\/+$/, "");
  const url = `${base}/ISteamApps/UpToDateCheck/v1/?appid=${CS2_APP_ID}&version=${build}`;
  const body = await timedFetch(url, { method: "GET" }, STEAM_TIMEOUT_MS, async (res) => {
    if (!res.ok) throw new Error(`Steam answered ${res.status}`);
    return (await res.json()) as unknown;
  });
  const r = (body as { response?: Record<string, unknown> } | null)?.response;
  if (!r || r.success !== true || typeof r.up_to_date !== "boolean") {
    throw new Error("Steam's answer is not an UpToDateCheck");
  }
  const required = Number(r.required_version);
  return {
    upToDate: r.up_to_date,
    ...(Number.isInteger(required) && required > 0 && required < 1e9
      ? { requiredBuild: required }
      : {}),
    checkedAt: now,
  };
}
