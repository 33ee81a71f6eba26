/**
 * Default ports, keys and passwords of `npm run sim`; demo mode and seeding reuse them so the
 * panel's two server records point at the simulator out of the box.
 */
import type { SimServerConfig } from "./game-server";

export const SIM_HOST = "127.0.0.1";
export const SIM_BASE_PORT = 27000;

/** A server's config (game-server.ts) before the seed is known, with ports as offsets. */
export interface SimServerDefaults extends Omit<SimServerConfig, "httpPort" | "rconPort" | "seed"> {
  /** Offsets from the base port, so one `--base-port` moves every port together. */
  httpOffset: number;
  rconOffset: number;
}

export const SIM_SERVERS: readonly SimServerDefaults[] = [
  {
    id: "server1",
    name: "CS2 Sim #1",
    httpOffset: 1,
    rconOffset: 15,
    apiKey: "demo-key-1",
    rconPassword: "demo-rcon-1",
    map: "de_mirage",
    mode: "competitive",
    maxPlayers: 12,
    humans: 4,
    spectators: 1,
    gotv: true,
  },
  {
    id: "server2",
    name: "CS2 Sim #2",
    httpOffset: 2,
    rconOffset: 16,
    apiKey: "demo-key-2",
    rconPassword: "demo-rcon-2",
    map: "de_inferno",
    mode: "competitive",
    maxPlayers: 12,
    humans: 3,
    spectators: 0,
    // Without CS2-SimpleAdmin: the panel hides mute/gag/silence for it.
    simpleAdmin: false,
  },
];

export const SIM_PROXY_OFFSET = 80;
export const SIM_CONTROL_OFFSET = 90;

export const SIM_DEFAULTS = {
  host: SIM_HOST,
  basePort: SIM_BASE_PORT,
  seed: 42,
  tickMs: 1000,
  downtimeMs: 3000,
  rconTimeoutMs: 3000,
} as const;

/** The URLs and credentials `npm run sim` serves with the default base port. */
export function simEndpoints(basePort: number = SIM_BASE_PORT, host: string = SIM_HOST) {
  return {
    servers: SIM_SERVERS.map((s) => ({
      id: s.id,
      name: s.name,
      baseUrl: `http://${host}:${basePort + s.httpOffset}`,
      apiUrl: `http://${host}:${basePort + s.httpOffset}/api`,
      apiKey: s.apiKey,
      rconHost: host,
      rconPort: basePort + s.rconOffset,
      rconPassword: s.rconPassword,
    })),
    proxyUrl: `http://${host}:${basePort + SIM_PROXY_OFFSET}`,
    controlUrl: `http://${host}:${basePort + SIM_CONTROL_OFFSET}/__sim`,
  };
}
