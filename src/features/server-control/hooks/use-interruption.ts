import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api, type Id } from "@/lib/backend";

export type Interruption = NonNullable<FunctionReturnType<typeof api.recovery.latest>>;

/** The server's interrupted match, or how the last one ended (admins only). */
export function useInterruption(serverId: Id<"servers"> | undefined): Interruption | null {
  return useQuery(api.recovery.latest, serverId ? { serverId } : "skip") ?? null;
}
