/**
 * The HTTP edge of MatchZy push: `POST /api/events/{serverKey}`. The checks that need no database
 * (path, a secret header at all, size) happen here; one mutation does the rest
 * (model/push/receive.ts), and reads the body only once the secret matched. The endpoint answers,
 * in this order (nothing from a request is stored before its secret matched):
 *
 *   no secret header → 401 · body over 64 KiB → 413 · unknown or disabled server → 404 · wrong secret, or push off → 401 (429 once
 *   the wrong-secret budget of that key, or everyone's, is dry) · over the server's rate → 429 ·
 *   not JSON, or not an object with an `event` string → 400, shown in the push status · an event
 *   the panel does not use → 200, ignored · a used event with a bad shape → 400, shown in the push
 *   status · a repeated delivery → 200, nothing stored · otherwise stored and applied → 200.
 */
import { v } from "convex/values";
import { internal } from "../../_generated/api";
import type { ActionCtx } from "../../_generated/server";
import { readBodyLimited } from "../../lib/boundedBody";
import { jsonResponse } from "../../lib/httpResponses";
import { PUSH_HEADER } from "../../lib/push";

/** Where MatchZy posts: `<site URL>/api/events/<serverKey>`. */
export const EVENTS_PATH = "/api/events/";
export const PUSH_BODY_MAX_BYTES = 64 * 1024;
/** The longest header value compared against a secret (ours are 64 characters). */
const SECRET_MAX = 256;

export type PushReplyBody =
  { ok: true; duplicate?: boolean; ignored?: boolean } | { error: string };

export interface PushReply {
  status: number;
  body: PushReplyBody;
  /** With 429: when the server's budget has a token again. */
  retryAfterMs?: number;
}

export const vPushReply = v.object({
  status: v.number(),
  body: v.union(
    v.object({
      ok: v.literal(true),
      duplicate: v.optional(v.boolean()),
      ignored: v.optional(v.boolean()),
    }),
    v.object({ error: v.string() }),
  ),
  retryAfterMs: v.optional(v.number()),
});

export const NOT_FOUND: PushReply = { status: 404, body: { error: "Server not found" } };
export const UNAUTHORIZED: PushReply = { status: 401, body: { error: "Unauthorized" } };

function respond({ status, body, retryAfterMs }: PushReply): Response {
  const retry = retryAfterMs !== undefined ? Math.max(1, Math.ceil(retryAfterMs / 1000)) : null;
  return jsonResponse(status, body, retry !== null ? { "Retry-After": String(retry) } : {});
}

/**
 * `POST /api/events/{serverKey}` (`segments`: the path after the prefix): the checks that need no
 * database (path, a secret header at all, size), then one mutation that does the rest (`receivePushEvent`).
 */
export async function receivePushRequest(
  ctx: ActionCtx,
  request: Request,
  segments: string[],
): Promise<Response> {
  const [key] = segments;
  if (segments.length !== 1 || !key) return respond(NOT_FOUND);
  const secret = request.headers.get(PUSH_HEADER);
  if (!secret || secret.length > SECRET_MAX) return respond(UNAUTHORIZED);
  const body = await readBodyLimited(request, PUSH_BODY_MAX_BYTES);
  if (body === null) return respond({ status: 413, body: { error: "Payload too large" } });
  return respond(await ctx.runMutation(internal.push.receive, { key, secret, body }));
}
