import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useGatedAction } from "@/hooks/use-gated-action";
import { api, LOG_ACTIVE_MS, type Id } from "@/lib/backend";
import type { FeedState } from "../components/feed-switch-card";

export type ServerLogStatus = FunctionReturnType<typeof api.serverLog.status>;

/** "журнал надходить" / "очікуємо журналу" / "вимкнено", from the status and the current time. */
export function serverLogState(status: ServerLogStatus, now: number): FeedState {
  if (!status.enabled) return "off";
  return status.lastBatchAt !== null && now - status.lastBatchAt < LOG_ACTIVE_MS
    ? "flowing"
    : "waiting";
}

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
