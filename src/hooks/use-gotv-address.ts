import { useQuery } from "convex/react";
import { api, type Id } from "@/lib/backend";

/** `host:port` to watch a server through GOTV while it broadcasts; null otherwise or until known. */
export function useGotvAddress(serverId: Id<"servers"> | null): string | null {
  return useQuery(api.live.gotv, serverId ? { serverId } : "skip") ?? null;
}
