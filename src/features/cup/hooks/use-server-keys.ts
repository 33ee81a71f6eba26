import { useMemo } from "react";
import { useServers } from "@/hooks/use-servers";

/** Server id → its key, for links to the dashboard of the server a match is played on. */
export function useServerKeys(): ReadonlyMap<string, string> {
  const servers = useServers();
  return useMemo(() => new Map((servers ?? []).map((s) => [s._id as string, s.key])), [servers]);
}
