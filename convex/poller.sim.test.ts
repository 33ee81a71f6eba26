/**
 * The shared poller against the real simulator over loopback: convex-test runs the real functions
 * (actions use real fetch), the simulator injects the faults.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { LIVE_UNWATCHED_INTERVAL_MS } from "./model/live/poller";
import { PLAYERS_INTERVAL_MS, WATCHED_INTERVAL_MS } from "./model/live/pollSchedule";
import { eventually, seededWorld, startTestSimulator, stopLoops } from "./testing/sim.helpers";
import type { TestConvex } from "./test.setup";
import type { SimHandle } from "../dev/sim/simulator";
import { matchSnapshotOf, statusOf } from "./model/live/snapshots";
import { serverByKey } from "./model/servers/records";

let sim: SimHandle;

beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => {
  await sim.stop();
});
afterEach(async () => {
  await sim.reset();
  // Every test starts from a fresh match in warmup (an idle server unless someone watches).
  for (const server of sim.servers) server.console.exec("mp_warmup_start");
});

/**
 * Seeds both servers and lets the first (scheduled) tick of each land: then both loops wait for
 * their next, idle tick and no tick is in flight (server2's goes through the proxy and RCON, so it
 * lands later than server1's, much later on a busy machine).
 */
async function seeded(): Promise<{ t: TestConvex; serverId: Id<"servers"> }> {
  const { t, ids } = await seededWorld(sim, { keepLoops: true });
  return { t, serverId: ids[0]! };
}

/** The server's loop state and the fleet's scheduled tick. */
async function poller(t: TestConvex, serverId: Id<"servers">) {
  return await t.run(async (ctx) => {
    const p = await ctx.db
      .query("pollers")
      .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
      .unique();
    const fleet = await ctx.db.query("pollerFleet").first();
    const job = fleet?.jobId ? await ctx.db.system.get(fleet.jobId) : null;
    return { ...p!, fleetJob: job };
  });
}

/** Runs the poll the loop planned for this server (its ticket, its players choice) at `clock`. */
async function plannedPollAt(t: TestConvex, serverId: Id<"servers">, clock: number) {
  const p = await poller(t, serverId);
  expect(p.nextPollAt).toBeDefined();
  await cancelPending(t);
  vi.setSystemTime(clock);
  const target = (await t.query(internal.serverControl.targetOf, { serverId }))!.target;
  await t.action(internal.poller.tick, {
    serverId,
    generation: p.generation,
    target,
    withPlayers: p.withPlayers ?? true,
  });
}

async function cancelPending(t: TestConvex) {
  await t.run(async (ctx) => {
    for (const job of await ctx.db.system.query("_scheduled_functions").collect()) {
      if (job.state.kind === "pending") await ctx.scheduler.cancel(job._id);
    }
  });
}

/** Runs the tick the poller expects next, right now (instead of waiting for its timer). */
async function tickNow(t: TestConvex, serverId: Id<"servers">) {
  const p = await poller(t, serverId);
  const target = (await t.query(internal.serverControl.targetOf, { serverId }))!.target;
  await t.action(internal.poller.tick, {
    serverId,
    generation: p.generation,
    target,
    withPlayers: true,
  });
}

async function status(t: TestConvex, serverId: Id<"servers">) {
  return await t.run((ctx) => statusOf(ctx, serverId));
}

describe("poller against the simulator", () => {
  test("stores what the simulator reports for both connection types", async () => {
    const { t, serverId } = await seeded();
    const match = (await t.query(internal.publicApi.serverSnapshot, { key: "server1" }))!;
    const wire = (await (await fetch(`${sim.servers[0]!.apiUrl}/match`)).json()) as {
      mapName: string;
      scoreCT: number;
    };
    expect(match.match).toMatchObject({ mapName: wire.mapName, scoreCT: wire.scoreCT });
    expect(match.online).toBe(true);
    expect(match.players.length).toBeGreaterThan(0);
    const proxied = await eventually(async () => {
      const s = await t.query(internal.publicApi.serverSnapshot, { key: "server2" });
      return s?.match ? s : null;
    });
    expect(proxied.match!.mapName).toBe(sim.servers[1]!.state().map);
    await stopLoops(t);
    expect(serverId).toBeTruthy();
  });

  test("goes offline → online → offline and recovers by itself", async () => {
    const { t, serverId } = await seeded();
    const server = sim.servers[0]!;
    expect((await status(t, serverId))!.online).toBe(true);
    await server.faults.set({ offline: true });
    await tickNow(t, serverId);
    const down = (await status(t, serverId))!;
    expect(down.online).toBe(false);
    expect(down.lastError).toMatch(/недоступний/);
    await server.faults.set({ offline: false });
    await tickNow(t, serverId);
    expect((await status(t, serverId))!.online).toBe(true);
    await server.faults.set({ errorRate: 1 });
    await tickNow(t, serverId);
    expect(await status(t, serverId)).toMatchObject({
      online: false,
      lastError: expect.stringMatching(/^API Error 500: /),
    });
    await server.faults.set({ errorRate: 0 });
    await tickNow(t, serverId);
    expect((await status(t, serverId))!.online).toBe(true);
    await stopLoops(t);
  });

  test("invalid JSON is an offline state with the spec's message, and keeps the last good data", async () => {
    const { t, serverId } = await seeded();
    const before = (await t.query(internal.publicApi.serverSnapshot, { key: "server1" }))!;
    await sim.servers[0]!.faults.set({ invalidJsonRate: 1 });
    await tickNow(t, serverId);
    expect(await status(t, serverId)).toMatchObject({
      online: false,
      lastError: "Invalid JSON response from server",
    });
    const after = (await t.query(internal.publicApi.serverSnapshot, { key: "server1" }))!;
    expect(after.match).toEqual(before.match);
    await stopLoops(t);
  });

  test("a server that never answers times out after about 4 s", async () => {
    const { t, serverId } = await seeded();
    await sim.servers[0]!.faults.set({ timeoutRate: 1 });
    const started = Date.now();
    await tickNow(t, serverId);
    expect(Date.now() - started).toBeLessThan(6000);
    expect(await status(t, serverId)).toMatchObject({
      online: false,
      lastError: "Сервер не відповів за 4 с",
    });
    await stopLoops(t);
  }, 15_000);

  test("writes nothing when nothing changed", async () => {
    const { t, serverId } = await seeded();
    const read = () =>
      t.run(async (ctx) => ({
        match: await matchSnapshotOf(ctx, serverId),
        status: await statusOf(ctx, serverId),
      }));
    const before = await read();
    await tickNow(t, serverId); // the simulator is paused (tickMs 0): same match, same totals
    const after = await read();
    expect(after.match!.updatedAt).toBe(before.match!.updatedAt);
    expect(after.status).toEqual(before.status);
    sim.advance(30); // thirty simulated seconds of play: scores and stats move
    await tickNow(t, serverId);
    expect((await read()).match!.updatedAt).toBeGreaterThan(before.match!.updatedAt);
    await stopLoops(t);
  });

  test("GOTV: the watch address follows tv_enable on the game server, over the plugin API and the proxy", async () => {
    const { t, serverId } = await seeded();
    const server2 = (await t.run((ctx) => serverByKey(ctx, "server2")))!._id;
    const watch = async () => {
      const targets = await t.query(api.live.connectTargets, {});
      const dashboard = await t.query(api.live.dashboard, { serverId });
      return {
        dashboard: dashboard.gotvAddress,
        connect: Object.fromEntries(targets.map((s) => [s.key, s.gotvAddress ?? null])),
      };
    };
    const [s1, s2] = sim.servers;
    const tvPort = (s: typeof s1) => Number(/= (\d+)/.exec(s!.console.exec("tv_port"))![1]);
    // Server1 broadcasts from the start, server2 does not.
    expect(await watch()).toEqual({
      dashboard: `127.0.0.1:${tvPort(s1)}`,
      connect: { server1: `127.0.0.1:${tvPort(s1)}`, server2: null },
    });
    try {
      s1!.console.exec("tv_enable 0");
      s2!.console.exec("tv_enable 1");
      await tickNow(t, serverId);
      await tickNow(t, server2);
      expect(await watch()).toEqual({
        dashboard: null,
        connect: { server1: null, server2: `127.0.0.1:${tvPort(s2)}` },
      });
      // An unchanged reading writes nothing.
      const before = await status(t, server2);
      await tickNow(t, server2);
      expect(await status(t, server2)).toEqual(before);
    } finally {
      s1!.console.exec("tv_enable 1");
      s2!.console.exec("tv_enable 0");
    }
    await stopLoops(t);
  });

  test("a second start finds the running loop and exits", async () => {
    const { t, serverId } = await seeded();
    // Nobody watches and the match is in warmup: the first tick ended the loop; start it again.
    expect(await t.mutation(internal.poller.ensure, { serverId })).toBe("started");
    expect(await t.mutation(internal.poller.ensure, { serverId })).toBe("running");
    expect(await t.mutation(internal.poller.ensure, { serverId })).toBe("running");
    const pending = await t.run(async (ctx) =>
      (await ctx.db.system.query("_scheduled_functions").collect()).filter(
        (j) => j.state.kind === "pending" && j.name.includes("poller"),
      ),
    );
    // One fleet tick, which polls this server once.
    expect(pending).toHaveLength(1);
    const due = (pending[0]!.args[0] as { due: { serverId: string }[] }).due;
    expect(due.filter((d) => d.serverId === serverId)).toHaveLength(1);
    await stopLoops(t);
  });

  test("a stray tick with an old ticket writes nothing and schedules nothing", async () => {
    const { t, serverId } = await seeded();
    const p = await poller(t, serverId);
    const target = (await t.query(internal.serverControl.targetOf, { serverId }))!.target;
    await sim.servers[0]!.faults.set({ offline: true });
    await t.action(internal.poller.tick, {
      serverId,
      generation: p.generation - 1,
      target,
      withPlayers: true,
    });
    expect((await status(t, serverId))!.online).toBe(true);
    const after = await poller(t, serverId);
    expect(after.generation).toBe(p.generation);
    expect(after.nextPollAt).toEqual(p.nextPollAt);
    await stopLoops(t);
  });

  test("while the player list is shown: /match and /summary every tick, /players every third (per-path counts over 12 ticks)", async () => {
    const { t, serverId } = await seeded();
    await t.run((ctx) =>
      ctx.db.insert("presence", {
        serverId,
        viewerId: "tab-123456789",
        expiresAt: Date.now() + 600_000,
        players: true,
      }),
    );
    // Drive the loop by hand: run each planned poll with the ticket and players choice the loop
    // gave it, so the poller's own players schedule decides every fetch.
    await tickNow(t, serverId);
    sim.servers[0]!.counters.reset();
    let clock = Date.now();
    for (let i = 0; i < 12; i++) {
      clock += WATCHED_INTERVAL_MS; // the 5 s the fleet tick would have waited
      await plannedPollAt(t, serverId, clock);
    }
    vi.useRealTimers();
    const counts = sim.servers[0]!.counters.snapshot().byEndpoint;
    expect(counts["GET /api/match"]).toBe(12);
    expect(counts["GET /api/summary"]).toBe(12);
    // Players were fetched just before the window, then every third tick (15 s): ticks 3, 6, 9, 12.
    expect(counts["GET /api/players"]).toBe(4);
    await stopLoops(t);
  });

  test("one sweep polls every idle server and gives a loop back to a watched one", async () => {
    const { t, serverId } = await seeded();
    await stopLoops(t);
    await tickNow(t, serverId); // warmup, nobody watching: out of the loop
    await stopLoops(t);
    expect((await poller(t, serverId)).nextPollAt).toBeUndefined();
    await t.run((ctx) =>
      ctx.db.insert("presence", {
        serverId,
        viewerId: "tab-123456789",
        expiresAt: Date.now() + 600_000,
      }),
    );
    sim.servers[0]!.counters.reset();
    sim.servers[1]!.counters.reset();
    expect(await t.action(internal.poller.sweep, {})).toMatchObject({ polled: 2, started: 1 });
    expect(sim.servers[0]!.counters.snapshot().byEndpoint["GET /api/match"]).toBe(1);
    const looping = await poller(t, serverId);
    expect(looping.nextPollAt).toBeDefined();
    expect(looping.fleetJob?.state.kind).toBe("pending");
    // server1 has its loop now; only server2 is left to the next sweep.
    expect(await t.action(internal.poller.sweep, {})).toMatchObject({ polled: 1, started: 0 });
    await stopLoops(t);
  });

  test("every 5 s while watched, every 30 s for an unwatched match in progress, no loop when idle", async () => {
    const { t, serverId } = await seeded();
    await tickNow(t, serverId); // warmup, nobody watching: the loop ends
    expect((await poller(t, serverId)).nextPollAt).toBeUndefined();

    await t.run((ctx) =>
      ctx.db.insert("presence", {
        serverId,
        viewerId: "tab-123456789",
        expiresAt: Date.now() + 150_000,
      }),
    );
    await tickNow(t, serverId);
    let p = await poller(t, serverId);
    expect(p.nextPollAt! - p.lastTickAt).toBe(WATCHED_INTERVAL_MS);

    // The viewer leaves while a match is on: followed every 30 s, players included.
    await t.run(async (ctx) => {
      for (const row of await ctx.db.query("presence").collect()) {
        await ctx.db.delete("presence", row._id);
      }
    });
    sim.advance(30); // past the 10 s warmup
    expect(sim.servers[0]!.state().phase).not.toBe("warmup");
    await cancelPending(t);
    await tickNow(t, serverId);
    p = await poller(t, serverId);
    expect(p.nextPollAt! - p.lastTickAt).toBe(LIVE_UNWATCHED_INTERVAL_MS);
    expect(p.withPlayers).toBe(true);
    await stopLoops(t);
  });

  test("the player list is fetched only while a tab shows it (or a match is in progress)", async () => {
    const { t, serverId } = await seeded();
    const { api } = await import("./_generated/api");
    const nextFetchesPlayers = async () => (await poller(t, serverId)).withPlayers;
    // A dashboard tab during warmup: match and totals only, every tick.
    await t.mutation(api.live.heartbeat, {
      serverId,
      viewerId: "tab-dashboard-1",
      view: "dashboard",
    });
    let clock = Date.now();
    for (let i = 0; i < 4; i++) {
      clock += WATCHED_INTERVAL_MS;
      await plannedPollAt(t, serverId, clock);
      expect(await nextFetchesPlayers()).toBe(false);
    }
    // A second tab opens the players tab: the loop fetches the list right away.
    await t.mutation(api.live.heartbeat, { serverId, viewerId: "tab-players-2", view: "players" });
    expect(await nextFetchesPlayers()).toBe(true);
    vi.useRealTimers();
    await stopLoops(t);
  });

  test("the first watcher starts an idle server's loop, one watched interval after its last tick", async () => {
    const { t, serverId } = await seeded();
    await tickNow(t, serverId); // idle: no loop
    expect((await poller(t, serverId)).nextPollAt).toBeUndefined();
    const { api } = await import("./_generated/api");
    await t.mutation(api.live.heartbeat, { serverId, viewerId: "viewer-abcdefgh" });
    const { fleetJob: kicked, lastTickAt } = await poller(t, serverId);
    expect(kicked!.scheduledTime).toBeLessThanOrEqual(lastTickAt + WATCHED_INTERVAL_MS + 50);
    await stopLoops(t);
  });

  test("a tab switching its view every 50 ms cannot make the server polled faster than a watched one", async () => {
    const { t, serverId } = await seeded();
    const { api } = await import("./_generated/api");
    await t.mutation(api.live.heartbeat, { serverId, viewerId: "toggler-123456", view: "players" });
    await eventually(async () => (await poller(t, serverId)).lastPlayersAt > 0, 10_000);
    sim.servers[0]!.counters.reset();
    const started = Date.now();
    for (let i = 0; i < 40; i++) {
      const view = i % 2 === 0 ? "other" : "players";
      await t.mutation(api.live.heartbeat, { serverId, viewerId: "toggler-123456", view });
      await new Promise((r) => setTimeout(r, 50));
    }
    await stopLoops(t);
    const elapsed = Date.now() - started;
    const counts = sim.servers[0]!.counters.snapshot().byEndpoint;
    // One tick per watched interval at most (plus the one that may be due as the window opens),
    // and the player list at most once per players interval.
    const ticks = Math.floor(elapsed / WATCHED_INTERVAL_MS) + 1;
    expect(counts["GET /api/match"] ?? 0).toBeLessThanOrEqual(ticks);
    expect(counts["GET /api/players"] ?? 0).toBeLessThanOrEqual(
      Math.floor(elapsed / PLAYERS_INTERVAL_MS) + 1,
    );
  });

  test("a returning viewer whose heartbeat expired counts as a first watcher again", async () => {
    const { t, serverId } = await seeded();
    await t.run((ctx) =>
      ctx.db.insert("presence", {
        serverId,
        viewerId: "viewer-returning",
        expiresAt: Date.now() - 1_000,
      }),
    );
    await tickNow(t, serverId); // nobody watching: idle, the loop ends
    expect((await poller(t, serverId)).nextPollAt).toBeUndefined();
    const { api } = await import("./_generated/api");
    await t.mutation(api.live.heartbeat, { serverId, viewerId: "viewer-returning" });
    const { fleetJob, lastTickAt } = await poller(t, serverId);
    expect(fleetJob!.scheduledTime).toBeLessThanOrEqual(lastTickAt + WATCHED_INTERVAL_MS + 50);
    await stopLoops(t);
  });

  test("disabling a server stops its loop", async () => {
    const { t, serverId } = await seeded();
    const p = await poller(t, serverId);
    const target = (await t.query(internal.serverControl.targetOf, { serverId }))!.target;
    await t.run((ctx) => ctx.db.patch("servers", serverId, { disabled: true }));
    await t.action(internal.poller.tick, {
      serverId,
      generation: p.generation,
      target,
      withPlayers: true,
    });
    expect((await poller(t, serverId)).nextPollAt).toBeUndefined();
    expect(await t.mutation(internal.poller.ensure, { serverId })).toBe("disabled");
    await stopLoops(t);
  });
});
