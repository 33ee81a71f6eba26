import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useMemo } from "react";
import { api, isSteamId64 } from "@/lib/backend";

export type SteamProfile = Omit<
  FunctionReturnType<typeof api.steamData.profiles>[number],
  "steamId"
>;

/**
 * Cached Steam avatars of these players (humans only), keyed by SteamID64. One subscription per
 * set of players: it re-runs only when a profile arrives from Steam (at most daily), not with play.
 */
export function useSteamProfiles(steamIds: readonly string[]): ReadonlyMap<string, SteamProfile> {
  // The sorted ids are the identity: a new array with the same players keeps the subscription.
  const key = [...new Set(steamIds.filter(isSteamId64))].sort().join(",");
  const ids = useMemo(() => (key ? key.split(",") : []), [key]);
  const rows = useQuery(api.steamData.profiles, ids.length > 0 ? { steamIds: ids } : "skip");
  return useMemo(() => new Map((rows ?? []).map(({ steamId, ...p }) => [steamId, p])), [rows]);
}

/** The Steam Workshop title of a workshop map (`workshop/<id>/<name>`); null otherwise or until known. */
export function useWorkshopTitle(mapName: string | undefined): string | null {
  const workshop = mapName !== undefined && /^workshop\/\d+\//.test(mapName);
  return useQuery(api.steamData.workshopTitle, workshop ? { mapName } : "skip") ?? null;
}
