import { useQuery } from "convex/react";
import { api } from "@/lib/backend";
import type { ConnectTarget } from "../utils/decide-connect";

/** Cached status of every enabled server, in display order; undefined while loading. */
export function useConnectTargets(): ConnectTarget[] | undefined {
  return useQuery(api.live.connectTargets);
}
