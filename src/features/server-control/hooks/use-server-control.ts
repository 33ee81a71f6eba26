import { useAction, useQuery } from "convex/react";
import { useEffect } from "react";
import { useDocumentVisible } from "@/hooks/use-document-visible";
import type { FunctionReturnType } from "convex/server";
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
/** The switches' states as the backend stores them (confirmed by a read-back, or as last sent). */
export function useServerToggles(serverId: Id<"servers"> | undefined) {
  return useQuery(api.serverControl.toggles, serverId ? { serverId } : "skip");
}
