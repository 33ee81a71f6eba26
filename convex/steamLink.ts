/**
 * Linking a Steam account (Steam OpenID 2.0) to the signed-in user; the flow and its checks are in
 * `model/steam/link.ts`, the protocol in `model/steam/openId.ts`. The two HTTP endpoints (start and
 * return) are routed in `http.ts`.
 */
import { v } from "convex/values";
import { internalMutation, internalQuery } from "./_generated/server";
import { fail, refusalAsValue, vRefusal } from "./lib/errors";
import { publicQuery, signedInMutation } from "./lib/functions";
import { limitSteamLink } from "./lib/rateLimits";
import {
  beginFlow,
  claimFlow as claim,
  finishFlow,
  settleFlow as settle,
  startTarget,
  unlinkSteam,
  userBySteamId,
} from "./model/steam/link";
import { STEAM_LINK_MESSAGES } from "./model/steam/openId";
import type { MutationCtx } from "./_generated/server";
import { actorOf, type Viewer } from "./lib/viewer";

/** A state or code is 48 hex characters; longer input is cut before any lookup. */
const vToken = v.string();

async function linkingUser(ctx: MutationCtx & { viewer: Viewer }) {
  const user = ctx.viewer.user;
  if (!user) fail("UNAUTHENTICATED", STEAM_LINK_MESSAGES.noUser);
  await limitSteamLink(ctx, user.tokenIdentifier);
  return user;
}

/** Starts linking: returns the URL (an HTTP action of this deployment) the browser opens. */
export const begin = signedInMutation({
  args: {},
  returns: v.object({ url: v.string() }),
  handler: async (ctx) => ({ url: await beginFlow(ctx, await linkingUser(ctx)) }),
});

/** Finishes linking with the flow and the one-time code Steam's answer brought back to /me. */
export const finish = signedInMutation({
  args: { state: vToken, code: v.optional(vToken) },
  returns: v.union(v.object({ steamId: v.string() }), vRefusal),
  handler: async (ctx, { state, code }) => {
    const user = await linkingUser(ctx);
    return await refusalAsValue(() =>
      finishFlow(ctx, user, state.slice(0, 64), code?.slice(0, 64), actorOf(ctx.viewer)),
    );
  },
});

export const unlink = signedInMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    await unlinkSteam(ctx, await linkingUser(ctx), actorOf(ctx.viewer));
    return null;
  },
});

/** Whether a panel user proved this SteamID is theirs (the career page's "verified" mark). */
export const verified = publicQuery({
  args: { steamId: v.string() },
  returns: v.boolean(),
  handler: async (ctx, { steamId }) => (await userBySteamId(ctx, steamId.slice(0, 32))) !== null,
});

export const startUrl = internalQuery({
  args: { state: v.string() },
  returns: v.union(v.string(), v.null()),
  handler: async (ctx, { state }) => await startTarget(ctx, state),
});

export const claimFlow = internalMutation({
  args: { state: v.string() },
  returns: v.union(v.literal("claimed"), v.literal("expired"), v.literal("limited")),
  handler: async (ctx, { state }) => await claim(ctx, state),
});

const vFailure = v.union(
  ...(Object.keys(STEAM_LINK_MESSAGES) as (keyof typeof STEAM_LINK_MESSAGES)[]).map((k) =>
    v.literal(k),
  ),
);

export const settleFlow = internalMutation({
  args: {
    state: v.string(),
    outcome: v.union(
      v.object({
        ok: v.literal(true),
        steamId: v.string(),
        steamName: v.union(v.string(), v.null()),
        codeHash: v.string(),
      }),
      v.object({ ok: v.literal(false), failure: vFailure }),
    ),
  },
  returns: v.null(),
  handler: async (ctx, { state, outcome }) => {
    await settle(ctx, state, outcome);
    return null;
  },
});
