/**
 * One POST to a Discord webhook and what to do next, as plain functions. Discord answers 204 (or
 * 200) on success; 429 with a JSON `retry_after` in seconds (and `Retry-After` /
 * `X-RateLimit-Reset-After` headers) when rate limited; 4xx for a bad or deleted webhook (retrying
 * cannot help); 5xx when it is in trouble. Timeouts and network errors are retried like 5xx.
 */
import { RedirectRefusedError } from "../../lib/outbound";
import type { DeliveryErrorKey } from "../../lib/texts/delivery";
import { FetchTimeoutError, timedFetch } from "../../lib/timedFetch";

/** `error` is a key of `DELIVERY_TEXTS`: the settings screen words it with the HTTP status. */
export type AttemptResult =
  | { state: "ok"; httpStatus: number }
  | { state: "retry"; httpStatus?: number; retryAfterMs?: number; error: DeliveryErrorKey }
  | { state: "failed"; httpStatus?: number; error: DeliveryErrorKey };

/** How many POSTs one message gets at most, and the first backoff (doubling after each). */
export const MAX_ATTEMPTS = 6;
export const DEFAULT_BACKOFF_MS = 2_000;
/** A `retry_after` beyond this is not waited for: the message is given up instead. */
export const MAX_RETRY_AFTER_MS = 10 * 60_000;
export const REQUEST_TIMEOUT_MS = 10_000;

/** Seconds (possibly fractional) from a 429's body or headers, as milliseconds. */
export function retryAfterMsOf(body: unknown, headers: Headers): number | undefined {
  const fromBody = (body as { retry_after?: unknown } | null)?.retry_after;
  const candidates = [
    fromBody,
    headers.get("retry-after"),
    headers.get("x-ratelimit-reset-after"),
  ].map((value) => (typeof value === "string" ? Number(value) : value));
  for (const value of candidates) {
    if (typeof value === "number" && Number.isFinite(value) && value >= 0) {
      return Math.ceil(value * 1000);
    }
  }
  return undefined;
}

/** Classifies Discord's answer. The errors are fixed keys: they never echo the URL or a body. */
export function classifyResponse(status: number, body: unknown, headers: Headers): AttemptResult {
  if (status >= 200 && status < 300) return { state: "ok", httpStatus: status };
  if (status === 429) {
    const retryAfterMs = retryAfterMsOf(body, headers);
    return {
      state: "retry",
      httpStatus: status,
      retryAfterMs,
      error: "admin.discord.error.rateLimited",
    };
  }
  if (status >= 500 || status === 408) {
    return { state: "retry", httpStatus: status, error: "admin.discord.error.status" };
  }
  const error =
    status === 404 || status === 401
      ? "admin.discord.error.notFound"
      : "admin.discord.error.status";
  return { state: "failed", httpStatus: status, error };
}

/** Sends `payload` once; never throws. */
export async function postOnce(
  url: string,
  payload: unknown,
  timeoutMs = REQUEST_TIMEOUT_MS,
): Promise<AttemptResult> {
  const init: RequestInit = {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(payload),
  };
  let response: Response;
  let text: string;
  try {
    ({ response, text } = await timedFetch(url, init, timeoutMs, async (r) => ({
      response: r,
      text: r.status === 204 ? "" : await r.text(),
    })));
  } catch (error) {
    if (error instanceof RedirectRefusedError) {
      return {
        state: "failed",
        httpStatus: error.status,
        error: "admin.discord.error.redirect",
      };
    }
    const timeout = error instanceof FetchTimeoutError;
    return {
      state: "retry",
      error: timeout ? "admin.discord.error.timeout" : "admin.discord.error.network",
    };
  }
  let body: unknown = null;
  try {
    body = text === "" ? null : JSON.parse(text);
  } catch {
    body = null; // not JSON: the status decides
  }
  return classifyResponse(response.status, body, response.headers);
}

/**
 * When to try again after attempt number `attempt` (1-based), or null to give up: exponential
 * backoff, but never earlier than Discord's `retry_after`.
 */
export function nextDelayMs(
  result: AttemptResult,
  attempt: number,
  backoffMs = DEFAULT_BACKOFF_MS,
): number | null {
  if (result.state !== "retry" || attempt >= MAX_ATTEMPTS) return null;
  const backoff = backoffMs * 2 ** (attempt - 1);
  if (result.retryAfterMs === undefined) return backoff;
  if (result.retryAfterMs > MAX_RETRY_AFTER_MS) return null;
  return result.httpStatus === 429 ? Math.max(result.retryAfterMs, 1) : backoff;
}
