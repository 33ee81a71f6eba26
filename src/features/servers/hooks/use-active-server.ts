import { useCallback } from "react";
import { useLocalStorage } from "@/hooks/use-local-storage";
import type { Id } from "@/lib/backend";
import type { PublicServer } from "@/hooks/use-servers";

export const ACTIVE_SERVER_KEY = "activeServerId";

export interface ActiveServer {
  /** The shown server; null when none is configured, undefined while the list loads. */
  server: PublicServer | null | undefined;
  select: (id: Id<"servers">) => void;
}

/**
 * The server the panel shows: the one a shared link names (`?server=<key>`), else the one
 * remembered in localStorage (`activeServerId`), else the first configured server.
 */
export function useActiveServer(
  servers: PublicServer[] | undefined,
  keyFromUrl?: string | null,
): ActiveServer {
  const [storedId, setStoredId] = useLocalStorage<string>(ACTIVE_SERVER_KEY, undefined);
  const select = useCallback((id: Id<"servers">) => setStoredId(id), [setStoredId]);
  if (servers === undefined) return { server: undefined, select };
  const server =
    (keyFromUrl ? servers.find((s) => s.key === keyFromUrl) : undefined) ??
    servers.find((s) => s._id === storedId) ??
    servers[0] ??
    null;
  return { server, select };
}
