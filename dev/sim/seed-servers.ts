/**
 * Seed rows for the two default servers, pointing at wherever a running simulator listens: the
 * argument of `seed:defaultServers` for demo mode (dev/demo.ts) and the simulator-backed Convex
 * tests (convex/*.sim.test.ts).
 */
import type { SimHandle } from "./simulator";

export function seedServersFor(sim: SimHandle) {
  const [s1, s2] = sim.servers;
  if (!s1 || !s2) throw new Error("the simulator must run two servers");
  const host = (s: typeof s1) => new URL(s.baseUrl).hostname;
  return [
    {
      key: "server1",
      name: "Server #1",
      apiBaseUrl: s1.baseUrl,
      connectAddress: `${host(s1)}:${s1.rconPort}`,
      connectionType: "HTTP" as const,
      simpleAdmin: s1.config.simpleAdmin !== false,
      apiKey: s1.config.apiKey,
    },
    {
      key: "server2",
      name: "Server #2",
      apiBaseUrl: sim.proxyUrl,
      connectAddress: `${host(s2)}:${s2.rconPort}`,
      connectionType: "RCON_PROXY" as const,
      proxyTargetHost: host(s2),
      proxyTargetPort: s2.rconPort,
      simpleAdmin: s2.config.simpleAdmin !== false,
      rconPassword: s2.config.rconPassword,
    },
  ];
}
