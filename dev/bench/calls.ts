/**
 * Two ways of counting the Convex function calls a deployment would be billed for, used side by
 * side by `npm run bench`:
 *
 * - `billedCalls(demo, from, to, counts)`: the backend's `counts()` (every client query run, per
 *   client and per rerun, every client mutation and action, crons) plus the scheduled runs found in
 *   `_scheduled_functions`, as the benchmark has always counted. convex-test runs an action's
 *   `ctx.runQuery`/`ctx.runMutation` without a syscall, so `counts()` does not see them; a scheduled
 *   fleet tick is therefore counted as its action plus one `runMutation` per server it polled.
 * - `CallTally`: counts every execution of every function in `convex/` by name, whoever started it
 *   (a client, the scheduler, a cron, an action's nested call), by wrapping the registered
 *   handlers that convex-test runs, plus the subscription updates the backend served from a run
 *   shared with other clients (`countSharedHits`): Convex bills each of those as a call too. Calls
 *   into components (the rate limiter, the workpool, the aggregate) are counted the same way, as
 *   `<component>/<module>:<name>`, and once more against the app function that made them
 *   (`live:heartbeat+components`), so a screen's figure can include what its calls cost inside
 *   components: Convex bills every function execution, a component's included.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildModulesMap, discoverComponents } from "../backend/modules";
import { splitUdfPath } from "../backend/protocol";
import type { BackendHandle } from "../backend/server";
import type { DemoHandle } from "../demo";

export const convexDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../convex");

/** Calls by function ("live:dashboard") and by function, server and view ("live:heartbeat s1 players"). */
export type TallySnapshot = ReadonlyMap<string, number>;

/** The suffix of the keys that count an app function's calls into components. */
export const COMPONENT_CALLS = "+components";

interface Registered {
  isQuery?: boolean;
  isMutation?: boolean;
  isAction?: boolean;
  _handler?: (ctx: unknown, args: unknown) => unknown;
}

export class CallTally {
  private readonly calls = new Map<string, number>();

  private bump(key: string) {
    this.calls.set(key, (this.calls.get(key) ?? 0) + 1);
  }

  /**
   * Wraps the handler of every registered function in `convex/`. The modules are loaded through
   * the same file URLs as the backend's modules map, so these are the very objects convex-test
   * resolves on every call.
   */
  static async install(): Promise<CallTally> {
    const tally = new CallTally();
    // The app function being run, so a component's call is also counted against it.
    const caller = new AsyncLocalStorage<{ udfPath: string; args: unknown }>();
    const wrap = async (prefix: string, dir: string, component: string | null) => {
      for (const [file, load] of Object.entries(buildModulesMap(dir, prefix))) {
        if (file.includes("_generated")) continue;
        const module = file.slice(prefix.length).replace(/\.[^./]+$/, "");
        for (const [name, value] of Object.entries(await load())) {
          const fn = value as Registered | null;
          if (!fn || typeof fn._handler !== "function") continue;
          if (!fn.isQuery && !fn.isMutation && !fn.isAction) continue;
          const original = fn._handler;
          if (component === null) {
            const udfPath = `${module}:${name}`;
            fn._handler = (ctx, args) => {
              tally.count(udfPath, args);
              return caller.run({ udfPath, args }, () => original(ctx, args));
            };
          } else {
            const udfPath = `${component}/${module}:${name}`;
            fn._handler = (ctx, args) => {
              tally.bump(udfPath);
              const from = caller.getStore();
              if (from) tally.count(from.udfPath + COMPONENT_CALLS, from.args);
              return original(ctx, args);
            };
          }
        }
      }
    };
    await wrap("./convex/", convexDir, null);
    for (const c of discoverComponents(path.join(convexDir, "convex.config.ts"))) {
      await wrap("./", c.dir, c.name);
    }
    return tally;
  }

  private count(udfPath: string, args: unknown) {
    this.bump(udfPath);
    const a = (args ?? {}) as {
      serverId?: unknown;
      serverKey?: unknown;
      view?: unknown;
      due?: unknown;
      viewerId?: unknown;
    };
    if (typeof a.serverId === "string") {
      this.bump(`${udfPath} ${a.serverId} ${typeof a.view === "string" ? a.view : "-"}`);
    }
    // The overlay reaches a server by its key (`/overlay/<key>`), not by its id.
    if (typeof a.serverKey === "string") this.bump(`${udfPath} key:${a.serverKey} -`);
    // The bench's own tabs name their kind in their viewer id (live.ts), so a heartbeat is
    // counted for the screen that sent it.
    const kind = typeof a.viewerId === "string" ? /^bench-(\w+?)-\d+$/.exec(a.viewerId) : null;
    if (kind) this.bump(`${udfPath} viewers:${kind[1]} -`);
    // A fleet tick counts once for every server it polled (a shared tick counts whole for each).
    if (Array.isArray(a.due)) {
      for (const d of a.due as Array<{ serverId?: unknown }>) {
        if (typeof d.serverId === "string") this.bump(`${udfPath} ${d.serverId} -`);
      }
    }
  }

  /** Also counts the updates `backend` serves from a query run shared by several clients. */
  countSharedHits(backend: BackendHandle): () => void {
    return backend.onSharedQueryHit((path, args) => {
      const { module, name } = splitUdfPath(path);
      this.count(`${module}:${name}`, args);
    });
  }

  snapshot(): TallySnapshot {
    return new Map(this.calls);
  }
}

/**
 * Calls between two snapshots: all of them (each component call once, under its own name), or of
 * the functions named in `only`.
 */
export function callsBetween(a: TallySnapshot, b: TallySnapshot, only?: string[]): number {
  let n = 0;
  for (const [key, count] of b) {
    if (key.includes(" ") || (only ? !only.includes(key) : key.endsWith(COMPONENT_CALLS))) continue;
    n += count - (a.get(key) ?? 0);
  }
  return n;
}

/** Calls of one function for one server (and one `view` argument, when given) between snapshots. */
export function serverCallsBetween(
  a: TallySnapshot,
  b: TallySnapshot,
  udfPath: string,
  serverId: string,
  view?: string,
): number {
  const prefix = `${udfPath} ${serverId} `;
  let n = 0;
  for (const [key, count] of b) {
    if (!key.startsWith(prefix) || (view !== undefined && key !== prefix + view)) continue;
    n += count - (a.get(key) ?? 0);
  }
  return n;
}

/** Per-function differences, largest first (for the human-readable output). */
export function topCalls(a: TallySnapshot, b: TallySnapshot, limit = 6): string {
  return [...b]
    .filter(([key]) => !key.includes(" ") && !key.endsWith(COMPONENT_CALLS))
    .map(([key, count]) => [key, count - (a.get(key) ?? 0)] as const)
    .filter(([, n]) => n > 0)
    .sort((x, y) => y[1] - x[1])
    .slice(0, limit)
    .map(([key, n]) => `${key} ${n}`)
    .join(", ");
}

type Job = { name: string; scheduledTime: number; state: { kind: string }; args: unknown[] };

/** A fleet tick is its action plus one store per server it polled; any other job is one call. */
const callsOfJob = (j: Job) =>
  j.name.includes("poller") && j.name.includes("fleetTick")
    ? 1 + ((j.args[0] as { due?: unknown[] } | undefined)?.due?.length ?? 0)
    : 1;

/**
 * The backend's way: `counts()` taken over the window, minus the scheduling operations it counted,
 * plus the scheduled runs that were due in the window (a fleet tick = 1 + its servers' stores).
 */
export async function billedCalls(
  demo: DemoHandle,
  from: number,
  to: number,
  counts: { total: number; scheduled: number },
): Promise<number> {
  const jobs = (await demo.backend.t.run(
    async (ctx) => await ctx.db.system.query("_scheduled_functions").collect(),
  )) as Job[];
  const scheduledRuns = jobs
    .filter((j) => j.state.kind === "success")
    .filter((j) => j.scheduledTime >= from && j.scheduledTime < to)
    .reduce((sum, j) => sum + callsOfJob(j), 0);
  return counts.total - counts.scheduled + scheduledRuns;
}

/** Subtracts two `counts()` results field by field. */
export function countsBetween<T extends object>(a: T, b: T): T {
  const before = a as Record<string, number>;
  return Object.fromEntries(
    Object.entries(b as Record<string, number>).map(([k, v]) => [k, v - (before[k] ?? 0)]),
  ) as T;
}
