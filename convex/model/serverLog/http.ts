/**
 * The HTTP edge of CS2's log: `POST /api/log/{serverKey}/{secret}`. CS2 cannot send a header of
 * ours, so the per-server secret is the URL's last segment. The checks that need no database
 * (path, a secret of the right form, size) happen here; one mutation does the rest
 * (model/serverLog/receive.ts), and parses the body only once the secret matched. Answers, in
 * this order (nothing from a request is stored before its secret matched):
 *
 *   not `/{key}/{secret}` → 404 · a secret not of the panel's form → 410 · body over LOG_BODY_MAX_BYTES → 413 · an unknown or disabled
 *   server, a wrong or cleared secret → 410 (CS2 removes a listener answered 410; 429 once the
 *   wrong-secret budget of that key, or everyone's, is dry) · over the server's rate → 429 · no
 *   log line in the body → 400, counted in the log status · otherwise → 200, which acknowledges
 *   the batch.
 *
 * Any answer but 200 makes CS2 send the same lines again with its next POST: a refused batch is
 * not lost, and nothing but the batch's own kills (deduplicated) is ever stored.
 */
import { internal } from "../../_generated/api";
import { env, type ActionCtx } from "../../_generated/server";
import { LOG_PATH } from "../../lib/killFeed";
import { jsonResponse } from "../../lib/httpResponses";
import { readBodyLimited } from "../../lib/boundedBody";
import { GONE, type LogReply } from "./receive";

export { LOG_PATH };

/**
 * CS2 puts up to 250 KB of waiting lines in one POST (and may pass that by one tick's lines); a
 * batch that waited through an outage is that big. Twice that is refused.
 */
export const LOG_BODY_MAX_BYTES = 512 * 1024;
/** The panel's secrets: 32 random bytes, hex. */
const SECRET_RE = /^[0-9a-f]{64}$/;

function respond({ status, error, retryAfterMs }: LogReply): Response {
  const retry = retryAfterMs !== undefined ? Math.max(1, Math.ceil(retryAfterMs / 1000)) : null;
  return jsonResponse(
    status,
    error ? { error } : { ok: true },
    retry !== null ? { "Retry-After": String(retry) } : {},
  );
}

/** The longest hold: well inside CS2's 10 s POST timeout. */
export const LOG_ANSWER_HOLD_MAX_MS = 8000;

/**
 * The hold when the deployment sets none. On the real logs' pace one server's log costs
 * 5,600–6,300 calls an hour of play answered at once, 2,400 held 3 s (HTTP-action time rises
 * from ~1,200 to ~3,600 s an hour, 64 MiB each): on the free plan's 1M calls and 20 GB-hours a
 * month that is about 320 hours of play instead of 167, and no more than 3 s added to the kill
 * feed, which is shorter than the delay spectators already accept from GOTV.
 */
export const LOG_ANSWER_HOLD_DEFAULT_MS = 3000;

/** The deployment's `LOG_ANSWER_HOLD_MS`, bounded; the default when unset, 0 answers at once. */
export function answerHoldMs(setting: string | undefined): number {
  if (setting === undefined || setting.trim() === "") return LOG_ANSWER_HOLD_DEFAULT_MS;
  const ms = Number(setting);
  if (!Number.isFinite(ms)) return LOG_ANSWER_HOLD_DEFAULT_MS;
  return ms > 0 ? Math.min(Math.round(ms), LOG_ANSWER_HOLD_MAX_MS) : 0;
}

/**
 * How long an acknowledgement still waits: CS2 POSTs again only once answered, so a held 200
 * gathers the next seconds of lines into one POST. A refusal is never held (CS2 sends its lines
 * again anyway, and a wrong key should cost nothing more).
 */
export function holdLeft(reply: LogReply, startedAt: number, now: number, holdMs: number): number {
  return reply.status === 200 ? Math.max(0, startedAt + holdMs - now) : 0;
}

/** `POST /api/log/{key}/{secret}`; `segments` is the path after the prefix. */
export async function receiveLogRequest(
  ctx: ActionCtx,
  request: Request,
  segments: string[],
): Promise<Response> {
  const startedAt = Date.now();
  if (segments.length !== 2) return respond({ status: 404, error: "Not found" });
  const [key = "", secret = ""] = segments;
  if (!key || !SECRET_RE.test(secret)) return respond(GONE);
  const body = await readBodyLimited(request, LOG_BODY_MAX_BYTES);
  if (body === null) return respond({ status: 413, error: "Payload too large" });
  const reply = await ctx.runMutation(internal.serverLog.receive, { key, secret, body });
  const wait = holdLeft(reply, startedAt, Date.now(), answerHoldMs(env.LOG_ANSWER_HOLD_MS));
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return respond(reply);
}
