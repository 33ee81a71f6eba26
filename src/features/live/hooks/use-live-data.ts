import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api, type Id } from "@/lib/backend";

export type ServerStatus = FunctionReturnType<typeof api.live.status>;
export type MatchSnapshot = FunctionReturnType<typeof api.live.match>;
export type PlayersSnapshot = FunctionReturnType<typeof api.live.players>;

/**
 * Cached live data of one server. Each returns undefined while loading (and while no server is
 * given), null before the first successful poll. A changed server id starts from undefined again,
 * so the previous server's data never shows under the new one.
 */
export function useServerStatus(serverId: Id<"servers"> | undefined): ServerStatus | undefined {
  return useQuery(api.live.status, serverId ? { serverId } : "skip");
}

export function useMatch(serverId: Id<"servers"> | undefined): MatchSnapshot | undefined {
  return useQuery(api.live.match, serverId ? { serverId } : "skip");
}

export function usePlayers(serverId: Id<"servers"> | undefined): PlayersSnapshot | undefined {
  return useQuery(api.live.players, serverId ? { serverId } : "skip");
}
