/**
 * `npm run bench`: prints the figures the live view is judged by, measured on loopback against the
 * simulator and the in-memory backend (the real convex/ functions):
 *   1. game-server requests per minute with 1, 10 and 50 subscribed viewers (should not grow);
 *   2. Convex function calls per hour for one server, idle and watched;
 *   3. delay from a change on the game server to a subscribed client seeing it (median, p95).
 * Takes about five minutes. BENCH_QUICK=1 shortens every window (rougher figures).
 */
import { ConvexClient } from "convex/browser";
import WebSocket from "ws";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { startDemo, type DemoHandle } from "../demo";

const quick = process.env.BENCH_QUICK === "1";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function client(url: string) {
  return new ConvexClient(url, {
    webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
  });
}

interface Viewer {
  client: ConvexClient;
  stop(): Promise<void>;
}

/** A viewer as the panel's dashboard is one: one subscription, a heartbeat every 60 s. */
function viewer(url: string, serverId: Id<"servers">, n: number): Viewer {
  const c = client(url);
  const unsubs = [c.onUpdate(api.live.dashboard, { serverId }, () => {})];
  const viewerId = `bench-viewer-${n.toString().padStart(4, "0")}`;
  const beat = () =>
    void c.mutation(api.live.heartbeat, { serverId, viewerId, view: "dashboard" }).catch(() => {});
  beat();
  const timer = setInterval(beat, 60_000);
  return {
    client: c,
    async stop() {
      clearInterval(timer);
      unsubs.forEach((u) => u());
      await c.close();
    },
  };
}

function gameRequests(demo: DemoHandle, index: number): number {
  return demo.sim.servers[index]!.counters.snapshot().http;
}

async function requestsPerMinute(
  demo: DemoHandle,
  serverId: Id<"servers">,
  viewers: number,
  windowMs: number,
) {
  const vs = Array.from({ length: viewers }, (_, i) => viewer(demo.backend.url, serverId, i));
  await sleep(6_000); // let the first watcher's kick and the first fast ticks settle
  const before = gameRequests(demo, 0);
  await sleep(windowMs);
  const perMinute = ((gameRequests(demo, 0) - before) * 60_000) / windowMs;
  await Promise.all(vs.map((v) => v.stop()));
  return perMinute;
}

type Job = {
  name: string;
  args: Array<{ serverId?: string }>;
  scheduledTime: number;
  state: { kind: string };
};

async function finishedJobs(demo: DemoHandle): Promise<Job[]> {
  const jobs = (await demo.backend.t.run(
    async (ctx) => await ctx.db.system.query("_scheduled_functions").collect(),
  )) as Job[];
  return jobs.filter((j) => j.state.kind === "success");
}

const isTick = (j: Job) => j.name.includes("poller") && j.name.includes("tick");

/**
 * Scheduled runs happen inside convex-test, out of the backend's sight (it counts a job when it is
 * scheduled), so they are counted from `_scheduled_functions`: a poller tick is two billed calls
 * (the action and its `runMutation`), any other job one.
 */
function scheduledCallsBetween(jobs: Job[], from: number, to: number) {
  return jobs
    .filter((j) => j.scheduledTime >= from && j.scheduledTime < to)
    .reduce((sum, j) => sum + (isTick(j) ? 2 : 1), 0);
}

/** Median spacing of one server's poller ticks around the window: the tick rate, boundary-free. */
function medianTickGap(jobs: Job[], serverId: Id<"servers">, from: number, to: number) {
  const times = jobs
    .filter((j) => isTick(j) && j.args[0]?.serverId === serverId)
    .map((j) => j.scheduledTime)
    .filter((t) => t >= from - 70_000 && t < to)
    .sort((a, b) => a - b);
  const gaps = times.slice(1).map((t, i) => t - times[i]!);
  return gaps.length
    ? percentile(
        [...gaps].sort((a, b) => a - b),
        50,
      )
    : null;
}

async function callsPerHour(
  demo: DemoHandle,
  windowMs: number,
  watched: boolean,
  serverId: Id<"servers">,
) {
  const v = watched ? viewer(demo.backend.url, serverId, 9999) : null;
  if (watched) await sleep(6_000);
  demo.backend.resetCounts();
  const from = Date.now();
  await sleep(windowMs);
  const to = Date.now();
  const counts = demo.backend.counts();
  await v?.stop();
  const jobs = await finishedJobs(demo);
  const scheduledRuns = scheduledCallsBetween(jobs, from, to);
  const total = counts.total - counts.scheduled + scheduledRuns;
  const tickGapMs = medianTickGap(jobs, serverId, from, to);
  return {
    perHour: (total * 3_600_000) / windowMs,
    counts: { ...counts, scheduledRuns, total },
    tickGapMs,
  };
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Change the map on the simulator directly and time until a subscribed client shows it. */
async function updateLatency(demo: DemoHandle, serverId: Id<"servers">, samples: number) {
  const v = viewer(demo.backend.url, serverId, 7777);
  let latest = "";
  let seenAt = 0;
  const unsub = v.client.onUpdate(api.live.dashboard, { serverId }, ({ snapshot: r }) => {
    if (r && r.match.mapName !== latest) {
      latest = r.match.mapName;
      seenAt = performance.now();
    }
  });
  await sleep(6_000);
  const maps = [
    "de_nuke",
    "de_ancient",
    "de_dust2",
    "de_inferno",
    "de_mirage",
    "de_overpass",
    "de_train",
  ];
  const delays: number[] = [];
  for (let i = 0; i < samples; i++) {
    const map = maps.find((m) => m !== latest && m !== maps[(i + 3) % maps.length])!;
    // Random phase relative to the 5 s poll, as a real change would be.
    await sleep(Math.random() * 5_000);
    const changedAt = performance.now();
    demo.sim.servers[0]!.console.exec(`changelevel ${map}`);
    const deadline = changedAt + 15_000;
    while (latest !== map && performance.now() < deadline) await sleep(5);
    delays.push(latest === map ? seenAt - changedAt : Number.POSITIVE_INFINITY);
  }
  unsub();
  await v.stop();
  const sorted = [...delays].sort((a, b) => a - b);
  return {
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1)!,
    samples,
  };
}

async function main() {
  const demo = await startDemo({
    ephemeral: true,
    web: false,
    quiet: process.env.BENCH_VERBOSE !== "1",
  });
  try {
    const c = client(demo.backend.url);
    const servers = await c.query(api.servers.list, {});
    await c.close();
    const serverId = servers[0]!._id;
    const window = quick ? 15_000 : 60_000;

    const only = process.env.BENCH_ONLY; // "requests" | "calls" | "latency"
    if (!only || only === "requests") {
      console.log("1. Game-server requests per minute (server1, HTTP plugin API)");
      for (const n of [1, 10, 50]) {
        const rpm = await requestsPerMinute(demo, serverId, n, window);
        console.log(`   ${String(n).padStart(2)} viewers: ${rpm.toFixed(1)} requests/min`);
        await sleep(50_000); // presence expires (45 s): the next run starts from an idle server
      }
    }
    if (!only || only === "calls") {
      console.log("2. Convex function calls per hour, server1 alone (server2 disabled)");
      await demo.backend.runInternal("servers:write", {
        serverId: servers[1]!._id,
        disabled: true,
        username: "bench",
      });
      const idle = await callsPerHour(demo, quick ? 70_000 : 195_000, false, serverId);
      console.log(
        `   idle:    ${idle.perHour.toFixed(0)} calls/hour  ${JSON.stringify(idle.counts)}`,
      );
      if (idle.tickGapMs) {
        const steady = (2 * 3_600_000) / idle.tickGapMs + 6; // + the 10-minute watchdog cron
        console.log(
          `            one tick every ${(idle.tickGapMs / 1000).toFixed(1)} s → ${steady.toFixed(0)} calls/hour in steady state (2 per tick + watchdog)`,
        );
      }
      const watched = await callsPerHour(demo, window, true, serverId);
      console.log(
        `   watched by one viewer: ${watched.perHour.toFixed(0)} calls/hour  ${JSON.stringify(watched.counts)}`,
      );
    }
    if (!only || only === "latency") {
      console.log("3. Delay from a game-server change to a subscribed client");
      const lat = await updateLatency(demo, serverId, quick ? 5 : 20);
      console.log(
        `   median ${(lat.median / 1000).toFixed(2)} s, p95 ${(lat.p95 / 1000).toFixed(2)} s, max ${(lat.max / 1000).toFixed(2)} s over ${lat.samples} changes`,
      );
    }
  } finally {
    await demo.stop();
  }
}

await main();
process.exit(0);
