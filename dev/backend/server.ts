/**
 * `startBackend`: an in-memory Convex deployment for offline dev and tests. Runs the project's real
 * `convex/` functions on convex-test's engine and serves them over the Convex sync protocol, so an
 * unmodified ConvexReactClient/ConvexClient connects to `url`; HTTP actions are served on `siteUrl`.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { WebSocketServer } from "ws";
import type { TestConvex } from "convex-test";
import {
  getFunctionName,
  type FunctionReference,
  type FunctionReturnType,
  type OptionalRestArgs,
} from "convex/server";
import type { Value } from "convex/values";
import {
  Engine,
  realClearInterval,
  realSetInterval,
  type FunctionCounts,
  type Logger,
} from "./engine";
import type { ConcurrencyOptions, ConcurrencyStats } from "./concurrency";
import { startCrons } from "./crons";
import { apiHandler, httpActionsHandler } from "./http";
import type { AnySchema, ComponentSpec } from "./modules";
import { ReplayCache, Session } from "./session";
import { FileStorage } from "./storage";
import { Store } from "./store";
import { closeAbandonedConnections } from "./outboundConnections";

export type { ComponentSpec } from "./modules";
export type { FunctionCounts } from "./engine";
export type { ReadCost } from "./store";
export { makeDemoJwt } from "./auth";

/** Any query, mutation or action, public or internal (`api.x.y`, `internal.x.y`). */
export type AnyFunction = FunctionReference<"query" | "mutation" | "action", "public" | "internal">;

/**
 * A call of `fn` with its typed arguments, as `seed` takes it: a renamed function or wrong
 * arguments fail to typecheck instead of at the first run.
 */
export function callOf<F extends AnyFunction>(fn: F, ...args: OptionalRestArgs<F>) {
  return { path: getFunctionName(fn), args: (args[0] ?? {}) as Record<string, Value> };
}

export interface BackendOptions {
  /** The Convex functions directory (with schema.ts, optional crons.ts, http.ts, convex.config.ts). */
  convexDir: string;
  /** Sync (WebSocket) port; default 3210, 0 picks a free one. */
  port?: number;
  /** HTTP actions port; default 3211, 0 picks a free one. */
  httpPort?: number;
  host?: string;
  /**
   * Internal (or public) function run once before serving: `callOf(internal.seed.defaults, …)`,
   * or a path typed on the command line ("seed:defaults").
   */
  seed?: string | { path: string; args?: Record<string, Value> };
  /** Default: print to stdout. `false` silences; a function receives each line. */
  log?: boolean | Logger;
  /** Components to register; default: discovered from convexDir/convex.config.ts. */
  components?: ComponentSpec[] | false;
  /** Emulate convex/crons.ts; default true. */
  crons?: boolean;
  /** Sync-protocol Ping period; clients reconnect after 60 s of silence. */
  pingIntervalMs?: number;
  /** Set on process.env before any function runs (Convex deployment env vars). */
  env?: Record<string, string>;
  /** A deployment's concurrency: scheduled-function slots (default 8), OCC retries (on). */
  concurrency?: ConcurrencyOptions;
}

export interface BackendHandle {
  /** Deployment URL for ConvexClient/ConvexReactClient (e.g. VITE_CONVEX_URL). */
  url: string;
  /** Where HTTP actions are served (the `.convex.site` equivalent). */
  siteUrl: string;
  port: number;
  httpPort: number;
  /** Runs any function, internal ones included, with its typed arguments; subscribers see its writes. */
  runInternal<F extends AnyFunction>(
    fn: F,
    ...args: OptionalRestArgs<F>
  ): Promise<FunctionReturnType<F>>;
  /** Function executions by kind since start (or the last reset), plus their total. */
  counts(): FunctionCounts & { total: number };
  /** Subscription updates served from another session's run of the same query (counted in
   * `counts().query` all the same: Convex bills each client's update). */
  sharedQueryHits(): number;
  /** Calls `listener` for every such update; returns the unsubscribe function. */
  onSharedQueryHit(listener: (udfPath: string, args: Record<string, Value>) => void): () => void;
  /** Conflict retries and failures, hot spots, scheduled-slot peak and waits (since reset). */
  concurrency(): ConcurrencyStats;
  resetCounts(): void;
  /** Open client WebSocket connections. */
  connections(): number;
  /** The underlying convex-test instance, for direct data inspection in tests. */
  t: TestConvex<AnySchema>;
  /** Its tables, for seeding in bulk and counting what reads cost (seeded benchmarks). */
  store: Store;
  /** File storage: upload URLs (their clock is `storage.now`) and served files. */
  storage: FileStorage;
  stop(): Promise<void>;
}

function makeLogger(log: BackendOptions["log"]): Logger {
  if (typeof log === "function") return log;
  if (log === false) return () => {};
  return (line) => console.log(`[backend] ${line}`);
}

function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

function close(server: http.Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

export async function startBackend(opts: BackendOptions): Promise<BackendHandle> {
  closeAbandonedConnections();
  const log = makeLogger(opts.log);
  const host = opts.host ?? "127.0.0.1";
  Object.assign(process.env, opts.env);
  const engine = await Engine.create({
    convexDir: path.resolve(opts.convexDir),
    components: opts.components,
    log,
    concurrency: opts.concurrency,
  });

  const runPath = async (fn: string, args: Record<string, Value> = {}) => {
    try {
      return await engine.call("any", fn, args, { allowInternal: true });
    } finally {
      engine.deliverDirty();
    }
  };
  const runInternal = async <F extends AnyFunction>(fn: F, ...args: OptionalRestArgs<F>) =>
    (await runPath(getFunctionName(fn), (args[0] ?? {}) as Record<string, Value>)) as Awaited<
      FunctionReturnType<F>
    >;
  if (opts.seed) {
    const seed = typeof opts.seed === "string" ? { path: opts.seed } : opts.seed;
    await runPath(seed.path, seed.args);
    log(`seeded with ${seed.path}`);
  }
  const stopCrons = opts.crons === false ? () => {} : await startCrons(engine);

  const replays = new ReplayCache();
  const sessions = new Set<Session>();
  const storage = new FileStorage({
    instance: engine.instance,
    store: async (blob) => (await engine.t.run((ctx) => ctx.storage.store(blob))) as string,
    committed: () => engine.deliverDirty(),
  });
  engine.storage = storage;
  const syncServer = http.createServer((req, res) => {
    if (!storage.handle(req, res)) void apiHandler(engine)(req, res);
  });
  const wss = new WebSocketServer({ noServer: true });
  syncServer.on("upgrade", (req, socket, head) => {
    if (!/^\/api\/[^/]+\/sync\/?$/.test((req.url ?? "").split("?")[0]!)) {
      return void socket.destroy();
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const session = new Session(ws, engine, replays);
      sessions.add(session);
      ws.on("message", (data: Buffer) => session.handle(data.toString("utf8")));
      ws.on("error", (e) => log(`socket error: ${e.message}`));
      ws.on("close", () => {
        session.close();
        sessions.delete(session);
      });
    });
  });
  const ping = realSetInterval(() => {
    for (const s of sessions) s.send({ type: "Ping" });
  }, opts.pingIntervalMs ?? 15_000);
  const siteServer = http.createServer((req, res) => void httpActionsHandler(engine)(req, res));

  const shutdown = async () => {
    realClearInterval(ping);
    stopCrons();
    for (const s of sessions) s.close();
    for (const ws of wss.clients) ws.terminate();
    wss.close();
    await Promise.all([close(syncServer), close(siteServer)]);
    await engine.stop();
  };
  let port: number, httpPort: number;
  try {
    port = await listen(syncServer, opts.port ?? 3210, host);
    httpPort = await listen(siteServer, opts.httpPort ?? 3211, host);
    storage.baseUrl = `http://${host}:${port}`;
  } catch (e) {
    // E.g. EADDRINUSE: don't leave crons and scheduled loops running behind a failed start.
    await shutdown();
    throw e;
  }
  // What a Convex deployment provides to its functions (`env.CONVEX_SITE_URL` builds the MatchZy
  // event URL, convex/model/push/status.ts), now that the ports are known; an explicit `env` wins.
  process.env.CONVEX_CLOUD_URL = opts.env?.CONVEX_CLOUD_URL ?? `http://${host}:${port}`;
  process.env.CONVEX_SITE_URL = opts.env?.CONVEX_SITE_URL ?? `http://${host}:${httpPort}`;
  return {
    url: `http://${host}:${port}`,
    siteUrl: `http://${host}:${httpPort}`,
    port,
    httpPort,
    runInternal,
    counts: () => {
      const c = { ...engine.counts };
      return { ...c, total: Object.values(c).reduce((a, b) => a + b, 0) };
    },
    sharedQueryHits: () => engine.sharedHits,
    onSharedQueryHit: (listener) => {
      engine.sharedHitListeners.add(listener);
      return () => void engine.sharedHitListeners.delete(listener);
    },
    concurrency: () => ({
      ...engine.concurrency.stats,
      conflictsBy: new Map(engine.concurrency.stats.conflictsBy),
    }),
    resetCounts: () => {
      engine.counts = Engine.zeroCounts();
      engine.sharedHits = 0;
      engine.concurrency.resetStats();
    },
    connections: () => sessions.size,
    t: engine.t,
    store: new Store(engine.instance),
    storage,
    stop: shutdown,
  };
}
