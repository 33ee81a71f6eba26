import { usePaginatedQuery, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useMemo } from "react";
import { api, type Id } from "@/lib/backend";
import type { ModerationSettings } from "@/hooks/use-moderation-settings";

export type SanctionRow = FunctionReturnType<typeof api.moderation.history>["page"][number];
export type ModerationRole = "admin" | "moderator";

const HISTORY_PAGE = 10;

/** One player's sanctions, newest first (admins and moderators only: skip for anyone else). */
export function useSanctionHistory(steamId: string, enabled = true) {
  const { results, status, loadMore } = usePaginatedQuery(
    api.moderation.history,
    enabled ? { steamId } : "skip",
    { initialNumItems: HISTORY_PAGE },
  );
  return { rows: results as SanctionRow[], status, loadMore: () => loadMore(HISTORY_PAGE) };
}

export type FlaggedPlayer = FunctionReturnType<typeof api.moderation.flaggedPlayers>[number];

/**
 * SteamID64 → the active or recent sanction of a connected player. Only privileged viewers
 * subscribe (pass `enabled: false` otherwise), so anonymous viewers pay nothing.
 */
export function useFlaggedPlayers(
  serverId: Id<"servers"> | undefined,
  enabled: boolean,
): Map<string, FlaggedPlayer> {
  const rows = useQuery(api.moderation.flaggedPlayers, enabled && serverId ? { serverId } : "skip");
  return useMemo(() => new Map((rows ?? []).map((r) => [r.steamId, r])), [rows]);
}

/** A server's sanctions, newest first (the moderation tab's history). */
export function useServerSanctions(serverId: Id<"servers"> | undefined) {
  const { results, status, loadMore } = usePaginatedQuery(
    api.moderation.serverHistory,
    serverId ? { serverId } : "skip",
    { initialNumItems: HISTORY_PAGE },
  );
  return { rows: results as SanctionRow[], status, loadMore: () => loadMore(HISTORY_PAGE) };
}

/** Mutes, gags and silences in force on a server, newest first. */
export function useActiveComms(serverId: Id<"servers"> | undefined) {
  const { results, status, loadMore } = usePaginatedQuery(
    api.moderation.activeComms,
    serverId ? { serverId } : "skip",
    { initialNumItems: HISTORY_PAGE },
  );
  return {
    rows: results as (SanctionRow & { canLift: boolean })[],
    status,
    loadMore: () => loadMore(HISTORY_PAGE),
  };
}

/** Ban durations a role may give: moderators never permanent, never past the maximum. */
export function durationsFor(role: ModerationRole, settings: ModerationSettings): number[] {
  if (role === "admin") return settings.banDurations;
  return settings.banDurations.filter((m) => m > 0 && m <= settings.moderatorMaxMinutes);
}
