/**
 * `npm run demo`: the whole product on one offline machine, no accounts. Starts the game-server
 * simulator, the in-memory Convex backend (real convex/ functions, seeded with three servers that
 * point at the simulator: HTTP plugin API, RCON proxy, direct RCON) and the web app with the demo sign-in. Ctrl-C, SIGTERM or SIGHUP stops
 * everything; so does the exit of the process that launched it. Flags: dev/demo-args.ts.
 *
 * `startDemo()` is also what the browser tests and benchmarks use (with ephemeral ports).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createServer, type ViteDevServer } from "vite";
import { callOf, startBackend, type BackendHandle } from "./backend/server";
import { startDiscordStandIn, type DiscordStandIn } from "./discord/server";
import { startSteamStandIn, type SteamStandIn } from "./steam/server";
import { DEMO_DEFAULT_PORTS, DEMO_USAGE, DemoUsageError, parseDemoArgs } from "./demo-args";
import { seedServersFor } from "./sim/seed-servers";
import { startSimulator, type SimHandle } from "./sim/simulator";
import { internal } from "../convex/_generated/api";

/** mp_maxrounds cap of the demo's simulated servers. */
const DEMO_MAX_ROUNDS = 8;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The demo admin's email; ADMIN_EMAILS is the real product's admin bootstrap, set on the demo deployment. */
export const DEMO_ADMIN_EMAIL = "admin@demo.cs2-panel.local";
/** The Discord stand-in's port when the demo does not use OS-assigned ports. */
export const DEMO_DISCORD_PORT = 3299;
/** The Steam stand-in's port when the demo does not use OS-assigned ports. */
export const DEMO_STEAM_PORT = 3298;
/** The demo moderator's email, a moderator through MODERATOR_EMAILS like the admin above. */
export const DEMO_MODERATOR_EMAIL = "moderator@demo.cs2-panel.local";

export interface DemoOptions {
  /** Use OS-assigned ports for every service whose port is not given below (tests). */
  ephemeral?: boolean;
  webPort?: number;
  /** Convex sync port; HTTP actions listen on the next one. */
  backendPort?: number;
  simBasePort?: number;
  /** Simulator tick period (one tick = one simulated second). */
  tickMs?: number;
  quiet?: boolean;
  /** Serve the web app (default true). Benchmarks need only the simulator and the backend. */
  web?: boolean;
  /** mp_maxrounds cap of every simulated server (default 8). */
  maxRounds?: number;
  /** Plugin servers beyond the three (Server #4, …): a cup benchmark needs a pool of four. */
  extraServers?: number;
}

export interface DemoHandle {
  sim: SimHandle;
  backend: BackendHandle;
  /** The local Discord stand-in every demo webhook points at. */
  discord: DiscordStandIn;
  /** The local Steam stand-in (OpenID sign-in for linking accounts, persona names). */
  steam: SteamStandIn;
  vite: ViteDevServer | null;
  webUrl: string | null;
  stop(): Promise<void>;
}

export async function startDemo(opts: DemoOptions = {}): Promise<DemoHandle> {
  const log = opts.quiet ? () => {} : (line: string) => console.log(line);
  const ephemeral = opts.ephemeral === true;
  const backendPort = opts.backendPort ?? (ephemeral ? 0 : DEMO_DEFAULT_PORTS.backend);
  const webPort = opts.webPort ?? (ephemeral ? 0 : DEMO_DEFAULT_PORTS.web);
  // Whatever fails half-way, what did start is stopped again (no listeners left behind).
  const started: Array<() => Promise<void>> = [];
  const stopStarted = async () => {
    for (const stop of started.splice(0).reverse()) await stop();
  };
  const maxRounds = opts.maxRounds ?? DEMO_MAX_ROUNDS;
  try {
    const sim = await startSimulator({
      ephemeral: ephemeral && opts.simBasePort === undefined,
      basePort: opts.simBasePort,
      tickMs: opts.tickMs,
      // Short maps (at most 8 rounds, ≈2–3 min), so match history shows within minutes. The third
      // server is a plain CS2 server the panel reaches by direct RCON.
      servers: [
        { maxRounds },
        { maxRounds },
        { maxRounds, map: "de_nuke", humans: 3, spectators: 0 },
        ...Array.from({ length: opts.extraServers ?? 0 }, () => ({ maxRounds })),
      ],
      log: opts.quiet ? () => {} : (m) => console.log(`[sim] ${m}`),
    });
    started.push(() => sim.stop());
    const discord = await startDiscordStandIn({
      port: ephemeral ? 0 : DEMO_DISCORD_PORT,
      log: opts.quiet ? () => {} : (m) => console.log(`[discord] ${m}`),
    });
    started.push(() => discord.stop());
    const steam = await startSteamStandIn({
      port: ephemeral ? 0 : DEMO_STEAM_PORT,
      // Steam knows the simulated players by the names they play under.
      nameOf: (steamId) =>
        sim.servers.map((s) => s.world.find(steamId)).find((p) => p && !p.isBot)?.name,
      log: opts.quiet ? () => {} : (m) => console.log(`[steam] ${m}`),
    });
    started.push(() => steam.stop());
    const backend = await startBackend({
      convexDir: path.join(root, "convex"),
      port: backendPort,
      httpPort: backendPort === 0 ? 0 : backendPort + 1,
      env: {
        ADMIN_EMAILS: DEMO_ADMIN_EMAIL,
        MODERATOR_EMAILS: DEMO_MODERATOR_EMAIL,
        DISCORD_WEBHOOK_ORIGIN: discord.url,
        // Steam is the local stand-in: linking a Steam account and persona names work offline.
        STEAM_OPENID_BASE: steam.openIdBase,
        STEAM_WEB_API_BASE: steam.url,
        STEAM_WEB_API_KEY: "demo",
      },
      seed: callOf(internal.seed.defaultServers, { servers: seedServersFor(sim) }),
      log: opts.quiet
        ? (line) => void (/error|failed|uncaught/i.test(line) && console.error(`[backend] ${line}`))
        : true,
    });
    started.push(() => backend.stop());
    await backend.runInternal(internal.notifications.seedWebhooks, { baseUrl: discord.url });
    // Server #1 sends CS2's HTTP log (the kill feed) as an owner's server.cfg would have it: the
    // lines come from the deployment (`serverLog:configLine`), the console runs them.
    // Server #3, a plain CS2 server over direct RCON, too: its whole match comes from the log.
    for (const [key, index] of [
      ["server1", 0],
      ["server3", 2],
    ] as const) {
      const logLines = await backend.runInternal(internal.serverLog.configLine, { key });
      if (Array.isArray(logLines)) {
        for (const line of logLines) sim.servers[index]?.console.exec(String(line));
      }
    }
    let vite: ViteDevServer | null = null;
    let webUrl: string | null = null;
    if (opts.web !== false) {
      // process.env wins over .env files in Vite, so the app always talks to this backend (its
      // real, possibly OS-assigned ports) with the demo sign-in, even if .env.local points at a
      // real deployment or holds a Clerk key (which would replace the demo sign-in).
      process.env.VITE_CONVEX_URL = backend.url;
      process.env.VITE_CONVEX_SITE_URL = backend.siteUrl;
      process.env.VITE_DEMO_AUTH = "1";
      process.env.VITE_CLERK_PUBLISHABLE_KEY = "";
      const server = await withoutProcessHooks(() =>
        createServer({
          root,
          configFile: path.join(root, "vite.config.ts"),
          logLevel: opts.quiet ? "error" : "info",
          server: { port: webPort, host: "127.0.0.1", strictPort: webPort !== 0 },
        }),
      );
      started.push(() => server.close());
      await server.listen();
      vite = server;
      const address = server.httpServer?.address();
      const port = typeof address === "object" && address ? address.port : webPort;
      webUrl = `http://127.0.0.1:${port}/`;
      // Discord messages link players to the panel (a deployment env var, read at send time).
      process.env.PANEL_URL = webUrl;
    }
    log(readyBanner(webUrl, backend, sim));
    log(`  Discord stand-in:      ${discord.url}/ (what the demo's webhooks "posted")`);
    log(`  Steam stand-in:        ${steam.openIdBase}/login ("Мій профіль" → "Прив'язати Steam")`);
    let stopping: Promise<void> | undefined;
    return {
      sim,
      backend,
      discord,
      steam,
      vite,
      webUrl,
      stop: () => (stopping ??= stopStarted()),
    };
  } catch (error) {
    await stopStarted().catch(() => undefined);
    throw error;
  }
}

/**
 * Runs `create` and removes the SIGTERM and stdin-"end" listeners it added to the process. Vite's
 * dev server adds both to close itself and then call process.exit(): on a SIGTERM that ended the
 * demo with code 143 as soon as Vite had closed, before the backend and the simulator stopped.
 * The demo's owner (the CLI below, or a test) decides when everything stops.
 */
async function withoutProcessHooks<T>(create: () => Promise<T>): Promise<T> {
  const sigterm = new Set(process.listeners("SIGTERM"));
  const stdinEnd = new Set(process.stdin.listeners("end"));
  try {
    return await create();
  } finally {
    for (const l of process.listeners("SIGTERM")) if (!sigterm.has(l)) process.off("SIGTERM", l);
    for (const l of process.stdin.listeners("end")) {
      if (!stdinEnd.has(l)) process.stdin.off("end", l as () => void);
    }
  }
}

/** What a newcomer needs after start: where everything is, how to sign in, how to break a server. */
function readyBanner(webUrl: string | null, backend: BackendHandle, sim: SimHandle): string {
  const control = sim.controlUrl;
  const faults = `${control}/servers/server1/faults`;
  const signIn = webUrl
    ? `
  Sign in: open the "Вхід" tab (${webUrl}?tab=auth) and press "Увійти як адміністратор (демо)",
    "Увійти як модератор (демо)" or "Увійти як відвідувач (демо)", or fill in the form there:
    admin / ${DEMO_ADMIN_EMAIL} / demo, moderator / ${DEMO_MODERATOR_EMAIL} / demo
    (the visitor: visitor / visitor@demo.cs2-panel.local / demo).`
    : "";
  return `Demo ready.
  Panel:                 ${webUrl ?? "(web app not started)"}
  Convex (in memory):    ${backend.url}   HTTP API: ${backend.siteUrl}/api/servers
  Game-server simulator: ${sim.servers
    .slice(0, 2)
    .map((s) => s.apiUrl)
    .join(", ")}; RCON proxy ${sim.proxyUrl}; direct RCON ${directRcon(sim)}${signIn}
  Simulator control API: ${control} (docs/game-server-api.md §5). Try:
    curl -X PUT ${faults} -d '{"offline":true}'   # Server #1 goes offline
    curl -X PUT ${faults} -d '{"offline":false,"errorRate":0.5}'   # back, half its requests fail
    curl -X POST ${faults}/reset   # back to normal
  Ctrl-C (or kill -TERM ${process.pid}) stops everything.`;
}

/** Server #3's RCON address (the panel reaches it without plugin or proxy). */
function directRcon(sim: SimHandle): string {
  const s3 = sim.servers[2];
  return s3 ? `${new URL(s3.baseUrl).hostname}:${s3.rconPort}` : "(none)";
}

/** The `npm run demo` command: parse flags, start, and stop cleanly on a signal. */
async function main() {
  let cli;
  try {
    cli = parseDemoArgs(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof DemoUsageError)) throw error;
    console.error(`npm run demo: ${error.message}\nSee npm run demo -- --help.`);
    process.exit(2);
  }
  if (cli.help) {
    console.log(DEMO_USAGE);
    return;
  }
  // A closed terminal or pipe must not turn the shutdown messages into a crash.
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => {});

  const starting = startDemo({
    ephemeral: cli.ephemeral,
    webPort: cli.webPort,
    backendPort: cli.backendPort,
    simBasePort: cli.simBasePort,
  });
  let stopping = false;
  const shutdown = (reason: string) => {
    if (stopping) return; // a second signal (e.g. to the whole process group) changes nothing
    stopping = true;
    console.log(`\n${reason}: stopping the demo...`);
    setTimeout(() => {
      console.error("The demo did not stop within 20 s; exiting anyway.");
      process.exit(1);
    }, 20_000).unref();
    starting
      .then(
        (demo) => demo.stop(),
        () => undefined,
      )
      .then(
        () => {
          console.log("Demo stopped.");
          process.exit(0);
        },
        (error: unknown) => {
          console.error("Stopping the demo failed:", error);
          process.exit(1);
        },
      );
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => shutdown(signal));
  }
  // `npm run demo` puts npm and sh between the shell and this process; a SIGTERM to npm kills
  // sh, which does not pass it on. Being reparented means whoever launched the demo is gone.
  const launcher = process.ppid;
  setInterval(() => {
    if (process.ppid !== launcher) shutdown(`launcher (pid ${launcher}) exited`);
  }, 500).unref();

  await starting.catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EADDRINUSE") throw error;
    console.error(
      `Port ${(error as { port?: number }).port} is already in use: is another demo, simulator or Vite running?\n` +
        "Stop it, pick other ports (--web-port, --backend-port, --sim-base-port) or let the OS\n" +
        "choose free ones: npm run demo -- --ephemeral",
    );
    process.exit(1);
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
