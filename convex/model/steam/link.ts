/**
 * Linking a Steam account to a signed-in panel user. Clerk stays the identity; Steam only proves
 * "this person controls SteamID64 X". The flow, end to end:
 *
 * 1. `begin` (the signed-in user): a flow row with an unguessable `state`, bound to that user,
 *    valid 10 minutes. The browser opens `<site>/steam/openid/start?state=…` (an HTTP action).
 * 2. start: redirects to Steam's sign-in with `return_to = <site>/steam/openid/return?state=…`.
 * 3. return (an HTTP action, reachable by anyone): the flow is claimed once; the answer must be
 *    for exactly this return_to and pass `check_authentication` with Steam. The verified SteamID
 *    and a hashed one-time code are stored, and the browser goes to `<PANEL_URL>/me` with the code.
 * 4. `finish` (signed in again, in the panel): only the flow's own user, only with the code. So an
 *    answer for someone else's flow is refused, and a stranger who tricks a victim into signing in
 *    to Steam for the stranger's flow never sees the code the victim's browser received.
 *
 * One SteamID links to one user (index `by_steamId`, checked in the same transaction as the write).
 */
import type { Actor } from "../../lib/validators";
import { internal } from "../../_generated/api";
import type { Doc } from "../../_generated/dataModel";
import { env, type ActionCtx, type MutationCtx, type QueryCtx } from "../../_generated/server";
import { ConvexError } from "convex/values";
import { fail, isErrorData } from "../../lib/errors";
import { randomToken, sha256Hex } from "../../lib/random";
import { allowSteamAnswer } from "../../lib/rateLimits";
import { appendAudit } from "../audit/log";
import {
  checkAssertion,
  confirmWithProvider,
  openIdBase,
  signInUrl,
  steamPersonaName,
  STEAM_LINK_MESSAGES,
  type SteamLinkFailure,
} from "./openId";

export const FLOW_TTL_MS = 10 * 60_000;
export const START_PATH = "/steam/openid/start";
export const RETURN_PATH = "/steam/openid/return";
/** The panel page that finishes a link (and shows the linked career). */
export const PANEL_RETURN_PATH = "/me";
const STATE_PATTERN = /^[0-9a-f]{48}$/;
const EXPIRED_SWEEP = 5;

function siteUrl(): string {
  return (env.CONVEX_SITE_URL ?? "").replace(/\/+$/, "");
}

/** `<PANEL_URL>/me`, or null when the deployment does not say where the panel lives. */
export function panelReturnUrl(): string | null {
  try {
    return env.PANEL_URL ? new URL(PANEL_RETURN_PATH, env.PANEL_URL).toString() : null;
  } catch {
    return null;
  }
}

export function returnToOf(state: string): string {
  return `${siteUrl()}${RETURN_PATH}?state=${state}`;
}

async function flowByState(ctx: QueryCtx, state: string): Promise<Doc<"steamLinkFlows"> | null> {
  if (!STATE_PATTERN.test(state)) return null;
  return await ctx.db
    .query("steamLinkFlows")
    .withIndex("by_state", (q) => q.eq("state", state))
    .unique();
}

export async function userBySteamId(ctx: QueryCtx, steamId: string) {
  return await ctx.db
    .query("users")
    .withIndex("by_steamId", (q) => q.eq("steamId", steamId))
    .first();
}

/** Step 1: a new flow for this user; returns the URL that starts the Steam sign-in. */
export async function beginFlow(ctx: MutationCtx, user: Doc<"users">): Promise<string> {
  if (!panelReturnUrl()) fail("INVALID_INPUT", STEAM_LINK_MESSAGES.notConfigured);
  if (user.steamId) fail("CONFLICT", STEAM_LINK_MESSAGES.alreadyLinked);
  const now = Date.now();
  const expired = await ctx.db
    .query("steamLinkFlows")
    .withIndex("by_expiresAt", (q) => q.lt("expiresAt", now))
    .take(EXPIRED_SWEEP);
  for (const row of expired) await ctx.db.delete("steamLinkFlows", row._id);
  const state = randomToken();
  await ctx.db.insert("steamLinkFlows", {
    userId: user._id,
    state,
    expiresAt: now + FLOW_TTL_MS,
    status: "started",
  });
  return `${siteUrl()}${START_PATH}?state=${state}`;
}

/** Step 2: where to send the browser for a flow that may still start, or null. */
export async function startTarget(ctx: QueryCtx, state: string): Promise<string | null> {
  const flow = await flowByState(ctx, state);
  if (!flow || flow.status !== "started" || flow.expiresAt <= Date.now()) return null;
  return signInUrl(openIdBase(), returnToOf(state), `${siteUrl()}/`);
}

/**
 * Step 3a: takes the flow for checking, once. A second answer for the same flow (a replay, or a
 * double click) finds it taken. Counted against the shared budget of answers first, so refusals
 * cost too.
 */
export async function claimFlow(
  ctx: MutationCtx,
  state: string,
): Promise<"claimed" | "expired" | "limited"> {
  // Only an answer for a live flow spends the shared budget (it is the one that calls Steam):
  // a flood of made-up states must not get real users' answers refused.
  const flow = await flowByState(ctx, state);
  if (!flow || flow.status !== "started" || flow.expiresAt <= Date.now()) return "expired";
  if (!(await allowSteamAnswer(ctx))) return "limited";
  await ctx.db.patch("steamLinkFlows", flow._id, { status: "checking" });
  return "claimed";
}

/** Step 3b: what the check found, for `finish` to act on. */
export async function settleFlow(
  ctx: MutationCtx,
  state: string,
  outcome:
    | { ok: true; steamId: string; steamName: string | null; codeHash: string }
    | { ok: false; failure: SteamLinkFailure },
): Promise<void> {
  const flow = await flowByState(ctx, state);
  if (!flow || flow.status !== "checking") return;
  if (!outcome.ok) {
    // Refused answers (forged, for another site or flow, stale, signed by nobody) are audited
    // under the flow's user even if nobody ever finishes it.
    const user = await ctx.db.get("users", flow.userId);
    await appendAudit(ctx, {
      username: user?.username ?? "—",
      ...(user ? { tokenIdentifier: user.tokenIdentifier } : {}),
      identity: user?.isAdmin ? "admin" : user?.isModerator ? "moderator" : "signedIn",
      action: "steam_link",
      outcome: "failure",
      details: `Steam OpenID: ${STEAM_LINK_MESSAGES[outcome.failure]}`,
    });
  }
  await ctx.db.patch(
    "steamLinkFlows",
    flow._id,
    outcome.ok
      ? {
          status: "verified",
          steamId: outcome.steamId,
          steamName: outcome.steamName ?? undefined,
          codeHash: outcome.codeHash,
        }
      : { status: "failed", failure: outcome.failure },
  );
}

/**
 * The return URL's work (an HTTP action): claim, check, confirm with Steam, settle. Returns where
 * to send the browser: the panel's /me page with the flow and, when verified, the one-time code.
 */
/** Sends the browser back to the panel's `/me` with `params`, where the panel says the outcome. */
function backToPanel(panel: string, params: Record<string, string>): Response {
  const target = new URL(panel);
  for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
  return new Response(null, {
    status: 302,
    headers: { Location: target.toString(), "Cache-Control": "no-store" },
  });
}

/**
 * A start link that expired or was used: back to the panel, which says so in the visitor's
 * language; without a panel address (no link could have been issued), the refusal as plain text.
 */
export function expiredStartResponse(): Response {
  const panel = panelReturnUrl();
  if (panel) return backToPanel(panel, { steamLinkError: "expired" });
  return new Response(STEAM_LINK_MESSAGES.expired, {
    status: 410,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export async function receiveAnswer(ctx: ActionCtx, request: Request): Promise<Response> {
  const panel = panelReturnUrl();
  if (!panel) return new Response(STEAM_LINK_MESSAGES.notConfigured, { status: 503 });
  const query = new URL(request.url).searchParams;
  const state = query.get("state") ?? "";
  const back = (params: Record<string, string>) => backToPanel(panel, params);
  if (!STATE_PATTERN.test(state)) return back({ steamLinkError: "expired" });
  const claim = await ctx.runMutation(internal.steamLink.claimFlow, { state });
  if (claim === "limited") return new Response("Too many requests", { status: 429 });
  if (claim === "expired") return back({ steamLinkError: "expired" });
  const base = openIdBase();
  const checked = checkAssertion(query, { base, returnTo: returnToOf(state), now: Date.now() });
  let outcome: Parameters<typeof settleFlow>[2];
  let code: string | null = null;
  if (!checked.ok) {
    outcome = checked;
  } else {
    const verdict = await confirmWithProvider(base, checked.fields);
    if (verdict !== "valid") {
      outcome = { ok: false, failure: verdict === "unavailable" ? "unavailable" : "invalid" };
    } else {
      code = randomToken();
      outcome = {
        ok: true,
        steamId: checked.steamId,
        steamName: await steamPersonaName(checked.steamId),
        codeHash: await sha256Hex(code),
      };
    }
  }
  await ctx.runMutation(internal.steamLink.settleFlow, { state, outcome });
  return back(code ? { steamLink: state, code } : { steamLink: state });
}

/**
 * Step 4: the flow's own user, with the code, links the verified SteamID. A flow is used up by
 * any finish attempt of its user that reached it, so a refused code cannot be retried against it:
 * the caller returns refusals as values (`refusalAsValue`), which commits that deletion.
 */
export async function finishFlow(
  ctx: MutationCtx,
  user: Doc<"users">,
  state: string,
  code: string | undefined,
  actor: Actor,
): Promise<{ steamId: string }> {
  try {
    return await finishChecked(ctx, user, state, code, actor);
  } catch (error) {
    // The caller commits a refusal (`refusalAsValue`), so its audit entry stays with it.
    if (error instanceof ConvexError && isErrorData(error.data)) {
      await appendAudit(ctx, {
        ...actor,
        action: "steam_link",
        outcome: error.data.code === "FORBIDDEN" ? "unauthorized" : "failure",
        details: error.data.message,
      });
    }
    throw error;
  }
}

async function finishChecked(
  ctx: MutationCtx,
  user: Doc<"users">,
  state: string,
  code: string | undefined,
  actor: Actor,
): Promise<{ steamId: string }> {
  const flow = await flowByState(ctx, state);
  if (!flow || flow.expiresAt <= Date.now()) fail("NOT_FOUND", STEAM_LINK_MESSAGES.expired);
  if (flow.userId !== user._id) fail("FORBIDDEN", STEAM_LINK_MESSAGES.otherUser);
  if (flow.status === "failed") {
    await ctx.db.delete("steamLinkFlows", flow._id);
    fail("INVALID_INPUT", STEAM_LINK_MESSAGES[(flow.failure as SteamLinkFailure) ?? "invalid"]);
  }
  if (flow.status !== "verified" || !flow.steamId || !code) {
    fail("NOT_FOUND", STEAM_LINK_MESSAGES.expired);
  }
  await ctx.db.delete("steamLinkFlows", flow._id);
  if ((await sha256Hex(code)) !== flow.codeHash) fail("FORBIDDEN", STEAM_LINK_MESSAGES.invalid);
  if (user.steamId) fail("CONFLICT", STEAM_LINK_MESSAGES.alreadyLinked);
  const holder = await userBySteamId(ctx, flow.steamId);
  if (holder && holder._id !== user._id) fail("CONFLICT", STEAM_LINK_MESSAGES.takenElsewhere);
  await ctx.db.patch("users", user._id, {
    steamId: flow.steamId,
    steamName: flow.steamName,
    steamLinkedAt: Date.now(),
  });
  await appendAudit(ctx, {
    ...actor,
    action: "steam_link",
    outcome: "success",
    details: flow.steamId,
  });
  return { steamId: flow.steamId };
}

export async function unlinkSteam(
  ctx: MutationCtx,
  user: Doc<"users">,
  actor: Actor,
): Promise<void> {
  if (!user.steamId) fail("CONFLICT", STEAM_LINK_MESSAGES.notLinked);
  await ctx.db.patch("users", user._id, {
    steamId: undefined,
    steamName: undefined,
    steamLinkedAt: undefined,
  });
  await appendAudit(ctx, {
    ...actor,
    action: "steam_unlink",
    outcome: "success",
    details: user.steamId,
  });
}
