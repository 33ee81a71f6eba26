/**
 * One HTTP call to a game server (plugin API or RCON proxy), with a timeout and the spec's error
 * texts (texts/gameServer.ts, each with its key). Runs in actions only (queries and mutations
 * cannot fetch).
 */
import {
  API_KEY_HEADER,
  PROXY_HOST_HEADER,
  PROXY_PASSWORD_HEADER,
  PROXY_PORT_HEADER,
} from "../lib/gameApi";
import { readBodyLimited } from "../lib/boundedBody";
import { GAME_BODY_MAX_BYTES } from "../lib/gameBounds";
import { RedirectRefusedError } from "../lib/outbound";
import {
  describeError,
  FetchTimeoutError,
  isConnectionRefused,
  timedFetch,
} from "../lib/timedFetch";
import { GAME_SERVER_TEXTS, type GameServerTextKey } from "../lib/texts/gameServer";
import type { GameServerTarget, TextRef } from "../lib/validators";
import { wordedIn, type TextParams, type Worded } from "../lib/wording";

export type { GameServerTarget };

export const REQUEST_TIMEOUT_MS = 4_000;
export const INVALID_JSON = "Invalid JSON response from server";
const worded = (key: GameServerTextKey, params?: TextParams) =>
  wordedIn(GAME_SERVER_TEXTS, key, params);
const BODY_TOO_LARGE_TEXT = worded("refusal.gameServer.bodyTooLarge", {
  kib: GAME_BODY_MAX_BYTES / 1024,
});
export const BODY_TOO_LARGE = BODY_TOO_LARGE_TEXT.message;

/**
 * A game server's failure. `message` is the Ukrainian text (or the server's own words); `worded`
 * the same with its key and parameters when the panel words it itself.
 */
export class GameServerError extends Error {
  readonly worded: Worded | undefined;

  constructor(
    message: string | Worded,
    readonly status: number | null,
    /** No answer within the time limit (as opposed to a refusal or an error answer). */
    readonly timedOut = false,
  ) {
    super(typeof message === "string" ? message : message.message);
    this.name = "GameServerError";
    this.worded = typeof message === "string" ? undefined : message;
  }
}

/** A failure's text as the panel stores it to word again (absent: the game server's own words). */
export function failureTextRef(error: unknown): TextRef | undefined {
  if (!(error instanceof GameServerError) || !error.worded) return undefined;
  const { key, params } = error.worded;
  return params ? { key, params } : { key };
}

export interface RequestSpec {
  method?: "GET" | "POST" | "PUT";
  /** Path below the API root, e.g. `/match` or `/private/command`. */
  path: string;
  body?: unknown;
  /** Private plugin endpoints carry the API key. Proxy calls always carry the RCON headers. */
  isPrivate?: boolean;
}

export function requestUrl(target: GameServerTarget, path: string): string {
  const base = target.baseUrl.replace(/\/+$/, "");
  return `${base}${target.connectionType === "HTTP" ? "/api" : "/rcon"}${path}`;
}

export function requestHeaders(
  target: GameServerTarget,
  spec: RequestSpec,
): Record<string, string> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (spec.body !== undefined) headers["Content-Type"] = "application/json";
  if (target.connectionType === "HTTP") {
    if (spec.isPrivate && target.apiKey) headers[API_KEY_HEADER] = target.apiKey;
  } else {
    headers[PROXY_HOST_HEADER] = target.proxyTargetHost ?? "";
    headers[PROXY_PORT_HEADER] = String(target.proxyTargetPort ?? "");
    headers[PROXY_PASSWORD_HEADER] = target.rconPassword ?? "";
  }
  return headers;
}

/**
 * `API Error {status}: {details or error or status text}`: the plugin API's own error wording
 * (docs/game-server-api.md), so admins see what the game server said, not a generic failure.
 */
export function apiErrorMessage(status: number, statusText: string, body: unknown): string {
  const b = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const detail =
    (typeof b.details === "string" && b.details) ||
    (typeof b.error === "string" && b.error) ||
    statusText;
  return `API Error ${status}: ${detail}`;
}

/**
 * What the RCON proxy's error answer means, in the panel's words: the proxy speaks for the game
 * server behind it (unreachable, silent, wrong RCON password), so its English `details` are read
 * for the cause, never shown as they are.
 */
export function proxyError(status: number, body: unknown): Worded {
  const b = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const detail = [b.details, b.error].filter((x) => typeof x === "string").join(" ");
  const cause = /ECONNREFUSED|refused/i.test(detail)
    ? "Refused"
    : /ENOTFOUND|EAI_AGAIN/i.test(detail)
      ? "NotFound"
      : /ETIMEDOUT|timed? ?out|did not answer/i.test(detail)
        ? "NoAnswer"
        : "";
  if (status === 401 || status === 403) {
    return worded(
      /rcon|password/i.test(detail)
        ? "refusal.gameServer.proxyRconPassword"
        : "refusal.gameServer.proxyForbidden",
    );
  }
  if (status === 504) return worded(`refusal.gameServer.proxyTimeout${cause}`);
  if (status === 502 || status === 503) {
    return worded(`refusal.gameServer.proxyUnreachable${cause}`);
  }
  if (status === 400) return worded("refusal.gameServer.proxyBadRequest");
  return worded("refusal.gameServer.proxyError", { status });
}

/** `proxyError`'s Ukrainian text. */
export function proxyErrorMessage(status: number, body: unknown): string {
  return proxyError(status, body).message;
}

export async function gameServerRequest<T = unknown>(
  target: GameServerTarget,
  spec: RequestSpec,
  timeoutMs = REQUEST_TIMEOUT_MS,
): Promise<T> {
  let response: Response;
  let text: string | null;
  try {
    ({ response, text } = await timedFetch(
      requestUrl(target, spec.path),
      {
        method: spec.method ?? "GET",
        headers: requestHeaders(target, spec),
        body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
      },
      timeoutMs,
      async (r) => ({ response: r, text: await readBodyLimited(r, GAME_BODY_MAX_BYTES) }),
    ));
  } catch (error) {
    if (error instanceof RedirectRefusedError) {
      throw new GameServerError(
        worded("refusal.gameServer.redirect", { status: error.status }),
        error.status,
      );
    }
    if (error instanceof FetchTimeoutError) {
      throw new GameServerError(
        worded("refusal.gameServer.timeout", { seconds: Math.round(timeoutMs / 1000) }),
        null,
        true,
      );
    }
    throw new GameServerError(
      isConnectionRefused(error)
        ? worded("refusal.gameServer.unreachableRefused")
        : worded("refusal.gameServer.unreachable", { reason: describeError(error) }),
      null,
    );
  }
  if (text === null) throw new GameServerError(BODY_TOO_LARGE_TEXT, response.status);
  let parsed: unknown;
  try {
    parsed = text.length === 0 ? {} : JSON.parse(text);
  } catch {
    throw new GameServerError(INVALID_JSON, response.status);
  }
  if (!response.ok) {
    throw new GameServerError(
      target.connectionType === "RCON_PROXY"
        ? proxyError(response.status, parsed)
        : apiErrorMessage(response.status, response.statusText, parsed),
      response.status,
    );
  }
  return parsed as T;
}
