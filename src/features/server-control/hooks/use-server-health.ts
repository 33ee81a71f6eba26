import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api, type Id } from "@/lib/backend";

export type ServerHealth = FunctionReturnType<typeof api.health.of>;

/** The server's health and the check after its last update (admins only). */
export function useServerHealth(serverId: Id<"servers"> | undefined): ServerHealth | undefined {
  return useQuery(api.health.of, serverId ? { serverId } : "skip");
}
