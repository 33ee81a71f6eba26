/**
 * Where a server's secrets are sent: the API base URL's origin (scheme, host and port) and, for
 * the RCON proxy, the game server behind it; for direct RCON, the game server's RCON host:port. A stored API key or RCON password is bound to the
 * destination it was entered for; a save that changes it clears them (model/servers/records.ts), so a
 * secret is never re-sent to a host its owner did not type it for. Pure: the server form uses it
 * too, to ask for the secrets again.
 */
export interface DestinationFields {
  apiBaseUrl: string;
  connectionType: "HTTP" | "RCON_PROXY" | "RCON";
  proxyTargetHost?: string;
  proxyTargetPort?: number;
}

export function destinationOf(server: DestinationFields): string {
  if (server.connectionType === "RCON") {
    return `rcon ${(server.proxyTargetHost ?? "").trim().toLowerCase()}:${server.proxyTargetPort ?? ""}`;
  }
  const raw = server.apiBaseUrl.trim();
  let origin: string;
  try {
    origin = new URL(raw).origin.toLowerCase();
  } catch {
    origin = raw.toLowerCase();
  }
  if (server.connectionType !== "RCON_PROXY") return `http-plugin ${origin}`;
  const host = (server.proxyTargetHost ?? "").trim().toLowerCase();
  return `rcon-proxy ${origin} ${host}:${server.proxyTargetPort ?? ""}`;
}
