/**
 * Outbound HTTP from the panel never follows a redirect. Game servers, Steam and Discord are
 * called at addresses an admin typed or a deployment variable names, often with a secret in the
 * headers or the query; a redirect would take that request (and a user-influenced part of it) to
 * a host nobody chose, a loopback or private one included. A 3xx answer is a failure instead.
 */
import { GAME_SERVER_TEXTS } from "./texts/gameServer";
import { wordedIn, type Worded } from "./wording";

export class RedirectRefusedError extends Error {
  /** The message with its key (texts/gameServer.ts). */
  readonly worded: Worded;

  constructor(readonly status: number) {
    const worded = status
      ? wordedIn(GAME_SERVER_TEXTS, "refusal.gameServer.redirectRefused", { status })
      : wordedIn(GAME_SERVER_TEXTS, "refusal.gameServer.redirectRefusedPlain");
    super(worded.message);
    this.worded = worded;
    this.name = "RedirectRefusedError";
  }
}

/** `fetch` without following redirects: a redirect answer throws `RedirectRefusedError`. */
export async function fetchNoRedirect(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, { ...init, redirect: "manual" });
  const redirect =
    response.type === "opaqueredirect" ||
    response.redirected ||
    (response.status >= 300 && response.status < 400);
  if (redirect) {
    await response.body?.cancel().catch(() => {});
    throw new RedirectRefusedError(response.status);
  }
  return response;
}
