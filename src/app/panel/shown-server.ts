import { ACTIVE_SERVER_KEY } from "@/features/servers/hooks/use-active-server";

/** The dashboard query's arguments, always built here so the page's early start and the panel's useQuery match. */
export interface DashboardArgs {
  serverKey?: string;
  serverId?: string;
  orFirst: true;
}

/**
 * What the page knows of the server to show before the server list arrives: the link's key
 * (`?server=`), the remembered id, else the first server (the backend makes the panel's choice).
 */
export function dashboardArgs(keyFromUrl: string | null, storedId: string | null): DashboardArgs {
  const args: DashboardArgs = { orFirst: true };
  // Fixed key order: the client identifies a subscription by its serialized arguments.
  return {
    ...(keyFromUrl ? { serverKey: keyFromUrl } : {}),
    ...(storedId ? { serverId: storedId } : {}),
    ...args,
  };
}

export function storedServerId(): string | null {
  try {
    return window.localStorage.getItem(ACTIVE_SERVER_KEY);
  } catch {
    return null;
  }
}
