/**
 * What a fleet costs while nobody watches and no match is on. Such a server has no polling loop;
 * the cron sweep (convex/crons.ts) polls all idle servers together. Measured, per fleet size:
 *   - every call in a quiet window without a sweep (should be none: no stray loop, no job);
 *   - the calls of one sweep, run as the backend's cron emulation runs it (`engine.call` of the
 *     registered job's function with its arguments; here through `runInternal`, which differs
 *     only in the `counts()` key), a few times;
 * and the steady state = calls per sweep × sweeps per hour (from the job's schedule in the cron
 * registry) + the quiet window's calls per hour.
 */
import { saveServer } from "../../convex/model/servers/save";
import type { DemoHandle } from "../demo";
import { seedServersFor } from "../sim/seed-servers";
import {
  billedCalls,
  callsBetween,
  convexDir,
  countsBetween,
  topCalls,
  type CallTally,
} from "./calls";
import { buildModulesMap } from "../backend/modules";
import { sleep } from "./util";
import { getFunctionName } from "convex/server";
import { internal } from "../../convex/_generated/api";

interface CronJob {
  name: string;
  args: Array<Record<string, never>>;
  schedule: { type: string; minutes?: number; hours?: number; seconds?: number };
}

/** The idle sweep as convex/crons.ts registers it, and how many times an hour it runs. */
export async function sweepJob(): Promise<{ job: CronJob; perHour: number }> {
  const load = buildModulesMap(convexDir, "./convex/")["./convex/crons.ts"];
  const registry = (await load!())["default"] as { crons: Record<string, CronJob> };
  const jobs = Object.values(registry.crons).filter((j) => j.name.endsWith(":sweep"));
  if (jobs.length !== 1) throw new Error(`expected one sweep cron, found ${jobs.length}`);
  const job = jobs[0]!;
  // The bench runs the sweep by its typed reference: it must be the job the cron registers.
  if (job.name !== getFunctionName(internal.poller.sweep)) throw new Error(`sweep is ${job.name}`);
  const s = job.schedule;
  if (s.type !== "interval") throw new Error(`sweep schedule ${s.type} not handled`);
  const seconds = (s.hours ?? 0) * 3600 + (s.minutes ?? 0) * 60 + (s.seconds ?? 0);
  return { job, perHour: 3600 / seconds };
}

/** Both simulated servers in warmup that does not end: no match in progress. */
export function holdWarmup(demo: DemoHandle) {
  for (const s of demo.sim.servers) {
    s.console.exec("mp_warmup_pausetimer 1");
    s.console.exec("mp_warmup_start");
  }
}

/** Warmup runs out again (10 s) and matches go on; a long map, so no match ends mid-benchmark. */
export function resumePlay(demo: DemoHandle) {
  for (const s of demo.sim.servers) {
    s.console.exec("mp_maxrounds 100");
    s.console.exec("mp_warmup_pausetimer 0");
    s.console.exec("mp_warmup_end");
  }
}

/**
 * Server rows for a fleet of `size`: the demo's two, then copies under new keys that point at the
 * same two simulated servers (odd ones over the plugin API, even ones through the RCON proxy).
 */
export function fleetRows(demo: DemoHandle, size: number) {
  const [http, proxy] = seedServersFor(demo.sim);
  if (!http || !proxy) throw new Error("the demo must seed a plugin and a proxy server");
  return Array.from({ length: size }, (_, i) => ({
    ...(i % 2 === 0 ? http : proxy),
    key: `server${i + 1}`,
    name: `Server #${i + 1}`,
  }));
}

type PollerState = { serverId: string; nextPollAt?: number };

/** Waits until no enabled server is in the fleet loop (each seeded server is polled once and
 * handed over to the sweep). */
async function untilAllIdle(demo: DemoHandle, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const busy = await demo.backend.t.run(async (ctx) => {
      const servers = await ctx.db.query("servers").collect();
      const enabled = new Set(servers.filter((s) => !s.disabled).map((s) => s._id as string));
      let n = 0;
      for (const p of (await ctx.db.query("pollers").collect()) as PollerState[]) {
        if (enabled.has(p.serverId) && p.nextPollAt !== undefined) n++;
      }
      return n;
    });
    if (busy === 0) return;
    if (Date.now() > deadline) throw new Error(`${busy} server(s) still polled in a loop`);
    await sleep(200);
  }
}

export interface IdleResult {
  servers: number;
  windowMs: number;
  /** Calls in the quiet window that were not a sweep's, and the functions that made them. */
  otherCalls: number;
  otherFunctions: string;
  /** Sweeps the real cron ran during the quiet window (left out of `otherCalls`). */
  cronSweeps: number;
  /** Per sweep: every call (tally) and what `counts()` + scheduled runs saw. */
  sweeps: Array<{ calls: number; counted: number; polled: number; started: number }>;
  sweepsPerHour: number;
  perHour: number;
}

const SWEEP_FUNCTIONS = ["poller:sweep", "poller:sweepTargets", "poller:storeSweepResults"];

/** Seeds a fleet of `size` idle servers and measures what it costs per hour. */
export async function idleFleet(
  demo: DemoHandle,
  tally: CallTally,
  size: number,
  opts: { windowMs: number; sweeps: number },
): Promise<IdleResult> {
  const { perHour: sweepsPerHour } = await sweepJob();
  await demo.backend.runInternal(internal.seed.defaultServers, { servers: fleetRows(demo, size) });
  await untilAllIdle(demo);
  await sleep(300); // the last store's query reruns have been delivered

  const a = tally.snapshot();
  await sleep(opts.windowMs);
  const b = tally.snapshot();
  // A real cron sweep that happened to fall in the window counts as a sweep, not as "other".
  const otherCalls = callsBetween(a, b) - callsBetween(a, b, SWEEP_FUNCTIONS);
  const cronSweeps = callsBetween(a, b, ["poller:sweep"]);

  const sweeps: IdleResult["sweeps"] = [];
  for (let i = 0; i < opts.sweeps; i++) {
    const before = tally.snapshot();
    const counts = demo.backend.counts();
    const from = Date.now();
    const r = await demo.backend.runInternal(internal.poller.sweep);
    await sleep(50);
    const to = Date.now();
    const counted = await billedCalls(demo, from, to, countsBetween(counts, demo.backend.counts()));
    sweeps.push({
      calls: callsBetween(before, tally.snapshot()),
      counted,
      polled: r.polled,
      started: r.started,
    });
  }
  const perSweep = sweeps.reduce((s, x) => s + x.calls, 0) / sweeps.length;
  return {
    servers: size,
    windowMs: opts.windowMs,
    otherCalls,
    otherFunctions: topCalls(a, b),
    cronSweeps,
    sweeps,
    sweepsPerHour,
    perHour: perSweep * sweepsPerHour + (otherCalls * 3_600_000) / opts.windowMs,
  };
}

/** Disables every row but the demo's two (the fleet's copies would be polled during play). */
export async function keepDemoServers(demo: DemoHandle) {
  const rows = await demo.backend.t.run(async (ctx) => await ctx.db.query("servers").collect());
  for (const row of rows) {
    if (row.key === "server1" || row.key === "server2" || row.disabled) continue;
    await demo.backend.t.run((ctx) => saveServer(ctx, { serverId: row._id, disabled: true }));
  }
}
