/** Launching the finished veto on a game server (admin): see `model/tournament/launch.ts`. */
import { v } from "convex/values";
import { internalAction, internalQuery } from "./_generated/server";
import { vTarget } from "./lib/validators";
import { capability } from "./model/capability/define";
import { LAUNCH_CAPABILITY } from "./model/tournament/launch";
import { matchConfigFor } from "./model/tournament/matchConfig";
import { sendClearNames } from "./model/tournament/serverNames";
import { enabledTargetOf } from "./model/servers/records";

export const launch = capability(LAUNCH_CAPABILITY);

/** A launch's MatchZy match config for the HTTP route MatchZy fetches it from (convex/http.ts). */
export const matchConfig = internalQuery({
  args: { key: v.string(), tokenHash: v.string(), now: v.number() },
  returns: v.object({
    status: v.union(v.literal(200), v.literal(401), v.literal(404), v.literal(410)),
    body: v.string(),
  }),
  handler: async (ctx, args) => await matchConfigFor(ctx, args),
});

/** Clears the teams' names on a server once its tournament is over (model/tournament/serverNames.ts). */
export const clearTeamNames = internalAction({
  args: { serverId: v.id("servers") },
  returns: v.null(),
  handler: async (ctx, { serverId }) => {
    await sendClearNames(ctx, serverId);
    return null;
  },
});

/** Where to reach an enabled server, or null. */
export const serverTarget = internalQuery({
  args: { serverId: v.id("servers") },
  returns: v.union(vTarget, v.null()),
  handler: async (ctx, { serverId }) => await enabledTargetOf(ctx, serverId),
});
