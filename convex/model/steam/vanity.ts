/**
 * Turns whatever was pasted into a SteamID64, in an action: the pure forms offline, a vanity URL
 * (`steamcommunity.com/id/<name>`) through the Steam Web API's ResolveVanityURL when the
 * deployment has STEAM_WEB_API_KEY. STEAM_WEB_API_BASE points elsewhere (a local stand-in in tests).
 */
import { env } from "../../_generated/server";
import { fail } from "../../lib/errors";
import { isSteamId64, parseSteamId } from "../../lib/steamId";
import { timedFetch } from "../../lib/timedFetch";
import { STEAM_TEXTS } from "../../lib/texts/steam";

export const VANITY_MESSAGES = {
  noKey: STEAM_TEXTS["refusal.steam.vanityNoKey"],
  notFound: STEAM_TEXTS["refusal.steam.vanityNotFound"],
  unavailable: STEAM_TEXTS["refusal.steam.vanityUnavailable"],
} as const;

const DEFAULT_BASE = "https://api.steampowered.com";
const TIMEOUT_MS = 5000;

export async function resolveSteamId(input: string): Promise<string> {
  const parsed = parseSteamId(input);
  if (parsed.kind === "invalid") fail("INVALID_INPUT", parsed.message);
  if (parsed.kind === "id64") return parsed.steamId;
  return await resolveVanity(parsed.name);
}

async function resolveVanity(name: string): Promise<string> {
  const key = env.STEAM_WEB_API_KEY;
  if (!key) fail("INVALID_INPUT", VANITY_MESSAGES.noKey);
  const base = (env.STEAM_WEB_API_BASE ?? DEFAULT_BASE).replace(/\/+$/, "");
  const url = `${base}/ISteamUser/ResolveVanityURL/v1/?key=${encodeURIComponent(key)}&vanityurl=${encodeURIComponent(name)}`;
  let body: unknown;
  try {
    body = await timedFetch(url, { method: "GET" }, TIMEOUT_MS, async (res) => {
      if (!res.ok) fail("GAME_SERVER", VANITY_MESSAGES.unavailable);
      return await res.json();
    });
  } catch {
    // Never echo the URL: it carries the key.
    fail("GAME_SERVER", VANITY_MESSAGES.unavailable);
  }
  const response = (body as { response?: { success?: unknown; steamid?: unknown } } | null)
    ?.response;
  const steamId = response?.steamid;
  if (response?.success === 1 && typeof steamId === "string" && isSteamId64(steamId)) {
    return steamId;
  }
  fail("NOT_FOUND", VANITY_MESSAGES.notFound);
}
