/**
 * Addresses a deployment in Convex's cloud cannot reach: it refuses `fetch` to loopback and
 * private ranges, and a Node action's TCP connection to one would reach Convex's own network, not
 * the admin's. A local backend (the demo) reaches them. Pure: the setup check and the server form
 * both use it.
 */
import type { DestinationFields } from "./destination";

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/^\[|\]$/g, "").toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Loopback, private, link-local and unique-local addresses, and names that only resolve inside a
 * network.
 */
export function isPrivateHost(host: string): boolean {
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local")) return true;
  if (host === "::1" || host === "::" || /^f[cd][0-9a-f]{2}:/.test(host) || /^fe80:/.test(host)) {
    return true;
  }
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!v4) return false;
  const [a, b] = [Number(v4[1]), Number(v4[2])];
  return (
    a === 127 ||
    a === 10 ||
    a === 0 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

/** Whether the functions run on a deployment reached over a public address (not a local backend). */
export function runsInCloud(cloudUrl: string | undefined): boolean {
  const host = cloudUrl ? hostOf(cloudUrl) : null;
  return host !== null && !isPrivateHost(host);
}

/**
 * The host the deployment itself connects to: the plugin API's or the RCON proxy's URL (the proxy
 * reaches the game server, so that one may be private), or the game server for direct RCON.
 */
export function hostReachedByDeployment(server: DestinationFields): string | null {
  if (server.connectionType === "RCON") {
    const host = (server.proxyTargetHost ?? "")
      .trim()
      .replace(/^\[|\]$/g, "")
      .toLowerCase();
    return host || null;
  }
  return hostOf(server.apiBaseUrl.trim());
}

/** A server the deployment cannot reach: its address is private while the deployment is in the cloud. */
export function unreachableFromCloud(
  server: DestinationFields,
  cloudUrl: string | undefined,
): boolean {
  const host = hostReachedByDeployment(server);
  return runsInCloud(cloudUrl) && host !== null && isPrivateHost(host);
}
