import { useQuery } from "convex/react";
import { api } from "@/lib/backend";

/** Whether an admin opened the general, match and map controls to every visitor; undefined while loading. */
export function useGuestAdminEnabled(): boolean | undefined {
  return useQuery(api.settings.get)?.isGuestAdminEnabled;
}
