/**
 * The convex-test instance plus what convex-test lacks for serving clients: which index ranges and
 * documents each query read and which documents a write touched, with their values before and
 * after (observed at the syscall layer, so writes from actions, scheduled functions and crons are
 * seen too), a logical commit clock, and per-kind execution counters.
 */
import { AsyncLocalStorage, AsyncResource } from "node:async_hooks";
import path from "node:path";
import { convexTest, type TestConvex } from "convex-test";
import { makeFunctionReference } from "convex/server";
import type { Value } from "convex/values";
import type { Identity } from "./auth";
import { Concurrency, type ConcurrencyOptions } from "./concurrency";
import {
  AppModules,
  buildModulesMap,
  discoverComponents,
  loadSchema,
  type AnySchema,
  type ComponentSpec,
} from "./modules";
import { encodeError, splitUdfPath, type Kind } from "./protocol";
import type { FileStorage } from "./storage";
import type { ConvexTestInstance } from "./store";
import {
  fromJson,
  ReadSet,
  recordQueryRead,
  scanOf,
  WriteSet,
  type Doc,
  type QueryOperator,
  type QuerySource,
} from "./readset";

type TableIndexes = { " indexes"?: () => Array<{ indexDescriptor: string; fields: string[] }> };

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
  query?: { source?: QuerySource; operators?: QueryOperator[] };
}

// convex-test ids are "<digits><tableName>".
const tableOfId = (id: unknown) => (typeof id === "string" ? /^\d+(.+)$/.exec(id)?.[1] : undefined);

function recordRead(reads: ReadSet, op: string, args: SyscallArgs) {
  if (op === "1.0/get") {
    if (typeof args.id === "string") reads.readId(args.table ?? tableOfId(args.id), args.id);
    else reads.all = true;
  } else if (op === "1.0/queryStream" || op === "1.0/queryPage") {
    recordQueryRead(reads, args.query?.source);
  } else if (op === "1.0/count") {
    reads.readTable(args.table);
  }
}

function observe(fn: unknown, op: string, json: string) {
  const reads = readSets.getStore();
  const engine = owners.get(fn);
  const txReads = engine?.concurrency.tx?.reads;
  if ((reads || txReads) && READ_OPS.has(op)) {
    const args = JSON.parse(json) as SyscallArgs;
    if (reads) recordRead(reads, op, args);
    // A transaction's index scans are recorded as far as they went (scanStarted/scanAdvanced).
    const scanned = engine?.knowsScan(args.query?.source) && op !== "1.0/get" && op !== "1.0/count";
    if (txReads && !scanned) recordRead(txReads, op, args);
  } else if (engine && SCHEDULE_OPS.has(op)) {
    if (!op.endsWith("cancel_job")) engine.counts.scheduled++;
    engine.wrote("_scheduled_functions");
  } else if (engine && op === "1.0/storageDelete") {
    engine.wrote("_storage");
  } else if (engine && NESTED_OPS.has(op)) {
    engine.counts.nested++;
  }
}

type AsyncSyscall = Syscalls["asyncSyscall"];
type Version = Doc | null | "unknown";

/** The document as the running transaction sees it, through the same syscall `db.get` uses.
 * convex-test runs a syscall's body synchronously up to its first await, so the value is taken
 * when this is called, even though it is read later. */
function versionOf(f: AsyncSyscall, table: string | undefined, id: string): Promise<Version> {
  readingBack.active = true;
  try {
    return f("1.0/get", JSON.stringify({ table, id })).then(
      (json) => (fromJson(JSON.parse(json)) as Doc | null) ?? null,
      () => "unknown" as const,
    );
  } finally {
    readingBack.active = false;
  }
}

/** Set while the engine reads a written document back: its bookkeeping, not the function's read
 * (`store.ts` leaves it out of what a function read). */
export const readingBack = { active: false };

/**
 * Runs a write and records the written document's value before and after it. The write itself is
 * issued synchronously, as without the hook; the caller's promise settles after the record, so a
 * mutation's writes are all recorded before it returns (and before its commit is delivered).
 * Several writes to one document record every value in between: a superset of (committed old,
 * committed new), which only widens invalidation.
 */
function observeWrite(engine: Engine, f: AsyncSyscall, op: string, json: string) {
  const args = JSON.parse(json) as SyscallArgs;
  const table = args.table ?? tableOfId(args.id);
  const before =
    op !== "1.0/insert" && typeof args.id === "string" ? versionOf(f, table, args.id) : null;
  const result = f(op, json);
  return result.then(async (res) => {
    const id = op === "1.0/insert" ? (JSON.parse(res) as { _id?: unknown })._id : args.id;
    if (!table || typeof id !== "string") {
      engine.wrote(table ?? "*");
      return res;
    }
    const versions = [await before, await versionOf(f, table, id)];
    if (versions.includes("unknown")) engine.wrote(table);
    else engine.wroteDoc(table, id, versions as Array<Doc | null>);
    return res;
  });
}

/** The engine whose convex-test instance runs the current function, if any. */
function currentEngine(): Engine | undefined {
  const g = globalThis as unknown as { Convex?: { [HOOKED]?: Syscalls } };
  try {
    return owners.get(g.Convex?.[HOOKED]?.asyncSyscall);
  } catch {
    return undefined; // outside any convex-test call
  }
}

const WRAPPED = Symbol.for("convex-backend.wrapped");

interface RegisteredHandler {
  isQuery?: boolean;
  isMutation?: boolean;
  isAction?: boolean;
  _handler?: (ctx: unknown, args: unknown) => Promise<unknown>;
  [WRAPPED]?: true;
}

/** The scheduled job this execution runs for (null for a client call), from its request metadata. */
async function scheduledJobOf(ctx: unknown): Promise<string | null> {
  const meta = (ctx as { meta?: { getRequestMetadata?: () => Promise<unknown> } }).meta;
  if (!meta?.getRequestMetadata) return null;
  const data = (await meta.getRequestMetadata()) as { scheduledFunctionId?: string | null };
  return data.scheduledFunctionId ?? null;
}

/** Shared query runs that asked who calls: their result is the caller's own. */
const identityReaders = new WeakSet<ReadSet>();

type Auth = { getUserIdentity: () => Promise<unknown> };

/** The query's `ctx` with an `auth` that notes, for the shared run, that it read the identity. */
function watchingIdentity(ctx: unknown): unknown {
  const reads = readSets.getStore();
  const auth = (ctx as { auth?: Auth }).auth;
  if (!reads || !auth) return ctx;
  const watched = new Proxy(auth, {
    get(target, prop) {
      if (prop === "getUserIdentity") {
        return () => {
          identityReaders.add(reads);
          return target.getUserIdentity();
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === "function" ? (value as () => unknown).bind(target) : value;
    },
  });
  return { ...(ctx as object), auth: watched };
}

/**
 * Gives every registered mutation and action of a loaded module (app or component) the
 * deployment's concurrency rules (concurrency.ts), and every query a note of whether it read the
 * identity (for shared runs). In place, once: the wrapper finds the engine of the call, and does
 * nothing for a convex-test instance no engine owns.
 */
export function wrapRegisteredFunctions(mod: Record<string, unknown>): Record<string, unknown> {
  for (const [name, value] of Object.entries(mod)) {
    const fn = value as RegisteredHandler | null;
    if (!fn || (typeof fn !== "function" && typeof fn !== "object") || fn[WRAPPED]) continue;
    const handler = fn._handler;
    if (typeof handler !== "function" || !(fn.isQuery || fn.isMutation || fn.isAction)) continue;
    fn[WRAPPED] = true;
    if (fn.isQuery) {
      fn._handler = (ctx, args) => handler(watchingIdentity(ctx), args);
      continue;
    }
    fn._handler = (ctx, args) => {
      const c = currentEngine()?.concurrency;
      if (!c) return handler(ctx, args);
      const job = () => scheduledJobOf(ctx);
      return fn.isMutation
        ? c.wrapMutation(name, handler, job)(ctx, args)
        : c.wrapAction(handler, job)(ctx, args);
    };
  }
  return mod;
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
      return (op: string, json: string) => {
        observe(f, op, json);
        const res = f(op, json);
        if (op === "1.0/queryStream") owners.get(f)?.scanStarted(json, res);
        return res;
      };
    },
    get asyncSyscall() {
      const f = inner.asyncSyscall;
      return (op: string, json: string) => {
        const engine = owners.get(f);
        if (engine && WRITE_OPS.has(op)) return observeWrite(engine, f, op, json);
        const storage = engine?.storage;
        if (storage && op === "1.0/storageGenerateUploadUrl") {
          return Promise.resolve(JSON.stringify(storage.uploadUrl()));
        }
        if (storage && op === "1.0/storageGetUrl") {
          const { storageId } = JSON.parse(json) as { storageId: string };
          return f(op, json).then((res) =>
            JSON.parse(res) === null ? res : JSON.stringify(storage.fileUrl(storageId)),
          );
        }
        observe(f, op, json);
        if (engine && (op === "1.0/queryStreamNext" || op === "1.0/queryPage")) {
          return f(op, json).then((res) => (engine.scanAdvanced(op, json, res), res));
        }
        return f(op, json);
      };
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

/**
 * convex-test keeps each instance's state (its TransactionManager among it) in the store it
 * enters with `AsyncLocalStorage.run` for every call, and exports none of it: take it from the
 * first such store `call` enters.
 */
type Instance = ConvexTestInstance & {
  transactionManager: Parameters<Concurrency["attach"]>[0];
};

async function captureInstance<T>(call: () => Promise<T>): Promise<Instance> {
  const proto = AsyncLocalStorage.prototype as unknown as {
    run: (store: unknown, ...rest: unknown[]) => unknown;
  };
  const run = proto.run;
  let found: Instance | undefined;
  proto.run = function (this: unknown, store: unknown, ...rest: unknown[]) {
    if (!found && store && typeof store === "object" && "transactionManager" in store) {
      found = store as Instance;
    }
    return run.call(this, store, ...rest);
  };
  let pending: Promise<T>;
  try {
    pending = call();
  } finally {
    proto.run = run;
  }
  await pending;
  if (!found) throw new Error("convex-test's instance state was not found (version change?)");
  return found;
}

const capitalize = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** One query execution shared by every session that asks for the same thing at the same ts. */
export type QueryOutcome = { ok: true; value: Value } | { ok: false; error: unknown };

interface SharedRun {
  outcome: Promise<QueryOutcome>;
  reads: ReadSet;
  /** Whose run it was (JSON of the identity): matters only if it read the identity. */
  identity: string;
}

export class Engine {
  /** Logical commit clock; sent to clients as Transition/MutationResponse `ts`. */
  ts = 0n;
  counts: FunctionCounts = Engine.zeroCounts();
  /** Executions saved by the shared query cache (each is still billed in `counts.query`). */
  sharedHits = 0;
  /** Told of every subscription update served from a shared run (benchmarks count them as calls). */
  readonly sharedHitListeners = new Set<(udfPath: string, args: Record<string, Value>) => void>();
  private shared = new Map<string, SharedRun>();
  private sharedTs = -1n;
  readonly listeners = new Set<(writes: WriteSet) => void>();
  private dirty = new WriteSet();
  private dirtyTimer: ReturnType<typeof setTimeout> | undefined;
  private syscalls: unknown[] = [];
  private stopped = false;
  readonly concurrency: Concurrency;
  /** convex-test's state for this engine: its databases (see `store.ts`). */
  instance!: ConvexTestInstance;
  /** Upload and file URLs served by the backend (`storage.ts`); convex-test's fakes without it. */
  storage: FileStorage | undefined;

  private constructor(
    readonly t: TestConvex<AnySchema>,
    readonly app: AppModules,
    readonly log: Logger,
    concurrency: ConcurrencyOptions,
  ) {
    this.concurrency = new Concurrency(
      concurrency,
      () => new Promise<void>((resolve) => realSetTimeout(resolve, 0)),
    );
  }

  static zeroCounts(): FunctionCounts {
    return { query: 0, mutation: 0, action: 0, scheduled: 0, cron: 0, http: 0, nested: 0 };
  }

  static async create(opts: {
    convexDir: string;
    components?: ComponentSpec[] | false;
    log: Logger;
    concurrency?: ConcurrencyOptions;
  }) {
    const app = new AppModules(opts.convexDir, wrapRegisteredFunctions);
    const t = convexTest(
      await loadSchema(opts.convexDir),
      app.map,
    ) as unknown as TestConvex<AnySchema>;
    const components =
      opts.components === false
        ? []
        : (opts.components ?? discoverComponents(path.join(opts.convexDir, "convex.config.ts")));
    const componentSchemas: Array<AnySchema | undefined> = [];
    for (const c of components) {
      componentSchemas.push(await loadSchema(c.dir));
      t.registerComponent(
        c.name,
        componentSchemas.at(-1) as AnySchema,
        buildModulesMap(c.dir, "./", wrapRegisteredFunctions),
      );
      opts.log(`component ${c.name} registered from ${path.relative(process.cwd(), c.dir)}`);
    }
    const engine = new Engine(t, app, opts.log, opts.concurrency ?? {});
    engine.learnIndexes(await loadSchema(opts.convexDir));
    for (const schema of componentSchemas) engine.learnIndexes(schema);
    installHooks();
    const instance = await captureInstance(() =>
      t.run(async () => {
        const raw = (globalThis as unknown as { Convex: { [HOOKED]: Syscalls } }).Convex[HOOKED];
        engine.syscalls = [raw.syscall, raw.asyncSyscall, raw.jsSyscall];
        return null;
      }),
    );
    engine.concurrency.attach(instance.transactionManager);
    engine.instance = instance;
    for (const f of engine.syscalls) owners.set(f, engine);
    return engine;
  }

  /** Fields of each index ("table.index"), app and components alike (tables by name). */
  private readonly indexFields = new Map<string, string[]>();

  learnIndexes(schema: AnySchema | undefined) {
    const tables = (schema as unknown as { tables?: Record<string, TableIndexes> } | undefined)
      ?.tables;
    for (const [table, def] of Object.entries(tables ?? {})) {
      this.indexFields.set(`${table}.by_creation_time`, []);
      this.indexFields.set(`${table}.by_id`, ["_id"]);
      for (const index of def[" indexes"]?.() ?? []) {
        this.indexFields.set(`${table}.${index.indexDescriptor}`, index.fields);
      }
    }
  }

  /** Whether a running transaction's read of `source` is recorded as a scan (so not whole). */
  knowsScan(source: QuerySource | undefined): boolean {
    return (
      this.concurrency.tx !== null && scanOf(source, (name) => this.indexFields.get(name)) !== null
    );
  }

  scanStarted(json: string, res: string) {
    const reads = this.concurrency.tx?.reads;
    if (!reads) return;
    const args = JSON.parse(json) as SyscallArgs;
    const scan = scanOf(
      args.query?.source,
      (name) => this.indexFields.get(name),
      args.query?.operators,
    );
    const { queryId } = JSON.parse(res) as { queryId?: number };
    if (scan && typeof queryId === "number") reads.startScan(queryId, scan);
  }

  scanAdvanced(op: string, json: string, res: string) {
    const reads = this.concurrency.tx?.reads;
    if (!reads) return;
    if (op === "1.0/queryStreamNext") {
      const { queryId } = JSON.parse(json) as { queryId: number };
      const { value, done } = JSON.parse(res) as { value: unknown; done: boolean };
      reads.advanceScan(queryId, (fromJson(value) as Doc | null) ?? null, done);
      return;
    }
    const args = JSON.parse(json) as SyscallArgs;
    const scan = scanOf(args.query?.source, (name) => this.indexFields.get(name));
    if (!scan) return;
    const { page, isDone } = JSON.parse(res) as { page: unknown[]; isDone: boolean };
    const last = page.length ? (fromJson(page[page.length - 1]) as Doc) : undefined;
    reads.scans.push({ ...scan, last, done: isDone });
  }

  /** A write to `table` whose documents are unknown: every reader of the table reruns. Called
   * from inside transactions: only record, and notify later from the root context. */
  wrote(table: string) {
    if (this.stopped) return;
    if (!table.startsWith("_")) this.concurrency.tx?.writes.addTable(table);
    this.dirty.addTable(table);
    this.dirtyTimer ??= defer(() => this.deliverDirty(), 5);
  }

  /** A write to one document, with its values around the write (null: did not exist). */
  wroteDoc(table: string, id: string, versions: Array<Doc | null>) {
    if (this.stopped) return;
    if (!table.startsWith("_")) this.concurrency.tx?.writes.addDoc(table, id, versions);
    this.dirty.addDoc(table, id, versions);
    this.dirtyTimer ??= defer(() => this.deliverDirty(), 5);
  }

  /** Hands what was written so far to subscribers. Synchronous, so a caller can order it
   * before sending a MutationResponse. */
  deliverDirty() {
    if (this.dirtyTimer) realClearTimeout(this.dirtyTimer);
    this.dirtyTimer = undefined;
    if (this.dirty.empty) return;
    const writes = this.dirty;
    this.dirty = new WriteSet();
    this.ts++;
    for (const l of this.listeners) l(writes);
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

  /**
   * A subscription's query, run once per (function, arguments) and commit timestamp and shared by
   * every session that needs it, as Convex's query cache does: 200 spectators of one tournament
   * cost one execution per change, not 200. A run that read the identity is shared only with the
   * same identity (Convex caches such a query per identity); one that never asked who calls is
   * shared by everyone, signed in or not. Each session is still counted as a call, because Convex
   * bills every client's update. A run that raced a write is harmless: the write's delivery bumps
   * `ts` and reruns every subscriber whose reads it touched.
   */
  async sharedQuery(
    udfPath: string,
    args: Record<string, Value>,
    opts: { identity?: Identity | undefined; allowInternal: boolean },
  ): Promise<{ outcome: QueryOutcome; reads: ReadSet }> {
    if (this.sharedTs !== this.ts) {
      this.shared.clear();
      this.sharedTs = this.ts;
    }
    const base = JSON.stringify([udfPath, args, opts.allowInternal]);
    const identity = JSON.stringify(opts.identity ?? null);
    const hit = (run: SharedRun) => {
      this.sharedHits++;
      this.counts.query++;
      for (const l of this.sharedHitListeners) l(udfPath, args);
      return run;
    };
    const start = (key: string) => {
      const reads = new ReadSet();
      const outcome = this.call("query", udfPath, args, { ...opts, reads }).then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      const run = { outcome, reads, identity };
      this.shared.set(key, run);
      return run;
    };
    let run = this.shared.get(base);
    if (!run) run = start(base);
    else {
      await run.outcome;
      if (!identityReaders.has(run.reads) || run.identity === identity) run = hit(run);
      else {
        const own = this.shared.get(`${base}|${identity}`);
        run = own ? hit(own) : start(`${base}|${identity}`);
      }
    }
    // The same outcome object for every session, so they can share its encoding too.
    return { outcome: await run.outcome, reads: run.reads };
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
