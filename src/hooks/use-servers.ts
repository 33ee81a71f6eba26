import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "@/lib/backend";

export type PublicServer = FunctionReturnType<typeof api.servers.list>[number];

/** Enabled servers in display order; undefined while loading. */
export function useServers(): PublicServer[] | undefined {
  return useQuery(api.servers.list);
}
