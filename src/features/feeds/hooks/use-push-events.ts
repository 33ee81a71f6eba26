import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useGatedAction } from "@/hooks/use-gated-action";
import { api, PUSH_ACTIVE_MS, type Id } from "@/lib/backend";

export type PushStatus = FunctionReturnType<typeof api.push.status>;

export type PushState = "flowing" | "waiting" | "off";

/** "події надходять" / "очікуємо подій" / "вимкнено", from the status and the current time. */
export function pushState(status: PushStatus, now: number): PushState {
  if (!status.enabled) return "off";
  return status.lastEventAt !== null && now - status.lastEventAt < PUSH_ACTIVE_MS
    ? "flowing"
    : "waiting";
}

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
