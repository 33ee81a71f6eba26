/**
 * The admin's switch of a feed a game server posts to the panel under a per-server secret (MatchZy
 * push, CS2's HTTP log), as its two declared capabilities:
 * - on: a new secret is stored and the feed marked on first, then the game server is told where
 *   to post; if it refuses or cannot be reached, the feed goes back to what it was: the previous
 *   secret (a listener the owner put in server.cfg keeps working), or off when there was none;
 * - off: the feed is marked off and its secret cleared first, so the panel accepts nothing more
 *   whatever the game server answers, then the game server is told.
 */
import { v } from "convex/values";
import { SERVER_ACTIONS, type ActionName, type ServerAction } from "../../lib/actionRegistry";
import { defineCapability } from "../capability/define";
import { vActionResult } from "./step";
import { newPushSecret } from "../push/secret";
import { generatedSecretOf } from "../servers/records";
import type { Feed } from "./feedStatus";

interface FeedSwitch {
  /** The server actions (and audit names) of switching on and off. */
  on: ActionName;
  off: ActionName;
  /** Its status row and secret. */
  feed: Feed;
  /** The URL the game server posts to ("" when the deployment's site URL is unknown). */
  url: (serverKey: string, secret: string) => string;
  /** What the game server is sent to switch on, and to switch off. */
  enable: (url: string, secret: string) => ServerAction;
  disable: ServerAction;
}

export function feedSwitchCapabilities(feed: FeedSwitch) {
  return {
    enable: defineCapability({
      name: feed.on,
      access: SERVER_ACTIONS[feed.on].access,
      args: {},
      returns: vActionResult,
      server: true,
      resolve: () => ({ secret: newPushSecret() }),
      input: v.object({ secret: v.string() }),
      before: async (ctx, { secret }, server) => {
        if (!server) return { url: "" };
        const previous = await generatedSecretOf(ctx, server.serverId, feed.feed.secret);
        const key = await feed.feed.arm(ctx, server.serverId, secret, Date.now());
        return {
          url: key === null ? "" : feed.url(key, secret),
          ...(previous ? { previous } : {}),
        };
      },
      loaded: v.object({ url: v.string(), previous: v.optional(v.string()) }),
      gameServer: ({ secret }, { url }) => [feed.enable(url, secret)],
      onFailure: async (ctx, _input, { serverId, loaded }) => {
        if (!serverId) return;
        if (loaded.previous) await feed.feed.arm(ctx, serverId, loaded.previous, Date.now());
        else await feed.feed.disarm(ctx, serverId);
      },
    }),

    disable: defineCapability({
      name: feed.off,
      access: SERVER_ACTIONS[feed.off].access,
      args: {},
      returns: vActionResult,
      server: true,
      before: async (ctx, _input, server) => {
        if (server) await feed.feed.disarm(ctx, server.serverId);
        return null;
      },
      gameServer: () => [feed.disable],
    }),
  };
}
