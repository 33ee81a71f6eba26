import { useQuery } from "convex/react";
import { useEffect } from "react";
import type { FunctionArgs, FunctionReturnType } from "convex/server";
import { api, type Id } from "@/lib/backend";
import { useMatchNow } from "@/hooks/use-match-now";
import { markFirstScreenShown } from "@/lib/first-screen";
import { forgetEarlyDashboard, useEarlyDashboard } from "../utils/early-dashboard";

export type ServerStatus = FunctionReturnType<typeof api.live.status>;
export type DashboardView = FunctionReturnType<typeof api.live.dashboard>;
export type MatchSnapshot = DashboardView["snapshot"];
export type PlayersSnapshot = FunctionReturnType<typeof api.live.playerList>["players"];

/** Which live data the open tab shows; it decides the one subscription the panel holds. */
export type LiveScreen = "dashboard" | "players" | "other";

export interface LiveData {
  status: ServerStatus | undefined;
  /** Dashboard only; undefined while loading or on other screens. */
  snapshot: MatchSnapshot | undefined;
  /** Dashboard only: the rounds of the match being played. */
  rounds: DashboardView["rounds"] | undefined;
  /** Dashboard only: where to watch through GOTV, null while the server does not broadcast. */
  gotvAddress: string | null | undefined;
  /** Players and random tabs only; undefined while loading or on other screens. */
  players: PlayersSnapshot | undefined;
}

/**
 * The open screen's live data through one subscription (status + match on the dashboard, status +
 * players on the players and random tabs, status alone elsewhere), so one meaningful write costs
 * each viewer one re-run. Everything is undefined while loading (and while no server is given); a
 * changed server id starts from undefined again, so the previous server's data never shows.
 */
export function useLiveData(
  serverId: Id<"servers"> | undefined,
  screen: LiveScreen,
  /**
   * The dashboard's arguments when the page names its server before the list arrives (the link's
   * key, the remembered id), so the score does not wait for the server list.
   */
  dashboardArgs?: FunctionArgs<typeof api.live.dashboard>,
): LiveData {
  const args = serverId ? { serverId } : "skip";
  const subscribed = useQuery(
    api.live.dashboard,
    screen === "dashboard" ? (dashboardArgs ?? args) : "skip",
  );
  // Until the subscription delivers, what the page's HTML fetched with the same arguments.
  const early = useEarlyDashboard(screen === "dashboard" ? dashboardArgs : undefined);
  useEffect(() => {
    if (subscribed !== undefined) forgetEarlyDashboard();
  }, [subscribed]);
  const dashboard = subscribed ?? early;
  useEffect(() => {
    if (dashboard !== undefined) markFirstScreenShown();
  }, [dashboard]);
  // The round's course moves the phase on between writes (a round's buy time and its start).
  const snapshot = useMatchNow(dashboard?.snapshot);
  const playerList = useQuery(api.live.playerList, screen === "players" ? args : "skip");
  const status = useQuery(api.live.status, screen === "other" ? args : "skip");
  if (screen === "dashboard") {
    return {
      status: dashboard?.status,
      snapshot,
      rounds: dashboard?.rounds,
      gotvAddress: dashboard?.gotvAddress,
      players: undefined,
    };
  }
  if (screen === "players") {
    return {
      status: playerList?.status,
      snapshot: undefined,
      rounds: undefined,
      gotvAddress: undefined,
      players: playerList?.players,
    };
  }
  return {
    status,
    snapshot: undefined,
    rounds: undefined,
    gotvAddress: undefined,
    players: undefined,
  };
}
