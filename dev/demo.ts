/**
 * `npm run demo`: the whole product on one offline machine, no accounts. Starts the game-server
 * simulator, the in-memory Convex backend (real convex/ functions, seeded with two servers that
 * point at the simulator) and the web app with the demo sign-in. Ctrl-C stops everything.
 *
 * `startDemo()` is also what the browser tests and benchmarks use (with ephemeral ports).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createServer, type ViteDevServer } from "vite";
import { startBackend, type BackendHandle } from "./backend/server";
import { seedServersFor } from "./sim/seed-servers";
import { startSimulator, type SimHandle } from "./sim/simulator";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The demo admin's email; ADMIN_EMAILS is the real product's admin bootstrap, set on the demo deployment. */
export const DEMO_ADMIN_EMAIL = "admin@demo.cs2-panel.local";

export interface DemoOptions {
  /** Use OS-assigned ports everywhere (tests). */
  ephemeral?: boolean;
  webPort?: number;
  backendPort?: number;
  simBasePort?: number;
  /** Simulator tick period (one tick = one simulated second). */
  tickMs?: number;
  quiet?: boolean;
  /** Serve the web app (default true). Benchmarks need only the simulator and the backend. */
  web?: boolean;
}

export interface DemoHandle {
  sim: SimHandle;
  backend: BackendHandle;
  vite: ViteDevServer | null;
  webUrl: string | null;
  stop(): Promise<void>;
}

export async function startDemo(opts: DemoOptions = {}): Promise<DemoHandle> {
  const log = opts.quiet ? () => {} : (line: string) => console.log(line);
  const sim = await startSimulator({
    ephemeral: opts.ephemeral,
    basePort: opts.simBasePort,
    tickMs: opts.tickMs,
    log: opts.quiet ? () => {} : (m) => console.log(`[sim] ${m}`),
  });
  const backend = await startBackend({
    convexDir: path.join(root, "convex"),
    port: opts.ephemeral ? 0 : (opts.backendPort ?? 3210),
    httpPort: opts.ephemeral ? 0 : (opts.backendPort ?? 3210) + 1,
    env: { ADMIN_EMAILS: DEMO_ADMIN_EMAIL },
    seed: { path: "seed:defaultServers", args: { servers: seedServersFor(sim) } },
    log: opts.quiet
      ? (line) => void (/error|failed|uncaught/i.test(line) && console.error(`[backend] ${line}`))
      : true,
  });
  let vite: ViteDevServer | null = null;
  let webUrl: string | null = null;
  if (opts.web !== false) {
    process.env.VITE_CONVEX_URL = backend.url;
    process.env.VITE_DEMO_AUTH = "1";
    process.env.VITE_CONVEX_SITE_URL = backend.siteUrl;
    vite = await createServer({
      root,
      configFile: path.join(root, "vite.config.ts"),
      logLevel: opts.quiet ? "error" : "info",
      server: {
        port: opts.ephemeral ? 0 : (opts.webPort ?? 5173),
        host: "127.0.0.1",
        strictPort: !opts.ephemeral,
      },
    });
    await vite.listen();
    const address = vite.httpServer?.address();
    const port = typeof address === "object" && address ? address.port : opts.webPort;
    webUrl = `http://127.0.0.1:${port}/`;
  }
  log(`Demo ready.
  Panel:                 ${webUrl ?? "(web app not started)"}
  Convex (in memory):    ${backend.url}   HTTP API: ${backend.siteUrl}/api/servers
  Game-server simulator: ${sim.servers.map((s) => s.apiUrl).join(", ")}; RCON proxy ${sim.proxyUrl}
  Sign in from the "Вхід" tab as the demo admin or a demo visitor. Ctrl-C stops everything.`);
  return {
    sim,
    backend,
    vite,
    webUrl,
    async stop() {
      await vite?.close();
      await backend.stop();
      await sim.stop();
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const demo = await startDemo({
    simBasePort: process.env.SIM_BASE_PORT ? Number(process.env.SIM_BASE_PORT) : undefined,
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EADDRINUSE") throw error;
    console.error(
      `Port ${(error as { port?: number }).port} is already in use: is another demo, simulator or Vite running?\n` +
        "Stop it, or move the simulator with SIM_BASE_PORT=28000 npm run demo.",
    );
    process.exit(1);
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      console.log("\nStopping the demo...");
      void demo.stop().finally(() => process.exit(0));
    });
  }
}
