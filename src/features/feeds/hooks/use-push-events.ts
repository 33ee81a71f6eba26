import { useQuery } from "convex/react";
import { useGatedAction } from "@/hooks/use-gated-action";
import { api, type Id } from "@/lib/backend";

/** MatchZy push for the selected server (admin only): its status and the switch's two actions. */
export function usePushEvents(serverId: Id<"servers"> | undefined) {
  const status = useQuery(api.push.status, serverId ? { serverId } : "skip");
  const on = { serverId };
  return {
    status,
    enable: useGatedAction(api.push.enable, on),
    disable: useGatedAction(api.push.disable, on),
  };
}
