/**
 * What a deployment does that convex-test does not: mutations that run concurrently under
 * optimistic concurrency control, and a bounded number of scheduled functions running at once.
 *
 * convex-test runs one transaction at a time. We keep its lock (its database has one pending
 * layer) and give each top-level transaction the snapshot of the moment it asked to start, or of
 * `conflictWindowMs` before it got the lock if it waited longer: the commits in that window stand
 * for the transactions that would have run next to it on a deployment (where queries do not
 * queue with mutations, so a long wait here is not a long overlap there). When a
 * mutation's handler has run, its read set (the index ranges and ids it read, as for
 * subscriptions) is checked against every commit since its snapshot; on a conflict its writes are
 * rolled back, it queues again like a new request, and runs again, up to `maxConflictRetries`
 * times before it fails with Convex's error. Nothing can commit between that check and its own
 * commit: it holds the lock.
 *
 * A scheduled function (mutation or action, app or component) needs one of `scheduledSlots`
 * before its handler runs; a scheduled mutation waiting for one gives the lock back meanwhile, so
 * a full set of slots held by actions that call mutations cannot deadlock.
 *
 * The hooks work on convex-test's own objects: the per-instance TransactionManager (captured from
 * the store convex-test enters for each call) and the `_handler` of each registered function.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { ReadSet, WriteSet, affects } from "./readset";

export interface ConcurrencyOptions {
  /** Scheduled functions that may run at once (a deployment's limit); default 8. 0: no limit. */
  scheduledSlots?: number;
  /** Commit-time read-set checks with retries; default true. */
  occ?: boolean;
  /** Retries after a conflict before the mutation fails; default 4. */
  maxConflictRetries?: number;
  /** How long before taking the lock a transaction counts as running; default 50 ms. */
  conflictWindowMs?: number;
}

interface TransactionManager {
  begin(isNested: boolean, limits?: unknown): Promise<void>;
  commit(isNested: boolean): unknown;
  rollback(isNested: boolean): void;
}

/** The transaction holding convex-test's lock right now. */
export interface Transaction {
  /** Commits this transaction's reads are checked against: those after it asked to start. */
  snapshot: number;
  reads: ReadSet;
  writes: WriteSet;
  /** Set by the outermost wrapped handler; nested calls (components) leave it alone. */
  owned: boolean;
  limits: unknown;
}

interface Commit {
  seq: number;
  at: number;
  writes: WriteSet;
}

export interface ConcurrencyStats {
  /** Mutations run again after a conflict. */
  conflictRetries: number;
  /** Mutations that failed because conflicts repeated. */
  conflictFailures: number;
  /** Tables (and the function) of each conflict, for finding hot spots. */
  conflictsBy: Map<string, number>;
  /** Most scheduled functions running at once. */
  peakScheduled: number;
  /** Scheduled functions that had to wait for a slot. */
  slotWaits: number;
}

export const OCC_ERROR_PREFIX = "Documents read from or written to";

/** A counting semaphore, first come first served. */
class Slots {
  inUse = 0;
  private waiters: Array<() => void> = [];
  constructor(readonly limit: number) {}

  tryAcquire(): boolean {
    if (this.limit > 0 && this.inUse >= this.limit) return false;
    this.inUse++;
    return true;
  }

  async acquire(): Promise<void> {
    if (this.tryAcquire()) return;
    await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  release() {
    const next = this.waiters.shift();
    if (next) next();
    else this.inUse--;
  }
}

/** The scheduled job whose slot the current execution holds (nested calls share it). */
const slotOwner = new AsyncLocalStorage<string>();

export class Concurrency {
  tx: Transaction | null = null;
  readonly stats: ConcurrencyStats = {
    conflictRetries: 0,
    conflictFailures: 0,
    conflictsBy: new Map(),
    peakScheduled: 0,
    slotWaits: 0,
  };
  private seq = 0;
  private log: Commit[] = [];
  /** Snapshots of the transactions running or waiting for the lock (commits they may need). */
  private readonly active = new Set<{ snapshot: number }>();
  private readonly windowMs: number;
  private readonly slots: Slots;
  private readonly occ: boolean;
  private readonly maxRetries: number;
  private tm: TransactionManager | null = null;

  constructor(
    opts: ConcurrencyOptions,
    private readonly yieldToOthers: () => Promise<void>,
  ) {
    this.slots = new Slots(opts.scheduledSlots ?? 8);
    this.occ = opts.occ ?? true;
    this.maxRetries = opts.maxConflictRetries ?? 4;
    this.windowMs = opts.conflictWindowMs ?? 50;
  }

  get scheduledSlots() {
    return this.slots.limit;
  }

  /** Takes over convex-test's transaction manager for this instance. */
  attach(tm: TransactionManager) {
    this.tm = tm;
    const begin = tm.begin.bind(tm);
    const commit = tm.commit.bind(tm);
    const rollback = tm.rollback.bind(tm);
    tm.begin = async (isNested, limits) => {
      if (isNested) return begin(isNested, limits);
      const request = { snapshot: this.seq };
      this.active.add(request);
      try {
        await begin(false, limits);
      } finally {
        this.active.delete(request);
      }
      const windowStart = Date.now() - this.windowMs;
      let snapshot = request.snapshot;
      for (const c of this.log) if (c.seq > snapshot && c.at <= windowStart) snapshot = c.seq;
      this.tx = {
        snapshot,
        reads: new ReadSet({ ignoreSystem: true }),
        writes: new WriteSet(),
        owned: false,
        limits,
      };
      this.active.add(this.tx);
    };
    tm.commit = (isNested) => {
      const result = commit(isNested);
      if (!isNested) this.finish(true);
      return result;
    };
    tm.rollback = (isNested) => {
      rollback(isNested);
      if (!isNested) this.finish(false);
    };
  }

  private finish(committed: boolean) {
    const tx = this.tx;
    this.tx = null;
    if (!tx) return;
    this.active.delete(tx);
    if (committed && !tx.writes.empty) {
      this.log.push({ seq: ++this.seq, at: Date.now(), writes: tx.writes });
    }
    // Commits older than every running snapshot can no longer conflict with anything.
    let oldest = this.seq;
    for (const t of this.active) oldest = Math.min(oldest, t.snapshot);
    const keepFrom = this.log.findIndex((c) => c.seq > oldest);
    this.log = keepFrom === -1 ? [] : this.log.slice(keepFrom);
  }

  /** The first commit since `tx` asked to start that wrote something it read. */
  private conflictOf(tx: Transaction): Commit | undefined {
    return this.log.find((c) => c.seq > tx.snapshot && affects(tx.reads, c.writes));
  }

  /** Gives the lock back (dropping this transaction's writes), lets others run, queues again. */
  private async requeue(): Promise<Transaction> {
    const tm = this.tm!;
    const limits = this.tx?.limits;
    tm.rollback(false);
    await this.yieldToOthers();
    await tm.begin(false, limits);
    return this.tx!;
  }

  /** Wraps a registered mutation's handler: slot for a scheduled run, conflict check, retries. */
  wrapMutation<A extends unknown[]>(
    name: string,
    handler: (...args: A) => Promise<unknown>,
    scheduledJob: () => Promise<string | null>,
  ) {
    return async (...args: A): Promise<unknown> => {
      let tx = this.tx;
      if (!tx || tx.owned) return handler(...args);
      tx.owned = true;
      const job = await scheduledJob();
      const needsSlot = job !== null && slotOwner.getStore() !== job;
      if (needsSlot && !this.slots.tryAcquire()) {
        this.stats.slotWaits++;
        const limits = tx.limits;
        this.tm!.rollback(false);
        await this.slots.acquire();
        await this.tm!.begin(false, limits);
        tx = this.tx!;
        tx.owned = true;
      }
      if (needsSlot) this.stats.peakScheduled = Math.max(this.stats.peakScheduled, this.slotsInUse);
      const run = async () => {
        for (let attempt = 0; ; attempt++) {
          const result = await handler(...args);
          const conflict = this.occ ? this.conflictOf(tx!) : undefined;
          if (!conflict) return result;
          const tables = [...conflict.writes.tables].filter((t) => tx!.reads.touches(t));
          const key = `${name} × ${tables.join(",") || "?"}`;
          this.stats.conflictsBy.set(key, (this.stats.conflictsBy.get(key) ?? 0) + 1);
          if (attempt >= this.maxRetries) {
            this.stats.conflictFailures++;
            throw new Error(
              `${OCC_ERROR_PREFIX} the "${tables[0] ?? "?"}" table changed while this mutation ` +
                `(${name}) was being run and on every subsequent retry.`,
            );
          }
          this.stats.conflictRetries++;
          tx = await this.requeue();
          tx.owned = true;
        }
      };
      try {
        return await (needsSlot ? slotOwner.run(job, run) : run());
      } finally {
        if (needsSlot) this.slots.release();
      }
    };
  }

  /** Wraps a registered action's handler: a scheduled run waits for a slot. */
  wrapAction<A extends unknown[]>(
    handler: (...args: A) => Promise<unknown>,
    scheduledJob: () => Promise<string | null>,
  ) {
    return async (...args: A): Promise<unknown> => {
      const job = await scheduledJob();
      if (job === null || slotOwner.getStore() === job) return handler(...args);
      if (!this.slots.tryAcquire()) {
        this.stats.slotWaits++;
        await this.slots.acquire();
      }
      this.stats.peakScheduled = Math.max(this.stats.peakScheduled, this.slotsInUse);
      try {
        return await slotOwner.run(job, () => handler(...args));
      } finally {
        this.slots.release();
      }
    };
  }

  private get slotsInUse() {
    return this.slots.inUse;
  }

  /** Reads of the running transaction (for the conflict check). */
  recordsReads(): ReadSet | undefined {
    return this.tx?.reads;
  }

  resetStats() {
    this.stats.conflictRetries = 0;
    this.stats.conflictFailures = 0;
    this.stats.conflictsBy.clear();
    this.stats.peakScheduled = 0;
    this.stats.slotWaits = 0;
  }
}
