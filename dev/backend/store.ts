/**
 * Direct access to convex-test's in-memory tables, for seeded benchmarks at deployment scale:
 *
 * - `insertMany` puts rows straight into a table (validated against the schema, with ids and
 *   creation times like an insert), a million in seconds where mutations would take hours;
 * - `indexed()` makes reads use sorted indexes (convex-test walks and sorts the whole database
 *   on every query), so a read of a 1,000,000-row table costs its range, not the table;
 * - `measure(fn)` counts what the reads inside `fn` cost the way a deployment's per-function
 *   limits count them: every document an index range handed over, those a `.filter()` dropped
 *   included, their bytes, and the index ranges (`db.get` and `db.query` calls) opened. Component
 *   reads (the aggregate's B-tree) count too: they run in the calling function's transaction.
 *
 * Only for benchmarks and their tests: `indexed()` replaces convex-test's query evaluation.
 */
// convex-test exports none of its internals; its own transaction metrics count index ranges.
import { TransactionMetricsTracker } from "convex-test/dist/transactionMetrics.js";
import { compareValues, convexToJson, type Value } from "convex/values";
import { readingBack } from "./engine";
import { fromJson } from "./readset";

type Doc = Record<string, unknown> & { _id: string; _creationTime: number };
type Writes = Record<string, Doc | null>;
interface RangeExpr {
  type: "Eq" | "Gt" | "Gte" | "Lt" | "Lte";
  fieldPath: string;
  value: unknown;
}
interface Query {
  source: {
    type: string;
    tableName?: string;
    indexName?: string;
    order?: "asc" | "desc" | null;
    range?: RangeExpr[];
  };
  operators: Array<{ filter?: unknown; limit?: number }>;
}
interface Resolved {
  sortedDocs: Doc[];
  filterFn: (doc: Doc) => boolean;
  limit: number | null;
  fieldPathsToSortBy: string[];
  order: "asc" | "desc";
}
/** The parts of convex-test's `DatabaseFake` this module uses (it exports none of them). */
interface DatabaseFake {
  _documents: Record<string, Doc>;
  _writes: Writes[];
  _nextQueryId: number;
  _queryResults: Record<number, unknown>;
  _lastCreationTime: number;
  _schema: {
    tables: Map<string, { indexes: Array<{ indexDescriptor: string; fields: string[] }> }>;
  } | null;
  _generateId(table: string): string;
  _validate(table: string, doc: Record<string, unknown>): void;
  _resolveQuerySource(query: Query): Resolved;
  get(table: string | undefined, id: string): Doc | null;
  startQuery(query: Query): number;
  queryNext(id: number): { value: Doc | null; done: boolean };
  commit(commitTs?: unknown): void;
  insert(table: string, value: unknown): string;
  patch(table: string, id: string, value: unknown): void;
  replace(table: string, id: string, value: unknown): void;
  delete(table: string, id: string): void;
}
/** convex-test's per-instance state (`Engine.instance`). */
export interface ConvexTestInstance {
  components: Record<string, { db: DatabaseFake }>;
}

/** What the reads of one measured call cost, as a deployment's limits count them. */
export interface ReadCost {
  /** Documents handed over by index ranges (filtered out or not) and by `db.get`. */
  documentsScanned: number;
  /** Of those, the ones the function received (after `.filter()`). */
  documentsReturned: number;
  /** Their size in bytes (as JSON: close to, not exactly, Convex's own measure). */
  bytesRead: number;
  /** Index ranges opened: each `db.query` and each `db.get`. */
  indexRanges: number;
}

const zeroCost = (): ReadCost => ({
  documentsScanned: 0,
  documentsReturned: 0,
  bytesRead: 0,
  indexRanges: 0,
});

const tableOf = (id: string) => /^\d+(.+)$/.exec(id)?.[1];

function sizeOf(doc: Doc): number {
  try {
    return JSON.stringify(doc).length;
  } catch {
    return JSON.stringify(convexToJson(doc as Value)).length;
  }
}

function fieldValue(doc: Doc, path: string): Value | undefined {
  let v: unknown = doc;
  for (const part of path.split(".")) {
    v =
      v && typeof v === "object" && !Array.isArray(v)
        ? (v as Record<string, unknown>)[part]
        : undefined;
  }
  return v as Value | undefined;
}

function compareKeys(a: Doc, b: Doc, fields: string[]): number {
  for (const f of fields) {
    const c = compareValues(fieldValue(a, f), fieldValue(b, f));
    if (c !== 0) return c;
  }
  return 0;
}

/** Where `doc` lies against a range: before it (-1), in it (0) or after it (1), in index order. */
function placeOf(doc: Doc, exprs: RangeExpr[]): number {
  for (const e of exprs) {
    const c = compareValues(fieldValue(doc, e.fieldPath), e.value as Value | undefined);
    switch (e.type) {
      case "Eq":
        if (c !== 0) return c;
        break;
      case "Gt":
        if (c <= 0) return -1;
        break;
      case "Gte":
        if (c < 0) return -1;
        break;
      case "Lt":
        if (c >= 0) return 1;
        break;
      case "Lte":
        if (c > 0) return 1;
        break;
    }
  }
  return 0;
}

/** The first position in `docs` whose place is at least `place`. */
function lowerBound(docs: Doc[], exprs: RangeExpr[], place: number): number {
  let lo = 0;
  let hi = docs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (placeOf(docs[mid]!, exprs) < place) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A query stream read lazily: documents are scanned only as far as the function reads. */
class LazyStream {
  private pos = 0;
  private returned = 0;
  constructor(private readonly r: Resolved) {}
  next(): { value: Doc | null; done: boolean } {
    if (this.r.limit !== null && this.returned >= this.r.limit) return { value: null, done: true };
    while (this.pos < this.r.sortedDocs.length) {
      const doc = this.r.sortedDocs[this.pos++]!;
      if (this.r.filterFn(doc)) {
        this.returned++;
        return { value: doc, done: false };
      }
    }
    return { value: null, done: true };
  }
}

/** The costs being measured now, in any store of the process. */
const measuring = new Set<ReadCost>();
let countingIndexRanges = false;

/** convex-test counts an index range where Convex does (each `db.get`, `db.query` and page):
 * count along with it, once per process. */
function countIndexRanges() {
  if (countingIndexRanges) return;
  countingIndexRanges = true;
  const proto = TransactionMetricsTracker.prototype as unknown as { trackIndexRange(): void };
  const track = proto.trackIndexRange;
  proto.trackIndexRange = function (this: unknown) {
    if (!readingBack.active) for (const cost of measuring) cost.indexRanges++;
    track.call(this);
  };
}

export class Store {
  private cost: ReadCost | null = null;
  private silent = 0;
  private readonly indexes = new Map<DatabaseFake, Map<string, Doc[]>>();
  /** Each table's document ids, walked from the whole database once, then kept up by commits. */
  private readonly tableIds = new Map<DatabaseFake, Map<string, Set<string>>>();

  constructor(private readonly instance: ConvexTestInstance) {}

  private db(component: string): DatabaseFake {
    const db = this.instance.components[component]?.db;
    if (!db) throw new Error(`no component "${component}"`);
    return db;
  }

  /** Rows into `table` of the app (or of `component`), as committed inserts; returns their ids. */
  insertMany(
    table: string,
    rows: Record<string, unknown>[],
    opts: {
      component?: string;
      creationTime?: (row: Record<string, unknown>, i: number) => number;
    } = {},
  ): string[] {
    const db = this.db(opts.component ?? "");
    const ids: string[] = [];
    for (const [i, row] of rows.entries()) {
      db._validate(table, row);
      const _id = db._generateId(table);
      const wanted = opts.creationTime?.(row, i) ?? Date.now();
      // Creation times are unique and only grow, as convex-test's inserts keep them.
      const _creationTime = Math.max(wanted, db._lastCreationTime + 0.001);
      db._lastCreationTime = _creationTime;
      db._documents[_id] = { ...row, _id, _creationTime };
      ids.push(_id);
    }
    for (const id of ids) this.track(db, id, true);
    this.dirty(db, table);
    return ids;
  }

  /** Makes every component's reads use sorted indexes and count into `measure`. */
  indexed(): this {
    for (const { db } of Object.values(this.instance.components)) this.patch(db);
    countIndexRanges();
    return this;
  }

  /** Runs `fn` and returns what the reads made in it cost (one call at a time). */
  async measure<T>(fn: () => Promise<T>): Promise<{ result: T; cost: ReadCost }> {
    if (this.cost) throw new Error("measure() calls do not nest");
    const cost = zeroCost();
    this.cost = cost;
    measuring.add(cost);
    try {
      return { result: await fn(), cost };
    } finally {
      this.cost = null;
      measuring.delete(cost);
    }
  }

  private dirty(db: DatabaseFake, table: string) {
    const cached = this.indexes.get(db);
    for (const key of cached?.keys() ?? []) if (key.startsWith(`${table}.`)) cached!.delete(key);
  }

  /**
   * Keeps a table's ids current after a write, so a read after a small commit costs that table's
   * rows, not a walk of the whole database (seconds a read at 200,000 rows).
   */
  private track(db: DatabaseFake, id: string, present: boolean) {
    const byTable = this.tableIds.get(db);
    if (!byTable) return;
    const table = tableOf(id)!;
    let ids = byTable.get(table);
    if (!ids) byTable.set(table, (ids = new Set()));
    if (present) ids.add(id);
    else ids.delete(id);
  }

  private idsOf(db: DatabaseFake, table: string): Iterable<string> {
    let byTable = this.tableIds.get(db);
    if (!byTable) {
      byTable = new Map();
      for (const id of Object.keys(db._documents)) {
        const t = tableOf(id)!;
        let ids = byTable.get(t);
        if (!ids) byTable.set(t, (ids = new Set()));
        ids.add(id);
      }
      this.tableIds.set(db, byTable);
    }
    return byTable.get(table) ?? [];
  }

  private fieldsOf(db: DatabaseFake, indexName: string): string[] | null {
    const [table, index] = indexName.split(".") as [string, string];
    if (index === "by_creation_time") return ["_creationTime", "_id"];
    if (index === "by_id") return ["_id"];
    const def = db._schema?.tables.get(table)?.indexes.find((i) => i.indexDescriptor === index);
    return def ? [...def.fields, "_creationTime", "_id"] : null;
  }

  /** The committed documents of an index in ascending key order (cached until a commit). */
  private sorted(db: DatabaseFake, indexName: string, fields: string[]): Doc[] {
    let cached = this.indexes.get(db);
    if (!cached) this.indexes.set(db, (cached = new Map()));
    let docs = cached.get(indexName);
    if (!docs) {
      const table = indexName.split(".")[0]!;
      // Keys taken once per document, not once per comparison (a million rows: ~20 million).
      const keyed = [...this.idsOf(db, table)]
        .map((id) => db._documents[id])
        .filter((d): d is Doc => d !== undefined)
        .map((doc) => ({ doc, key: fields.map((f) => fieldValue(doc, f)) }));
      keyed.sort((a, b) => {
        for (let i = 0; i < a.key.length; i++) {
          const c = compareValues(a.key[i], b.key[i]);
          if (c !== 0) return c;
        }
        return 0;
      });
      docs = keyed.map((k) => k.doc);
      cached.set(indexName, docs);
    }
    return docs;
  }

  /** The index with the running transaction's own writes laid over it. */
  private withPending(db: DatabaseFake, table: string, base: Doc[], fields: string[]): Doc[] {
    const pending = new Map<string, Doc | null>();
    for (const layer of db._writes) {
      for (const [id, doc] of Object.entries(layer)) {
        if (tableOf(id) === table) pending.set(id, doc);
      }
    }
    if (pending.size === 0) return base;
    const docs = base.filter((d) => !pending.has(d._id));
    for (const doc of pending.values()) {
      if (!doc) continue;
      let lo = 0;
      let hi = docs.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (compareKeys(docs[mid]!, doc, fields) < 0) lo = mid + 1;
        else hi = mid;
      }
      docs.splice(lo, 0, doc);
    }
    return docs;
  }

  private patch(db: DatabaseFake) {
    const original = {
      resolve: db._resolveQuerySource.bind(db),
      startQuery: db.startQuery.bind(db),
      queryNext: db.queryNext.bind(db),
      get: db.get.bind(db),
      commit: db.commit.bind(db),
    };
    /** convex-test's own `.filter()` and limit evaluation, over no documents (so no scan). */
    const compiled = (query: Query) => {
      const saved = [db._documents, db._writes] as const;
      db._documents = {};
      db._writes = [];
      try {
        return original.resolve({
          source: { type: "FullTableScan", tableName: "none" },
          operators: query.operators,
        });
      } finally {
        [db._documents, db._writes] = saved;
      }
    };
    const count = (doc: Doc) => {
      if (!this.cost) return;
      this.cost.documentsScanned++;
      this.cost.bytesRead += sizeOf(doc);
    };
    db._resolveQuerySource = (query) => {
      const { source } = query;
      const indexName =
        source.type === "FullTableScan"
          ? `${source.tableName}.by_creation_time`
          : source.type === "IndexRange"
            ? source.indexName
            : undefined;
      const fields = indexName ? this.fieldsOf(db, indexName) : null;
      if (!indexName || !fields) return this.counted(original.resolve(query), count);
      const table = indexName.split(".")[0]!;
      const all = this.withPending(db, table, this.sorted(db, indexName, fields), fields);
      const exprs = (source.range ?? []).map((e) => ({ ...e, value: fromJson(e.value) }));
      let docs = all.slice(lowerBound(all, exprs, 0), lowerBound(all, exprs, 1));
      if (source.order === "desc") docs = docs.reverse();
      const operators = compiled(query);
      return this.counted(
        {
          sortedDocs: docs,
          filterFn: operators.filterFn,
          limit: operators.limit,
          fieldPathsToSortBy: fields,
          order: source.order ?? "asc",
        },
        count,
      );
    };
    db.startQuery = (query) => {
      const id = db._nextQueryId++;
      db._queryResults[id] = new LazyStream(db._resolveQuerySource(query));
      return id;
    };
    db.queryNext = (id) => {
      const stream = db._queryResults[id];
      if (stream instanceof LazyStream) return stream.next();
      return original.queryNext(id);
    };
    db.get = (table, id) => {
      const doc = original.get(table, id);
      if (this.cost && this.silent === 0 && !readingBack.active) {
        if (doc) {
          count(doc);
          this.cost.documentsReturned++;
        }
      }
      return doc;
    };
    for (const write of ["insert", "patch", "replace", "delete"] as const) {
      const f = (db[write] as (...a: unknown[]) => unknown).bind(db);
      (db as unknown as Record<string, unknown>)[write] = (...args: unknown[]) => {
        this.silent++;
        try {
          return f(...args);
        } finally {
          this.silent--;
        }
      };
    }
    db.commit = (commitTs) => {
      const layer = db._writes.at(-1) ?? {};
      original.commit(commitTs);
      if (db._writes.length > 0) return;
      for (const [id, doc] of Object.entries(layer)) this.track(db, id, doc !== null);
      const tables = new Set(Object.keys(layer).map((id) => tableOf(id)!));
      for (const table of tables) this.dirty(db, table);
    };
  }

  /** `resolved` with a filter that counts every document it is asked about (a scanned one). */
  private counted(resolved: Resolved, count: (doc: Doc) => void): Resolved {
    const cost = () => this.cost;
    return {
      ...resolved,
      filterFn: (doc) => {
        count(doc);
        const kept = resolved.filterFn(doc);
        const c = cost();
        if (kept && c) c.documentsReturned++;
        return kept;
      },
    };
  }
}
