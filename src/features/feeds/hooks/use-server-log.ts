import { useQuery } from "convex/react";
import { useGatedAction } from "@/hooks/use-gated-action";
import { api, type Id } from "@/lib/backend";

/** CS2's HTTP log for the selected server (admin only): its status and the switch's two actions. */
export function useServerLog(serverId: Id<"servers"> | undefined) {
  const status = useQuery(api.serverLog.status, serverId ? { serverId } : "skip");
  const on = { serverId };
  return {
    status,
    enable: useGatedAction(api.serverLog.enable, on),
    disable: useGatedAction(api.serverLog.disable, on),
  };
}
