/**
 * Programmatic entry point: `startSimulator()` runs the simulated servers, the RCON proxy and the
 * control API, and returns a handle for tests, demo mode and benchmarks. Port 0 everywhere
 * (`ephemeral: true`) lets test files run in parallel.
 */
import { startControl } from "./control";
import { SIM_CONTROL_OFFSET, SIM_DEFAULTS, SIM_PROXY_OFFSET, SIM_SERVERS } from "./defaults";
import { SimServer, type SimServerConfig } from "./game-server";
import { RconProxy } from "./proxy";
import { SimClock } from "./rng";

export interface SimulatorOptions {
  host?: string;
  /** Ports derive from it (see defaults.ts); ignored for ports set explicitly. */
  basePort?: number;
  /** Bind every port to 0 (the OS picks free ones). */
  ephemeral?: boolean;
  /** Per-server overrides by index over SIM_SERVERS (ids, ports, keys, map, mode, roster...). */
  servers?: Array<Partial<SimServerConfig>>;
  proxyPort?: number;
  controlPort?: number;
  /** Seeds every Rng: same seed, same match. */
  seed?: number;
  /** Real interval between ticks (one tick = one simulated second); 0 = only `advance()`. */
  tickMs?: number;
  /** Offline time of `_restart` and `server/update`. */
  downtimeMs?: number;
  rconTimeoutMs?: number;
  /** Timeout of one MatchZy remote-log POST (default 15 s, as MatchZy documents). */
  remoteLogTimeoutMs?: number;
  proxyApiKey?: string;
  log?: (message: string) => void;
}

export type SimServerHandle = SimServer;

export interface SimHandle {
  servers: SimServerHandle[];
  server(id: string): SimServerHandle;
  proxy: RconProxy;
  proxyUrl: string;
  controlUrl: string;
  clock: SimClock;
  /** Runs `ticks` simulation ticks on every server, synchronously. */
  advance(ticks?: number): void;
  /** Moves the simulated clock forward (ban expiry, play time) without sleeping. */
  skipTime(ms: number): void;
  /** Clears faults, counters and RCON bans everywhere. */
  reset(): Promise<void>;
  stop(): Promise<void>;
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<SimHandle> {
  const host = options.host ?? SIM_DEFAULTS.host;
  const base = options.basePort ?? SIM_DEFAULTS.basePort;
  const port = (offset: number, explicit?: number) =>
    explicit ?? (options.ephemeral ? 0 : base + offset);
  const seed = options.seed ?? SIM_DEFAULTS.seed;
  const clock = new SimClock();
  const overrides = options.servers ?? [];
  const count = Math.max(SIM_SERVERS.length, overrides.length);
  const servers: SimServer[] = [];
  for (let i = 0; i < count; i++) {
    const { httpOffset, rconOffset, ...d } = SIM_SERVERS[i] ?? {
      ...SIM_SERVERS[0]!,
      httpOffset: 1 + i,
      rconOffset: 15 + i,
      apiKey: `demo-key-${i + 1}`,
      rconPassword: `demo-rcon-${i + 1}`,
    };
    const o = overrides[i] ?? {};
    const config: SimServerConfig = {
      ...d,
      id: `server${i + 1}`,
      name: `CS2 Sim #${i + 1}`,
      seed: seed + i * 1000,
      // CS2 serves GOTV 5 ports above the game port by default (27015 → 27020).
      ...(options.ephemeral ? {} : { tvPort: base + rconOffset + 5 }),
      ...o,
      httpPort: port(httpOffset, o.httpPort),
      rconPort: port(rconOffset, o.rconPort),
    };
    servers.push(
      new SimServer(config, clock, {
        host,
        downtimeMs: options.downtimeMs ?? SIM_DEFAULTS.downtimeMs,
        ...(options.remoteLogTimeoutMs !== undefined
          ? { remoteLogTimeoutMs: options.remoteLogTimeoutMs }
          : {}),
        ...(options.log ? { log: options.log } : {}),
      }),
    );
  }
  const proxy = new RconProxy({
    host,
    port: port(SIM_PROXY_OFFSET, options.proxyPort),
    rconTimeoutMs: options.rconTimeoutMs ?? SIM_DEFAULTS.rconTimeoutMs,
    seed,
    ...(options.proxyApiKey !== undefined ? { apiKey: options.proxyApiKey } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  const started: Array<{ stop(): Promise<void> }> = [];
  let timer: NodeJS.Timeout | undefined;
  const stop = async () => {
    if (timer) clearInterval(timer);
    await Promise.all(started.map((s) => s.stop()));
  };
  try {
    for (const server of servers) {
      started.push(server);
      await server.start();
    }
    started.push(proxy);
    await proxy.start();
    const handle: SimHandle = {
      servers,
      server(id) {
        const found = servers.find((s) => s.id === id);
        if (!found) throw new Error(`No simulated server "${id}"`);
        return found;
      },
      proxy,
      proxyUrl: proxy.url,
      controlUrl: "",
      clock,
      advance(ticks = 1) {
        for (const s of servers) s.advance(ticks);
      },
      skipTime: (ms) => clock.skip(ms),
      async reset() {
        await Promise.all([...servers.map((s) => s.faults.reset()), proxy.faults.reset()]);
        for (const s of [...servers, proxy]) s.counters.reset();
        for (const s of servers) {
          s.rcon.clearBans();
          s.matchzyMatch.reset();
        }
      },
      stop,
    };
    const control = await startControl(handle, host, port(SIM_CONTROL_OFFSET, options.controlPort));
    started.push(control);
    handle.controlUrl = control.url;
    const tickMs = options.tickMs ?? SIM_DEFAULTS.tickMs;
    if (tickMs > 0) {
      timer = setInterval(() => {
        for (const s of servers) s.tick();
      }, tickMs);
      timer.unref();
    }
    return handle;
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}
