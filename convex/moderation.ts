/** Kick, ban, unban, the ban list and the random player picker: admin only. */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalQuery } from "./_generated/server";
import { fail, MESSAGES } from "./lib/errors";
import { adminAction } from "./lib/functions";
import { playerSnapshotOf } from "./model/liveData";
import {
  banEntries,
  fetchBanList,
  pickRandomPlayers,
  vBanEntry,
  vPlayerRef,
  type BanEntry,
  type PlayerRef,
} from "./model/moderation";
import { actorOf } from "./lib/viewer";
import { requireServer, serverAction } from "./model/serverActions";

export const kick = serverAction("kick", { steamId: v.string() }, ({ steamId }) => ({
  kind: "kick",
  steamId,
}));

export const ban = serverAction(
  "ban",
  { steamId: v.string(), duration: v.number(), reason: v.optional(v.string()) },
  ({ steamId, duration, reason }) => ({ kind: "ban", steamId, duration, reason }),
);

export const unban = serverAction("unban", { steamId: v.string() }, ({ steamId }) => ({
  kind: "unban",
  steamId,
}));

/** Current players of a server (for nicknames in the ban list and for the random picker). */
export const currentPlayers = internalQuery({
  args: { serverId: v.id("servers") },
  returns: v.array(vPlayerRef),
  handler: async (ctx, { serverId }) => {
    const row = await playerSnapshotOf(ctx, serverId);
    return (row?.players ?? []).map((p) => ({ steamId: p.steamId, name: p.name, team: p.team }));
  },
});

/** The game server's ban list, with nicknames of the banned players who are still listed. */
export const banList = adminAction({
  audit: "banList",
  args: {},
  returns: v.array(vBanEntry),
  handler: async (ctx, { serverId }): Promise<BanEntry[]> => {
    const server = await requireServer(ctx, serverId);
    const list = await fetchBanList(server.target);
    const players: PlayerRef[] = await ctx.runQuery(internal.moderation.currentPlayers, {
      serverId: server.serverId,
    });
    return banEntries(list, players);
  },
});

/** Picks `count` players among the Terrorists and Counter-Terrorists, on the backend, audited. */
export const randomPlayers = adminAction({
  audit: "randomPlayers",
  args: { count: v.number() },
  returns: v.object({ chosen: v.array(vPlayerRef), pool: v.array(vPlayerRef) }),
  handler: async (ctx, { serverId, count }) => {
    if (!serverId) fail("INVALID_INPUT", MESSAGES.noServer);
    const players: PlayerRef[] = await ctx.runQuery(internal.moderation.currentPlayers, {
      serverId,
    });
    const { chosen, pool } = pickRandomPlayers(players, count);
    await ctx.runMutation(internal.audit.record, {
      ...actorOf(ctx.viewer),
      action: "randomPlayers",
      serverId,
      outcome: "success",
      details: chosen.map((p) => p.name).join(", "),
    });
    return { chosen, pool };
  },
});
