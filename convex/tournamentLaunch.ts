/**
 * Launching the finished veto on a game server (admin), one series map at a time in order (a BO3
 * launches map 1, then offers maps 2 and 3). The series result from recorded matches (#14) is not
 * read here yet: `mapIndex` is the seam where it would choose the next map. The plugin API takes the whole match in
 * one call (`/private/launch_game`: mode, map, both teams with sides); over the RCON proxy only
 * the mode and the map can be set, and the admin is told that teams must be placed by hand.
 */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { fail } from "./lib/errors";
import { adminAction } from "./lib/functions";
import {
  placementOf,
  vLaunchResult,
  type LaunchInfo,
  type LaunchResult,
  type Placement,
} from "./model/launch";
import { actorOf } from "./lib/viewer";
import { requireServer, runServerAction, sendServerAction } from "./model/serverActions";

export const launch = adminAction({
  audit: "tournament_launch",
  args: { tournamentId: v.id("tournaments"), mode: v.string(), mapIndex: v.number() },
  returns: vLaunchResult,
  handler: async (ctx, { serverId, tournamentId, mode, mapIndex }): Promise<LaunchResult> => {
    const server = await requireServer(ctx, serverId);
    const info: LaunchInfo = await ctx.runQuery(internal.tournamentAdmin.launchInfo, {
      tournamentId,
      mode,
      mapIndex,
    });
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
    await ctx.runMutation(internal.tournamentAdmin.markLaunched, {
      tournamentId,
      mode,
      map: info.payload.Map,
      username: ctx.viewer.username,
      tokenIdentifier: ctx.viewer.tokenIdentifier,
      serverId,
    });
    const nextMapIndex = mapIndex + 1 < info.seriesLength ? mapIndex + 1 : null;
    return { action: "launchGame" as const, map: info.payload.Map, nextMapIndex, note, placement };
  },
});
