import { isSteamId64 } from "@/lib/backend";

/** Bots are reported with SteamID "0"; anything else that is not a SteamID64 is a human the server did not identify. */
export const isBotPlayer = (p: { steamId: string }) => p.steamId === "0";

/**
 * A human whose SteamID the server does not report: every client of an `sv_lan 1` server (Steam's
 * check is skipped), or a server read only through CS2's `status` text.
 */
export const lacksSteamId = (p: { steamId: string }) => !isBotPlayer(p) && !isSteamId64(p.steamId);
