import { useAction, useQuery } from "convex/react";
import { useEffect } from "react";
import { useDocumentVisible } from "@/hooks/use-document-visible";
import type { FunctionArgs, FunctionReturnType } from "convex/server";
import { useGatedAction } from "@/hooks/use-gated-action";
import { api, type Id } from "@/lib/backend";

export type ServerToggles = FunctionReturnType<typeof api.serverControl.toggles>;

/** How often an open admin tab reads the switches back from the game server. */
export const READ_BACK_INTERVAL_MS = 60_000;

/**
 * While the server controls are open and visible: read the switches back from the game server
 * now and every minute (one call, five game-server requests each), so a change made on the
 * server itself shows within a minute. Failures stay quiet: the switches then read "unconfirmed".
 */
export function useToggleReadBack(serverId: Id<"servers"> | undefined) {
  const readBack = useAction(api.serverControl.readBack);
  const visible = useDocumentVisible();
  useEffect(() => {
    if (!serverId || !visible) return;
    const run = () => void readBack({ serverId }).catch(() => {});
    run();
    const id = window.setInterval(run, READ_BACK_INTERVAL_MS);
    return () => window.clearInterval(id);
  }, [readBack, serverId, visible]);
}
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
