import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useGatedAction } from "@/hooks/use-gated-action";
import { api, type Id } from "@/lib/backend";

export type ServerToggles = FunctionReturnType<typeof api.serverControl.toggles>;
export type GuestToggle = "isPaused" | "autobalance" | "friendlyfire" | "bhop";

/**
 * General, match and map controls (guest-admin level) plus sv_cheats (admin only): the toggle
 * states and one runner per action, each toasting its outcome.
 */
export function useServerControl(serverId: Id<"servers"> | undefined) {
  const toggles = useQuery(api.serverControl.toggles, serverId ? { serverId } : "skip");
  const setToggle = useGatedAction(api.serverControl.setToggle, {
    serverId,
    successLabel: (args) => args.toggle as GuestToggle,
  });
  const setCheats = useGatedAction(api.serverControl.setCheats, {
    serverId,
    successLabel: "cheats",
  });
  const changeMap = useGatedAction(api.serverControl.changeMap, {
    serverId,
    successLabel: "changeMap",
  });
  const workshopMap = useGatedAction(api.serverControl.workshopMap, {
    serverId,
    successLabel: "workshopMap",
  });
  const setGameMode = useGatedAction(api.serverControl.setGameMode, {
    serverId,
    successLabel: "gameMode",
  });
  const restartGame = useGatedAction(api.serverControl.restartGame, {
    serverId,
    successLabel: "restartGame",
  });
  const skipWarmup = useGatedAction(api.serverControl.skipWarmup, {
    serverId,
    successLabel: "skipWarmup",
  });
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
