/**
 * The convex-test instance plus what convex-test lacks for serving clients: which tables each query
 * read and which a write touched (observed at the syscall layer, so writes from actions, scheduled
 * functions and crons are seen too), a logical commit clock, and per-kind execution counters.
 */
import { AsyncLocalStorage, AsyncResource } from "node:async_hooks";
import path from "node:path";
import { convexTest, type TestConvex } from "convex-test";
import { makeFunctionReference } from "convex/server";
import type { Value } from "convex/values";
import type { Identity } from "./auth";
import {
  AppModules,
  buildModulesMap,
  discoverComponents,
  loadSchema,
  type AnySchema,
  type ComponentSpec,
} from "./modules";
import { encodeError, splitUdfPath, type Kind } from "./protocol";

// Pitfall 1: inside a transaction convex-test makes these globals throwing stubs, and our own
// bookkeeping may run there (syscall hooks), so take the real ones at load time.
export const realSetTimeout = globalThis.setTimeout.bind(globalThis);
export const realClearTimeout = globalThis.clearTimeout.bind(globalThis);
export const realSetInterval = globalThis.setInterval.bind(globalThis);
export const realClearInterval = globalThis.clearInterval.bind(globalThis);

// Pitfall 2: a timer armed inside a convex-test function inherits its AsyncLocalStorage stores, and
// queries started from there count as nested ("Transaction not started"). Re-enter the root first.
export const inRoot = AsyncResource.bind((fn: () => void) => fn());
export const defer = (fn: () => void, ms = 0) => realSetTimeout(() => inRoot(fn), ms);

export interface ReadSet {
  tables: Set<string>;
  /** Read something whose writes we cannot see (system tables, unknown ids): rerun on any write. */
  all: boolean;
}

export interface FunctionCounts {
  query: number;
  mutation: number;
  action: number;
  /** Counted when scheduled (runAfter/runAt), since convex-test runs them out of our sight. */
  scheduled: number;
  cron: number;
  http: number;
  /** ctx.runQuery/runMutation/runAction from inside functions; billed as calls by Convex too. */
  nested: number;
}
type CountKey = keyof FunctionCounts;

export type Logger = (line: string) => void;

export interface CallOptions {
  identity?: Identity | undefined;
  allowInternal?: boolean;
  reads?: ReadSet;
  count?: CountKey;
}

type Syscalls = {
  syscall: (op: string, json: string) => string;
  asyncSyscall: (op: string, json: string) => Promise<string>;
  jsSyscall: (op: string, args: Record<string, unknown>) => unknown;
};

const HOOKED = Symbol.for("convex-backend.hooked");
const readSets = new AsyncLocalStorage<ReadSet>();
/** convex-test gives each instance its own syscall functions; they identify the owning engine. */
const owners = new Map<unknown, Engine>();

const WRITE_OPS = new Set(["1.0/insert", "1.0/shallowMerge", "1.0/replace", "1.0/remove"]);
const READ_OPS = new Set(["1.0/get", "1.0/queryStream", "1.0/queryPage", "1.0/count"]);
const SCHEDULE_OPS = new Set([
  "1.0/schedule",
  "1.0/actions/schedule",
  "1.0/cancel_job",
  "1.0/actions/cancel_job",
]);
const NESTED_OPS = new Set([
  "1.0/actions/query",
  "1.0/actions/mutation",
  "1.0/actions/action",
  "1.0/runUdf",
]);

interface SyscallArgs {
  table?: string;
  id?: string;
  query?: { source?: { tableName?: string; indexName?: string } };
}

function tableOf(args: SyscallArgs): string | undefined {
  if (args.table) return args.table;
  // convex-test ids are "<digits><tableName>".
  if (typeof args.id === "string") return /^\d+(.+)$/.exec(args.id)?.[1];
  const source = args.query?.source;
  return source?.tableName ?? source?.indexName?.split(".")[0];
}

function observe(fn: unknown, op: string, json: string) {
  const reads = readSets.getStore();
  const engine = owners.get(fn);
  if (READ_OPS.has(op) && reads) {
    const table = tableOf(JSON.parse(json) as SyscallArgs);
    if (!table || table.startsWith("_")) reads.all = true;
    else reads.tables.add(table);
  } else if (engine && WRITE_OPS.has(op)) {
    engine.wrote(tableOf(JSON.parse(json) as SyscallArgs) ?? "*");
  } else if (engine && SCHEDULE_OPS.has(op)) {
    if (!op.endsWith("cancel_job")) engine.counts.scheduled++;
    engine.wrote("_scheduled_functions");
  } else if (engine && NESTED_OPS.has(op)) {
    engine.counts.nested++;
  }
}

/** Pitfall 4: wrap the `Convex` global convex-test installs once per process; every Convex
 * function reaches the database through it, whoever started the function. */
function installHooks() {
  const g = globalThis as unknown as { Convex?: Syscalls & { [HOOKED]?: Syscalls } };
  const inner = g.Convex;
  if (!inner || inner[HOOKED]) return;
  g.Convex = {
    [HOOKED]: inner,
    get syscall() {
      const f = inner.syscall;
      return (op: string, json: string) => (observe(f, op, json), f(op, json));
    },
    get asyncSyscall() {
      const f = inner.asyncSyscall;
      return (op: string, json: string) => (observe(f, op, json), f(op, json));
    },
    get jsSyscall() {
      const f = inner.jsSyscall;
      return (op: string, args: Record<string, unknown>) => {
        if (op === "storage/storeBlob") owners.get(f)?.wrote("_storage");
        return f(op, args);
      };
    },
  };
}

const capitalize = (s: string) => s[0]!.toUpperCase() + s.slice(1);

export class Engine {
  /** Logical commit clock; sent to clients as Transition/MutationResponse `ts`. */
  ts = 0n;
  counts: FunctionCounts = Engine.zeroCounts();
  readonly listeners = new Set<(tables: Set<string>) => void>();
  private dirty = new Set<string>();
  private dirtyTimer: ReturnType<typeof setTimeout> | undefined;
  private syscalls: unknown[] = [];
  private stopped = false;

  private constructor(
    readonly t: TestConvex<AnySchema>,
    readonly app: AppModules,
    readonly log: Logger,
  ) {}

  static zeroCounts(): FunctionCounts {
    return { query: 0, mutation: 0, action: 0, scheduled: 0, cron: 0, http: 0, nested: 0 };
  }

  static async create(opts: {
    convexDir: string;
    components?: ComponentSpec[] | false;
    log: Logger;
  }) {
    const app = new AppModules(opts.convexDir);
    const t = convexTest(
      await loadSchema(opts.convexDir),
      app.map,
    ) as unknown as TestConvex<AnySchema>;
    const components =
      opts.components === false
        ? []
        : (opts.components ?? discoverComponents(path.join(opts.convexDir, "convex.config.ts")));
    for (const c of components) {
      t.registerComponent(
        c.name,
        (await loadSchema(c.dir)) as AnySchema,
        buildModulesMap(c.dir, "./"),
      );
      opts.log(`component ${c.name} registered from ${path.relative(process.cwd(), c.dir)}`);
    }
    const engine = new Engine(t, app, opts.log);
    installHooks();
    await t.run(async () => {
      const raw = (globalThis as unknown as { Convex: { [HOOKED]: Syscalls } }).Convex[HOOKED];
      engine.syscalls = [raw.syscall, raw.asyncSyscall, raw.jsSyscall];
      return null;
    });
    for (const f of engine.syscalls) owners.set(f, engine);
    return engine;
  }

  /** Called from inside transactions: only record, and notify later from the root context. */
  wrote(table: string) {
    if (this.stopped) return;
    this.dirty.add(table);
    this.dirtyTimer ??= defer(() => this.deliverDirty(), 5);
  }

  /** Hands the tables written so far to subscribers. Synchronous, so a caller can order it
   * before sending a MutationResponse. */
  deliverDirty() {
    if (this.dirtyTimer) realClearTimeout(this.dirtyTimer);
    this.dirtyTimer = undefined;
    if (this.dirty.size === 0) return;
    const tables = this.dirty;
    this.dirty = new Set();
    this.ts++;
    for (const l of this.listeners) l(tables);
  }

  /** Timestamp for a mutation that just committed; its writes are delivered first so any
   * Transition with ts >= this reflects them. */
  commitTs(): bigint {
    this.deliverDirty();
    return ++this.ts;
  }

  observeTs(ts: bigint) {
    // A client that outlived a previous server process must not see time go backwards.
    if (ts > this.ts) this.ts = ts;
  }

  accessor(identity?: Identity) {
    return identity ? this.t.withIdentity(identity) : this.t;
  }

  /** Runs a function by path with the checks the real backend applies to client calls. */
  async call(
    kind: Kind | "any",
    udfPath: string,
    args: Record<string, Value>,
    opts: CallOptions = {},
  ): Promise<Value> {
    const { module, name } = splitUdfPath(udfPath);
    const path = `${module}:${name}`;
    const actual = await this.app.kindOf(path, { allowInternal: opts.allowInternal ?? false });
    if (kind !== "any" && actual !== kind) {
      throw new Error(
        `Trying to execute ${path} as ${capitalize(kind)}, but it is defined as ${capitalize(actual)}.`,
      );
    }
    this.counts[opts.count ?? actual]++;
    const acc = this.accessor(opts.identity);
    const run = (): Promise<Value> =>
      actual === "query"
        ? acc.query(makeFunctionReference<"query">(path), args)
        : actual === "mutation"
          ? acc.mutation(makeFunctionReference<"mutation">(path), args)
          : acc.action(makeFunctionReference<"action">(path), args);
    try {
      return await (opts.reads ? readSets.run(opts.reads, run) : run());
    } catch (e) {
      this.log(`${actual} ${path} failed: ${encodeError(e).message}`);
      throw e;
    }
  }

  /** Cancels pending scheduled functions so self-rescheduling loops end with the server. */
  async stop() {
    this.stopped = true;
    if (this.dirtyTimer) realClearTimeout(this.dirtyTimer);
    this.listeners.clear();
    try {
      await this.t.run(async (ctx) => {
        for (const job of await ctx.db.system.query("_scheduled_functions").collect()) {
          if (job.state.kind === "pending") await ctx.scheduler.cancel(job._id);
        }
        return null;
      });
    } finally {
      for (const f of this.syscalls) owners.delete(f);
    }
  }
}
