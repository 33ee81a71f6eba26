/**
 * `fetch` with a time limit that behaves the same in Convex's runtime and in Node (tests, the
 * in-memory backend, `"use node"` actions).
 *
 * The limit is our own AbortController armed with `setTimeout`: Convex's runtime polyfills
 * AbortSignal and an aborted fetch there rejects with an `AbortError`, never Node's
 * `TimeoutError` from `AbortSignal.timeout`. Whether the limit struck is read from our signal, not
 * from the error's name, and a network failure is described from its message (Node's
 * `cause.code` does not exist in Convex's runtime). Like every outbound call, it never follows a
 * redirect (`outbound.ts`).
 */

import { fetchNoRedirect } from "./outbound";

/** The request (or reading its body) took longer than the limit. */
export class FetchTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
    this.name = "FetchTimeoutError";
  }
}

/**
 * Runs `fetch(url, init)` and `read(response)` within `timeoutMs` together. Throws
 * `FetchTimeoutError` when the limit struck, the original error otherwise.
 */
export async function timedFetch<T>(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await read(await fetchNoRedirect(url, { ...init, signal: controller.signal }));
  } catch (error) {
    if (controller.signal.aborted) throw new FetchTimeoutError(timeoutMs);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Connection refused, in the words of either runtime (Node's cause, Convex's message). */
export function isConnectionRefused(error: unknown): boolean {
  return /ECONNREFUSED|connection refused/i.test(describeError(error));
}

/** The most specific text either runtime gives for a failed fetch. */
export function describeError(error: unknown): string {
  const cause = (error as { cause?: unknown } | null)?.cause;
  const parts = [error, cause]
    .map((e) => (e instanceof Error ? e.message : typeof e === "string" ? e : ""))
    .filter(Boolean);
  const code = (cause as { code?: unknown } | null)?.code;
  if (typeof code === "string") parts.push(code);
  return parts.join(": ") || String(error);
}
