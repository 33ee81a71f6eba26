/**
 * A tournament's launch names the teams on its game server (`mp_teamname_1/2`, or MatchZy's
 * match config); CS2 keeps those names until something changes them, so every public game after
 * the tournament would be shown as «Команда A — Команда B». Once the tournament is over (a team
 * has won its series, or an admin archived it) the panel clears them through the declared server
 * action `teamNamesClear`, unless another tournament launched on that server since: its names
 * stand.
 */
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { ActionCtx, MutationCtx } from "../../_generated/server";
import type { GameServerTarget } from "../../lib/validators";
import { sendToServer, type Sent } from "../serverControl/step";

type Launched = Pick<Doc<"tournaments">, "_id" | "launchedMaps" | "launchedOn">;

/** Whether the tournament's names are the server's latest: no other open one launched there since. */
export function namesStillOurs(
  own: Launched,
  others: Pick<Doc<"tournaments">, "_id" | "launchedOn">[],
): own is Launched & { launchedOn: NonNullable<Launched["launchedOn"]> } {
  const on = own.launchedOn;
  if (own.launchedMaps === 0 || !on) return false;
  return !others.some(
    (t) =>
      t._id !== own._id &&
      t.launchedOn !== undefined &&
      t.launchedOn.serverId === on.serverId &&
      t.launchedOn.at > on.at,
  );
}

/**
 * Schedules clearing the team names on the server of a tournament that is over. Called by the
 * commit that ends it (series won, archived); a tournament never launched named nothing.
 */
export async function clearNamesAfter(ctx: MutationCtx, doc: Launched): Promise<void> {
  // Several tournaments may run at once; a bounded read of the open ones, as the recorder does.
  const open = await ctx.db
    .query("tournaments")
    .withIndex("by_archived", (q) => q.eq("archived", false))
    .order("desc")
    .take(20);
  if (!namesStillOurs(doc, open)) return;
  await ctx.scheduler.runAfter(0, internal.tournamentLaunch.clearTeamNames, {
    serverId: doc.launchedOn.serverId,
  });
}

/** Sends `teamNamesClear` to the server (skipped when it is gone or disabled). */
export async function sendClearNames(
  ctx: ActionCtx,
  serverId: Id<"servers">,
): Promise<Sent | null> {
  const target: GameServerTarget | null = await ctx.runQuery(
    internal.tournamentLaunch.serverTarget,
    {
      serverId,
    },
  );
  if (!target) return null;
  return await sendToServer(ctx, target, { kind: "teamNamesClear" });
}
