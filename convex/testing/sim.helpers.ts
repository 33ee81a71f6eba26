/**
 * Helpers for the simulator-backed Convex tests (`*.sim.test.ts`): the simulator and a seeded
 * world as they run them, waiting, stopping loops, and a stand-in site URL.
 */
import http from "node:http";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import type { AddressInfo } from "node:net";
import { seedServersFor } from "../../dev/sim/seed-servers";
import { startSimulator, type SimHandle, type SimulatorOptions } from "../../dev/sim/simulator";
import { internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { PUSH_OFF_URL } from "../lib/push";
import { matchSnapshotOf } from "../model/live/snapshots";
import { personas, setupTest, type TestConvex } from "../test.setup";

/** The simulator as these tests run it: quiet, with no clock of its own (tests advance it). */
export async function startTestSimulator(
  options: Pick<SimulatorOptions, "downtimeMs" | "servers"> = {},
) {
  return await startSimulator({ ephemeral: true, tickMs: 0, log: () => {}, ...options });
}

/**
 * A fresh convex-test instance with the simulator's servers seeded and the three personas. Once
 * each server's first poll is stored the loops are stopped (unless `keepLoops`), so only a test's
 * own calls reach the servers. `onCreate` sees the instance before anything runs on it (a site
 * forwarder's target).
 */
export async function seededWorld(
  sim: SimHandle,
  options: { onCreate?: (t: TestConvex) => void; keepLoops?: boolean } = {},
) {
  const t = setupTest();
  options.onCreate?.(t);
  const who = await personas(t);
  const ids = await t.mutation(internal.seed.defaultServers, { servers: seedServersFor(sim) });
  await eventually(
    () =>
      t.run(async (ctx) => {
        for (const id of ids) if (!(await matchSnapshotOf(ctx, id))) return false;
        return true;
      }),
    10_000,
  );
  if (!options.keepLoops) await stopLoops(t);
  return { t, who, ids };
}

/** Polls `fn` every 25 ms until it returns something truthy, or fails after `timeoutMs`. */
export async function eventually<T>(
  fn: () => Promise<T | null | undefined | false>,
  timeoutMs = 4000,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() - start > timeoutMs) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Kills every loop: cancels the pending ticks, and waits out the ticks in flight, since each of
 * those would store its result and schedule the next tick.
 */
export async function stopLoops(t: TestConvex, timeoutMs = 10_000): Promise<void> {
  await eventually(
    () =>
      t.run(async (ctx) => {
        let inFlight = 0;
        for (const job of await ctx.db.system.query("_scheduled_functions").collect()) {
          if (job.state.kind === "pending") await ctx.scheduler.cancel(job._id);
          if (job.state.kind === "inProgress") inFlight++;
        }
        return inFlight === 0;
      }),
    timeoutMs,
  );
}

/**
 * A real HTTP server standing in for the deployment's site URL (`CONVEX_SITE_URL`): the simulator
 * POSTs MatchZy events to it, and it forwards them to the current test's convex-test instance
 * (`current()`; 503 while there is none).
 */
export async function startSiteForwarder(
  current: () => TestConvex | null,
): Promise<{ url: string; stop(): Promise<void> }> {
  const site = http.createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string" && name !== "content-length" && name !== "host") {
          headers.set(name, value);
        }
      }
      const t = current();
      if (!t) return void res.writeHead(503).end();
      const response = await t.fetch(req.url ?? "/", {
        method: req.method,
        headers,
        body: body.length > 0 ? new Uint8Array(body) : undefined,
      });
      res.writeHead(response.status, { "Content-Type": "application/json" });
      res.end(Buffer.from(await response.arrayBuffer()));
    })().catch((error: unknown) => res.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(site.address() as AddressInfo).port}`,
    async stop() {
      site.closeAllConnections();
      await new Promise<void>((resolve) => site.close(() => resolve()));
    },
  };
}

/**
 * One poll of a server (players included), stored as the poller's own: at its current generation,
 * so the store is not dropped as a stray. The store plans the next poll: stop loops afterwards.
 */
export async function pollNow(t: TestConvex, serverId: Id<"servers">): Promise<void> {
  const generation = await t.run(
    async (ctx) =>
      (
        await ctx.db
          .query("pollers")
          .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
          .unique()
      )?.generation ?? -1,
  );
  await t.action(internal.poller.tick, {
    serverId,
    generation,
    target: (await t.query(internal.serverControl.targetOf, { serverId }))!.target,
    withPlayers: true,
  });
}

/**
 * The hooks of a test file whose tests need the simulator and a stand-in site URL (MatchZy posts
 * events to it and fetches match configs from it): both start once for the file; before each test
 * every server's remote log points nowhere and a fresh warmup begins (`eachTest` may add to it);
 * after each test the simulator is reset. `seeded()` gives a test its convex-test world, which the
 * site URL then forwards to.
 */
export function simulatorWithSite(eachTest?: (server: SimHandle["servers"][number]) => void) {
  let current: TestConvex | null = null;
  let site: Awaited<ReturnType<typeof startSiteForwarder>> | undefined;
  const env = {
    sim: undefined as unknown as SimHandle,
    siteUrl: "",
    async seeded() {
      return await seededWorld(env.sim, { onCreate: (t) => (current = t) });
    },
  };
  beforeAll(async () => {
    env.sim = await startTestSimulator();
    site = await startSiteForwarder(() => current);
    env.siteUrl = site.url;
    process.env.CONVEX_SITE_URL = site.url;
  });
  afterAll(async () => {
    delete process.env.CONVEX_SITE_URL;
    await site?.stop();
    await env.sim?.stop();
  });
  beforeEach(() => {
    for (const server of env.sim.servers) {
      // MatchZy (and the simulator) refuse an empty URL: point it where nothing listens.
      server.console.exec(`matchzy_remote_log_url "${PUSH_OFF_URL}"`);
      server.console.exec("mp_warmup_start");
      eachTest?.(server);
    }
  });
  afterEach(async () => {
    current = null;
    await env.sim.reset();
  });
  return env;
}
