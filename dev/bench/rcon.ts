/**
 * What direct RCON costs (the demo's Server #3, a plain CS2 server reached without plugin or
 * proxy). Every RCON connection is made by a Node action (convex/rcon.ts), billed by memory-time
 * with a cold start, so the figures are:
 *   - Node actions per hour while one viewer watches the server, and how long each poll takes
 *     (connect, auth, status_json and four cvars, close);
 *   - per admin action: Convex calls, Node actions and the time until the admin has the answer.
 * Real time (no warped clock): the socket timeouts and the simulator's replies run as they would.
 */
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { saveServer } from "../../convex/model/servers/save";
import { buildModulesMap } from "../backend/modules";
import { seedServersFor } from "../sim/seed-servers";
import type { DemoHandle } from "../demo";
import { callsBetween, convexDir, type CallTally, type TallySnapshot } from "./calls";
import { viewer } from "./live";
import { client, demoAdminToken, percentile, sleep } from "./util";

export interface RconCost {
  windowMs: number;
  /** Node actions (any function of convex/rcon.ts) per hour while watched. */
  actionsPerHour: number;
  polls: number;
  pollMs: { p50: number; p95: number };
  /** Per admin action (a map change, a chat message), averaged. */
  adminAction: { calls: number; nodeActions: number; ms: { p50: number; p95: number } };
}

/** Wraps every function of convex/rcon.ts to time its runs (milliseconds, by function name). */
async function timeRconActions(): Promise<Map<string, number[]>> {
  const samples = new Map<string, number[]>();
  const modules = buildModulesMap(convexDir, "./convex/");
  const load = modules["./convex/rcon.ts"];
  if (!load) throw new Error("convex/rcon.ts not found");
  for (const [name, value] of Object.entries(await load())) {
    const fn = value as { _handler?: (ctx: unknown, args: unknown) => Promise<unknown> } | null;
    if (!fn || typeof fn._handler !== "function") continue;
    const original = fn._handler;
    fn._handler = async (ctx, args) => {
      const started = performance.now();
      try {
        return await original(ctx, args);
      } finally {
        const list = samples.get(name) ?? [];
        list.push(performance.now() - started);
        samples.set(name, list);
      }
    };
  }
  return samples;
}

/**
 * Takes the demo's direct-RCON server out of the way (disabled) so the other sections measure what
 * they always did, or puts it back as the demo seeded it. The idle fleets reuse its key.
 */
export async function directServer(demo: DemoHandle, enabled: boolean): Promise<Id<"servers">> {
  const seed = seedServersFor(demo.sim).find((s) => s.connectionType === "RCON");
  if (!seed) throw new Error("the demo has no direct-RCON server");
  const { rconPassword, ...server } = seed;
  const rows = await demo.backend.t.run(async (ctx) => await ctx.db.query("servers").collect());
  const row = rows.find((r) => r.key === server.key);
  if (!row) throw new Error(`no server ${server.key}`);
  await demo.backend.t.run((ctx) =>
    saveServer(ctx, {
      serverId: row._id,
      ...(enabled ? { server, rconPassword } : {}),
      disabled: !enabled,
    }),
  );
  return row._id as Id<"servers">;
}

const names = (b: TallySnapshot, keep: (name: string) => boolean) =>
  [...b.keys()].filter((k) => !k.includes(" ") && keep(k));
const nodeActions = (a: TallySnapshot, b: TallySnapshot) =>
  callsBetween(
    a,
    b,
    names(b, (k) => k.startsWith("rcon:")),
  );
/** The poller's and viewers' calls, which go on while the admin acts. */
const POLLING = /^(poller:|live:|rcon:poll$)/;
const adminCalls = (a: TallySnapshot, b: TallySnapshot) =>
  callsBetween(
    a,
    b,
    names(b, (k) => !POLLING.test(k)),
  );
const adminNodeActions = (a: TallySnapshot, b: TallySnapshot) =>
  callsBetween(
    a,
    b,
    names(b, (k) => k.startsWith("rcon:") && !POLLING.test(k)),
  );

function p50p95(values: number[]) {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted.length === 0
    ? { p50: NaN, p95: NaN }
    : { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

export async function directRconCost(
  demo: DemoHandle,
  tally: CallTally,
  { windowMs, adminActions }: { windowMs: number; adminActions: number },
): Promise<RconCost> {
  const serverId = await directServer(demo, true);
  const timings = await timeRconActions();
  const v = viewer(demo.backend.url, serverId, "dashboard", 9001, 60_000);
  await v.ready;
  // The loop's first ticks come from the heartbeat's kick; measure whole seconds after that.
  await sleep(2_000);
  const pollsBefore = (timings.get("poll") ?? []).length;
  const before = tally.snapshot();
  const started = performance.now();
  await sleep(windowMs);
  const elapsed = performance.now() - started;
  const after = tally.snapshot();
  await v.stop();
  const polls = (timings.get("poll") ?? []).slice(pollsBefore);

  const admin = client(demo.backend.url);
  admin.setAuth(async () => demoAdminToken());
  const durations: number[] = [];
  const actionsBefore = tally.snapshot();
  try {
    for (let i = 0; i < adminActions; i++) {
      const t0 = performance.now();
      if (i % 2 === 0) {
        const map = i % 4 === 0 ? "de_ancient" : "de_nuke";
        await admin.action(api.serverControl.changeMap, { serverId, map });
      } else {
        await admin.action(api.serverControl.say, { serverId, message: `bench ${i}` });
      }
      durations.push(performance.now() - t0);
    }
  } finally {
    await admin.close();
  }
  const actionsAfter = tally.snapshot();
  return {
    windowMs: Math.round(elapsed),
    actionsPerHour: (nodeActions(before, after) * 3_600_000) / elapsed,
    polls: polls.length,
    pollMs: p50p95(polls),
    adminAction: {
      calls: adminCalls(actionsBefore, actionsAfter) / adminActions,
      nodeActions: adminNodeActions(actionsBefore, actionsAfter) / adminActions,
      ms: p50p95(durations),
    },
  };
}
