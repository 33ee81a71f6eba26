import { useQuery } from "convex/react";
import { api, type Id } from "@/lib/backend";

/**
 * The kill feed of a server, subscribed only while `open`: a kill-by-kill feed re-runs with every
 * batch of kills, so it costs only the viewers who asked for it. Undefined while loading or closed,
 * null while the server has sent no kill (its HTTP log is off).
 */
export function useKillFeed(serverId: Id<"servers"> | undefined, open: boolean) {
  return useQuery(api.serverLog.killFeed, open && serverId ? { serverId } : "skip");
}
