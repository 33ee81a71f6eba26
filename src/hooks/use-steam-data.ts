import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useMemo, useState } from "react";
import { api, profileIdsToWatch } from "@/lib/backend";

export type SteamProfile = Omit<
  FunctionReturnType<typeof api.steamData.profiles>[number],
  "steamId"
>;

/**
 * Cached Steam avatars of these players (humans only), keyed by SteamID64. The subscription
 * re-runs only when a profile arrives from Steam (at most daily), not with play, and is kept while
 * players leave or change sides: only a human it has not asked for yet makes a new one.
 */
export function useSteamProfiles(steamIds: readonly string[]): ReadonlyMap<string, SteamProfile> {
  const [asked, setAsked] = useState<readonly string[]>([]);
  const ids = profileIdsToWatch(steamIds, asked);
  // Remembered for the next render (React's pattern for a value derived from the previous one).
  if (ids !== asked) setAsked(ids);
  const rows = useQuery(api.steamData.profiles, ids.length > 0 ? { steamIds: [...ids] } : "skip");
  return useMemo(() => new Map((rows ?? []).map(({ steamId, ...p }) => [steamId, p])), [rows]);
}

/** The Steam Workshop title of a workshop map (`workshop/<id>/<name>`); null otherwise or until known. */
export function useWorkshopTitle(mapName: string | undefined): string | null {
  const workshop = mapName !== undefined && /^workshop\/\d+\//.test(mapName);
  return useQuery(api.steamData.workshopTitle, workshop ? { mapName } : "skip") ?? null;
}
