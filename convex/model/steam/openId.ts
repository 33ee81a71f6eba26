/**
 * Steam's OpenID 2.0 sign-in, the relying-party side. Steam is the only provider, so nothing is
 * discovered: the endpoint is fixed (STEAM_OPENID_BASE, default https://steamcommunity.com/openid;
 * a local stand-in in tests and the demo). An answer is believed only after (1) every field we
 * can check ourselves matches what this flow asked for, and (2) the provider itself confirms it
 * with `check_authentication` (direct verification; Steam signs with a secret we never see).
 */
import { env } from "../../_generated/server";
import { isSteamId64 } from "../../lib/steamId";
import { timedFetch } from "../../lib/timedFetch";
import { STEAM_TEXTS } from "../../lib/texts/steam";

export const OPENID_NS = "http://specs.openid.net/auth/2.0";
const IDENTIFIER_SELECT = "http://specs.openid.net/auth/2.0/identifier_select";
const DEFAULT_BASE = "https://steamcommunity.com/openid";
/** Fields a Steam assertion signs; an answer that leaves one unsigned proves nothing about it. */
const MUST_SIGN = ["op_endpoint", "claimed_id", "identity", "return_to", "response_nonce"];
/** How far a nonce's timestamp may be from our clock (the flow itself lives 10 minutes). */
const NONCE_SKEW_MS = 5 * 60_000;
const CHECK_TIMEOUT_MS = 10_000;
const PERSONA_TIMEOUT_MS = 5_000;
/** Longest value we pass on to the provider; real ones are far shorter. */
const FIELD_MAX = 2048;

export const STEAM_LINK_MESSAGES = {
  notConfigured: STEAM_TEXTS["refusal.steam.notConfigured"],
  expired: STEAM_TEXTS["refusal.steam.expired"],
  invalid: STEAM_TEXTS["refusal.steam.invalid"],
  returnTo: STEAM_TEXTS["refusal.steam.returnTo"],
  unavailable: STEAM_TEXTS["refusal.steam.unavailable"],
  otherUser: STEAM_TEXTS["refusal.steam.otherUser"],
  takenElsewhere: STEAM_TEXTS["refusal.steam.takenElsewhere"],
  alreadyLinked: STEAM_TEXTS["refusal.steam.alreadyLinked"],
  notLinked: STEAM_TEXTS["refusal.steam.notLinked"],
  noUser: STEAM_TEXTS["refusal.steam.noUser"],
} as const;
export type SteamLinkFailure = keyof typeof STEAM_LINK_MESSAGES;

/** The provider's base URL without a trailing slash. */
export function openIdBase(): string {
  return (env.STEAM_OPENID_BASE ?? DEFAULT_BASE).replace(/\/+$/, "");
}

/** Where the browser goes to sign in to Steam (`checkid_setup`, identifier chosen by Steam). */
export function signInUrl(base: string, returnTo: string, realm: string): string {
  const params = new URLSearchParams({
    "openid.ns": OPENID_NS,
    "openid.mode": "checkid_setup",
    "openid.return_to": returnTo,
    "openid.realm": realm,
    "openid.identity": IDENTIFIER_SELECT,
    "openid.claimed_id": IDENTIFIER_SELECT,
  });
  return `${base}/login?${params.toString()}`;
}

export type AssertionCheck =
  | { ok: true; steamId: string; fields: Record<string, string> }
  | { ok: false; failure: SteamLinkFailure };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function nonceTime(nonce: string): number | null {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)/.exec(nonce);
  if (!match) return null;
  const at = Date.parse(match[1]!);
  return Number.isNaN(at) ? null : at;
}

/**
 * What we can check of an answer without the provider: a positive assertion in OpenID 2.0 from
 * this provider's endpoint, for an identity of the form `<base>/id/<SteamID64>`, signed over every
 * field that matters, for exactly this flow's `return_to`, with a fresh nonce. The `openid.*`
 * fields come back for `check_authentication`; nothing else of the query is passed on.
 */
export function checkAssertion(
  query: URLSearchParams,
  expected: { base: string; returnTo: string; now: number },
): AssertionCheck {
  const fields: Record<string, string> = {};
  for (const [key, value] of query) {
    if (!key.startsWith("openid.")) continue;
    if (key in fields || value.length > FIELD_MAX) return { ok: false, failure: "invalid" };
    fields[key] = value;
  }
  const get = (k: string) => fields[`openid.${k}`] ?? "";
  if (get("ns") !== OPENID_NS || get("mode") !== "id_res") return { ok: false, failure: "invalid" };
  if (get("return_to") !== expected.returnTo) return { ok: false, failure: "returnTo" };
  if (get("op_endpoint") !== `${expected.base}/login`) return { ok: false, failure: "invalid" };
  const signed = new Set(get("signed").split(","));
  if (MUST_SIGN.some((k) => !signed.has(k)) || !get("sig")) {
    return { ok: false, failure: "invalid" };
  }
  const claimed = get("claimed_id");
  const id = new RegExp(`^${escapeRegExp(expected.base)}/id/(\\d{17})$`).exec(claimed);
  if (!id || !isSteamId64(id[1]!) || get("identity") !== claimed) {
    return { ok: false, failure: "invalid" };
  }
  const at = nonceTime(get("response_nonce"));
  if (at === null || Math.abs(expected.now - at) > NONCE_SKEW_MS) {
    return { ok: false, failure: "invalid" };
  }
  return { ok: true, steamId: id[1]!, fields };
}

/** OpenID's Key-Value form: `key:value` lines. */
export function parseKeyValues(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) out[line.slice(0, colon)] = line.slice(colon + 1).trim();
  }
  return out;
}

/**
 * Direct verification: the same fields back to the provider with `mode=check_authentication`.
 * Only `is_valid:true` in an OpenID 2.0 answer counts; anything else (including Steam being down)
 * is a refusal, never a pass.
 */
export async function confirmWithProvider(
  base: string,
  fields: Record<string, string>,
): Promise<"valid" | "invalid" | "unavailable"> {
  const body = new URLSearchParams({ ...fields, "openid.mode": "check_authentication" });
  let text: string | null;
  try {
    text = await timedFetch(
      `${base}/login`,
      {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: body.toString(),
      },
      CHECK_TIMEOUT_MS,
      async (res) => (res.ok ? (await res.text()).slice(0, 4096) : null),
    );
  } catch {
    return "unavailable";
  }
  if (text === null) return "unavailable";
  const answer = parseKeyValues(text);
  return answer.ns === OPENID_NS && answer.is_valid === "true" ? "valid" : "invalid";
}

/**
 * The player's Steam name through the Steam Web API (GetPlayerSummaries) when the deployment has
 * STEAM_WEB_API_KEY; null without a key or when Steam does not answer (the link works anyway).
 */
export async function steamPersonaName(steamId: string): Promise<string | null> {
  const key = env.STEAM_WEB_API_KEY;
  if (!key) return null;
  const base = (env.STEAM_WEB_API_BASE ?? "https://api.steampowered.com").replace(/\/+$/, "");
  const url = `${base}/ISteamUser/GetPlayerSummaries/v2/?key=${encodeURIComponent(key)}&steamids=${steamId}`;
  try {
    const body = (await timedFetch(url, { method: "GET" }, PERSONA_TIMEOUT_MS, async (res) =>
      res.ok ? await res.json() : null,
    )) as { response?: { players?: { steamid?: unknown; personaname?: unknown }[] } } | null;
    const player = body?.response?.players?.find((p) => p.steamid === steamId);
    const name = typeof player?.personaname === "string" ? player.personaname.trim() : "";
    return name ? name.slice(0, 32) : null;
  } catch {
    return null;
  }
}
