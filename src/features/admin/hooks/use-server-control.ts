import { useQuery } from "convex/react";
import type { FunctionArgs, FunctionReturnType } from "convex/server";
import { useGatedAction } from "@/hooks/use-gated-action";
import { api, type Id } from "@/lib/backend";

export type ServerToggles = FunctionReturnType<typeof api.serverControl.toggles>;
export type GuestToggle = FunctionArgs<typeof api.serverControl.setToggle>["toggle"];

/**
 * General, match and map controls (guest-admin level) plus sv_cheats (admin only): the toggle
 * states and one runner per action, each toasting its outcome.
 */
export function useServerControl(serverId: Id<"servers"> | undefined) {
  const toggles = useQuery(api.serverControl.toggles, serverId ? { serverId } : "skip");
  const on = { serverId };
  const setToggle = useGatedAction(api.serverControl.setToggle, on);
  const setCheats = useGatedAction(api.serverControl.setCheats, on);
  const changeMap = useGatedAction(api.serverControl.changeMap, on);
  const workshopMap = useGatedAction(api.serverControl.workshopMap, on);
  const setGameMode = useGatedAction(api.serverControl.setGameMode, on);
  const restartGame = useGatedAction(api.serverControl.restartGame, on);
  const skipWarmup = useGatedAction(api.serverControl.skipWarmup, on);
  return {
    toggles,
    setToggle,
    setCheats,
    changeMap,
    workshopMap,
    setGameMode,
    restartGame,
    skipWarmup,
  };
}
