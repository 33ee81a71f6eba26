/**
 * Seed rows for the default servers, pointing at wherever a running simulator listens: the
 * argument of `seed:defaultServers` for demo mode (dev/demo.ts) and the simulator-backed Convex
 * tests (convex/*.sim.test.ts). A simulator started with a third server also gets a third row,
 * reached by direct RCON (no plugin, no proxy). Every simulated server speaks MatchZy; the panel
 * is told so for the second one, where tournament launches then load MatchZy's match config.
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
      // No plugin behind the proxy to place players: a launch loads MatchZy's match config.
      matchzy: true,
      rconPassword: s2.config.rconPassword,
    },
    ...directRcon(sim),
    // Any further simulated server: another plugin server.
    ...sim.servers.slice(3).map((s, i) => ({
      key: `server${i + 4}`,
      name: `Server #${i + 4}`,
      apiBaseUrl: s.baseUrl,
      connectAddress: `${host(s)}:${s.rconPort}`,
      connectionType: "HTTP" as const,
      simpleAdmin: s.config.simpleAdmin !== false,
      apiKey: s.config.apiKey,
    })),
  ];
}

function directRcon(sim: SimHandle) {
  const s3 = sim.servers[2];
  if (!s3) return [];
  const host = new URL(s3.baseUrl).hostname;
  return [
    {
      key: "server3",
      name: "Server #3",
      apiBaseUrl: "",
      connectAddress: `${host}:${s3.rconPort}`,
      connectionType: "RCON" as const,
      proxyTargetHost: host,
      proxyTargetPort: s3.rconPort,
      rconPassword: s3.config.rconPassword,
    },
  ];
}
