/**
 * Launching the finished veto on a game server (admin). The plugin API takes the whole match in
 * one call (`/private/launch_game`: mode, map, both teams with sides); over the RCON proxy only
 * the mode and the map can be set, and the admin is told that teams must be placed by hand.
 */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { fail } from "./lib/errors";
import { adminAction } from "./lib/functions";
import { placementOf, vPlacement, type Placement } from "./model/launch";
import { actorOf } from "./lib/viewer";
import {
  requireServer,
  runServerAction,
  sendServerAction,
  vActionName,
} from "./model/serverActions";

export const launch = adminAction({
  audit: "tournament_launch",
  args: { mode: v.string() },
  returns: v.object({
    action: vActionName,
    note: v.union(v.string(), v.null()),
    placement: v.union(vPlacement, v.null()),
  }),
  handler: async (ctx, { serverId, mode }) => {
    const server = await requireServer(ctx, serverId);
    const info = await ctx.runQuery(internal.tournament.launchInfo, { mode });
    if (!info.ok) {
      await ctx.runMutation(internal.audit.record, {
        ...actorOf(ctx.viewer),
        action: "tournament_launch",
        serverId,
        outcome: "failure",
        details: info.message,
      });
      fail(info.code, info.message);
    }
    let note: string | null = null;
    let placement: Placement | null = null;
    if (server.target.connectionType === "HTTP") {
      const { replies } = await sendServerAction(ctx, server, {
        kind: "launchGame",
        payload: info.payload,
      });
      placement = placementOf(info.payload, replies[0]);
    } else {
      await runServerAction(ctx, server, { kind: "gameMode", mode });
      await runServerAction(ctx, server, { kind: "changeMap", map: info.payload.Map });
      note =
        "Для RCON-проксі встановлено лише режим і мапу: розподіл гравців по командах недоступний.";
    }
    await ctx.runMutation(internal.tournament.markLaunched, {
      tournamentId: info.tournamentId,
      mode,
      username: ctx.viewer.username,
      tokenIdentifier: ctx.viewer.tokenIdentifier,
      serverId,
    });
    return { action: "launchGame" as const, note, placement };
  },
});
