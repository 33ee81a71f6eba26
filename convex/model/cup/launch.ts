/**
 * The panel launches a cup match's maps itself: the first once its ban/pick is done, each next one
 * once the previous map's result is recorded, always on the server the match was given. It runs
 * the same declared launch as an admin's button (model/tournament/launch.ts), audited under the
 * cup's name, so every connection type and MatchZy work as they do for an admin. A launch the game
 * server did not take (offline, busy) is tried again, 30 s later at first and then less often, for
 * as long as the match holds its server (about a day); meanwhile the match's ban/pick page offers
 * an admin the launch, and a walkover or replay ends the tries.
 */
import { v, type Infer } from "convex/values";
import { internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import type { ActionCtx, QueryCtx } from "../../_generated/server";
import { auditDetail } from "../../lib/texts/auditDetails";
import type { ActionViewer } from "../../lib/validators";
import { runCapability } from "../capability/define";
import { LAUNCH_CAPABILITY } from "../tournament/launch";
import { relaunchableMap } from "../tournament/state";
import { stateOf } from "../tournament/store";

/** Tries of one map's launch: 30 s apart, doubling up to 10 min (about a day in all). */
export const LAUNCH_ATTEMPTS_MAX = 150;
const LAUNCH_RETRY_MS = 30_000;
const LAUNCH_RETRY_MAX_MS = 600_000;

export function launchRetryMs(attempt: number): number {
  return Math.min(LAUNCH_RETRY_MAX_MS, LAUNCH_RETRY_MS * 2 ** Math.min(attempt, 10));
}
/** Phases in which a cup match holds its server. */
const ON_SERVER = new Set(["veto", "live"]);

export const vLaunchTarget = v.union(
  v.null(),
  v.object({
    serverId: v.id("servers"),
    mode: v.string(),
    mapIndex: v.number(),
    cupName: v.string(),
  }),
);
type LaunchTarget = Infer<typeof vLaunchTarget>;

/**
 * What the next launch of a cup match's series is, or null when there is none to make now.
 * `again`: the map in play without a result is launched anew (the match was moved to another
 * server), else the next one.
 */
export async function launchTargetOf(
  ctx: QueryCtx,
  tournamentId: Id<"tournaments">,
  again = false,
): Promise<LaunchTarget> {
  const doc = await ctx.db.get("tournaments", tournamentId);
  if (!doc?.cupMatchId || doc.archived || doc.seriesWinner || doc.status !== "finished") {
    return null;
  }
  const row = await ctx.db.get("cupMatches", doc.cupMatchId);
  if (!row || row.tournamentId !== tournamentId || !row.serverId || !ON_SERVER.has(row.phase)) {
    return null;
  }
  const mapIndex = (again ? relaunchableMap(stateOf(doc)) : null) ?? doc.launchedMaps;
  if (mapIndex >= doc.series.length) return null;
  const results = doc.seriesResults ?? [];
  if (mapIndex > 0 && !results.some((r) => r.mapIndex === mapIndex - 1)) return null;
  const cup = await ctx.db.get("cups", row.cupId);
  return {
    serverId: row.serverId,
    // 2v2 and smaller is CS2's Wingman; larger teams play competitive.
    mode: doc.format.teamSize <= 2 ? "wingman" : "competitive",
    mapIndex,
    cupName: cup?.name ?? "",
  };
}

/** The panel as the audit log names it when it launches for a cup. */
function cupViewer(cupName: string): ActionViewer {
  return {
    isSignedIn: true,
    isAdmin: true,
    isGuestAdminEnabled: false,
    username: auditDetail("cupLauncher", { cup: cupName }).slice(0, 64),
  };
}

export async function launchNext(
  ctx: ActionCtx,
  tournamentId: Id<"tournaments">,
  attempt: number,
  again = false,
): Promise<void> {
  const target = await ctx.runQuery(internal.cups.launchTarget, { tournamentId, again });
  if (!target) return;
  const { serverId, mode, mapIndex, cupName } = target;
  try {
    await runCapability(
      { ...ctx, viewer: cupViewer(cupName), auditAction: LAUNCH_CAPABILITY.name },
      LAUNCH_CAPABILITY,
      { tournamentId, mode, mapIndex },
      serverId,
    );
  } catch {
    // The refusal or failure is in the audit log already; the server may be back later.
    if (attempt + 1 < LAUNCH_ATTEMPTS_MAX) {
      await ctx.scheduler.runAfter(launchRetryMs(attempt), internal.cups.launchNext, {
        tournamentId,
        attempt: attempt + 1,
        again,
      });
    }
    return;
  }
  await ctx.runMutation(internal.cups.markLive, { tournamentId });
}
