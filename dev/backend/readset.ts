/**
 * Read and write sets for invalidation the way Convex bounds it: a query depends on the index
 * ranges it read and the documents it fetched by id, and a commit invalidates it only when a
 * written document's old or new value falls inside one of them. Reads that cannot be bounded
 * (full scans, counts, unknown shapes) depend on their whole table; reads of system tables or of
 * tables we cannot name depend on every write.
 *
 * A range is kept as the conjunction of its `withIndex` expressions on document fields
 * (`eq`* then `gt`/`gte` and/or `lt`/`lte`), compared in Convex's total value order. That is
 * exactly the set of documents the index range scans, whichever index it is on.
 */
import {
  CommitTsPlaceholder,
  compareValues,
  jsonToConvex,
  type JSONValue,
  type Value,
} from "convex/values";

type Op = "Eq" | "Gt" | "Gte" | "Lt" | "Lte";
const OPS = new Set<string>(["Eq", "Gt", "Gte", "Lt", "Lte"]);

/** A field value or query bound; `undefined` is a missing field (indexed, and sorted first). */
type Val = Value | undefined;

export interface RangeExpr {
  type: Op;
  fieldPath: string;
  value: Val;
}

export type Doc = Record<string, unknown>;

/** What one query execution read. */
export class ReadSet {
  /** Read something whose writes we cannot see (system tables, unknown tables): rerun on any write. */
  all = false;
  /**
   * `ignoreSystem`: reads of system tables are not recorded at all (a transaction's conflict
   * check: convex-test changes job states without a write we could see, so they cannot conflict).
   */
  constructor(private readonly opts: { ignoreSystem?: boolean } = {}) {}

  private skip(table: string | undefined) {
    return this.opts.ignoreSystem === true && table !== undefined && isSystem(table);
  }
  /** Tables read without a bound (full scans, counts, searches without filters). */
  readonly tables = new Set<string>();
  /** Index ranges read, by table, deduplicated by their JSON. */
  readonly ranges = new Map<string, Map<string, RangeExpr[]>>();
  /** Documents fetched by id (`db.get`), by table; a missing document depends on its id alone. */
  readonly ids = new Map<string, Set<string>>();

  readTable(table: string | undefined) {
    if (this.skip(table)) return;
    if (!table || isSystem(table)) this.all = true;
    else this.tables.add(table);
  }

  readRange(table: string, exprs: RangeExpr[], key: string) {
    if (this.skip(table)) return;
    if (isSystem(table)) return void (this.all = true);
    if (exprs.length === 0) return this.readTable(table);
    let byKey = this.ranges.get(table);
    if (!byKey) this.ranges.set(table, (byKey = new Map()));
    byKey.set(key, exprs);
  }

  readId(table: string | undefined, id: string) {
    if (this.skip(table)) return;
    if (!table || isSystem(table)) return void (this.all = true);
    let ids = this.ids.get(table);
    if (!ids) this.ids.set(table, (ids = new Set()));
    ids.add(id);
  }

  /**
   * Index ranges read as far as a query actually went (`.first()`, `.take(n)`, a page): a write
   * beyond the last document returned cannot change what it saw. Kept for transactions' conflict
   * checks, by stream id while the stream runs.
   */
  readonly scans: Scan[] = [];
  private readonly streams = new Map<number, Scan>();

  startScan(queryId: number, scan: Scan) {
    if (this.skip(scan.table)) return;
    this.scans.push(scan);
    this.streams.set(queryId, scan);
  }

  advanceScan(queryId: number, doc: Doc | null, done: boolean) {
    const scan = this.streams.get(queryId);
    if (!scan) return;
    if (doc) {
      scan.last = doc;
      scan.returned++;
    }
    // A stream that stops because it returned its `.take(n)`/`.first()` limit read only up to its
    // last document, not to the end of its range.
    if (done && (scan.limit === undefined || scan.returned < scan.limit)) scan.done = true;
  }

  touches(table: string): boolean {
    return (
      this.tables.has(table) ||
      this.ranges.has(table) ||
      this.ids.has(table) ||
      this.scans.some((s) => s.table === table)
    );
  }
}

/** An index range read in order, up to `last` (the whole range once `done`). */
export interface Scan {
  table: string;
  exprs: RangeExpr[];
  /** The index's fields; its key ends with `_creationTime` and `_id`. */
  fields: string[];
  desc: boolean;
  last?: Doc;
  done: boolean;
  /** The query's `.take(n)` (`.first()`: 1, `.unique()`: 2), if any, and how many it returned. */
  limit?: number;
  returned: number;
}

function compareKeys(a: Doc, b: Doc, fields: string[]): number {
  for (const f of [...fields, "_creationTime", "_id"]) {
    let c: number;
    try {
      c = compareValues(fieldValue(a, f), fieldValue(b, f));
    } catch {
      return 0; // cannot order: count it as read
    }
    if (c !== 0) return c;
  }
  return 0;
}

/** Whether `doc` lies in the part of the range the scan went through. */
function scanned(scan: Scan, doc: Doc): boolean {
  if (!inRange(scan.exprs, doc)) return false;
  if (scan.done) return true;
  if (!scan.last) return false;
  const c = compareKeys(doc, scan.last, scan.fields);
  return scan.desc ? c >= 0 : c <= 0;
}

/** A written document: every value it had around the write (old and new; absent = null). */
export interface WrittenDoc {
  table: string;
  id: string;
  versions: Doc[];
}

/** What commits since the last delivery wrote. */
export class WriteSet {
  /** Every table written. */
  readonly tables = new Set<string>();
  /** Tables written without knowing which documents ("*": a table we could not name). */
  readonly unbounded = new Set<string>();
  readonly docs: WrittenDoc[] = [];

  get empty() {
    return this.tables.size === 0;
  }

  addTable(table: string) {
    this.tables.add(table);
    this.unbounded.add(table);
  }

  addDoc(table: string, id: string, versions: Array<Doc | null>) {
    this.tables.add(table);
    this.docs.push({ table, id, versions: versions.filter((d): d is Doc => d !== null) });
  }

  merge(other: WriteSet) {
    for (const t of other.tables) this.tables.add(t);
    for (const t of other.unbounded) this.unbounded.add(t);
    this.docs.push(...other.docs);
  }
}

/** Whether any write may change what the reads saw. `undefined` reads: never ran, so yes. */
export function affects(reads: ReadSet | undefined, writes: WriteSet): boolean {
  if (writes.empty) return false;
  if (!reads || reads.all || writes.unbounded.has("*")) return true;
  for (const t of writes.unbounded) if (reads.touches(t)) return true;
  for (const t of reads.tables) if (writes.tables.has(t)) return true;
  for (const d of writes.docs) {
    if (reads.ids.get(d.table)?.has(d.id)) return true;
    for (const scan of reads.scans) {
      if (scan.table === d.table && d.versions.some((doc) => scanned(scan, doc))) return true;
    }
    const ranges = reads.ranges.get(d.table);
    if (!ranges) continue;
    for (const exprs of ranges.values()) {
      if (d.versions.some((doc) => inRange(exprs, doc))) return true;
    }
  }
  return false;
}

export function inRange(exprs: RangeExpr[], doc: Doc): boolean {
  return exprs.every((e) => holds(e, doc));
}

function holds(e: RangeExpr, doc: Doc): boolean {
  const v = fieldValue(doc, e.fieldPath);
  // A commit timestamp is resolved only when the transaction commits: assume it is inside.
  if (hasPlaceholder(v)) return true;
  let c: number;
  try {
    c = compareValues(v, e.value);
  } catch {
    return true; // a value we cannot order: invalidate rather than miss an update
  }
  switch (e.type) {
    case "Eq":
      return c === 0;
    case "Gt":
      return c > 0;
    case "Gte":
      return c >= 0;
    case "Lt":
      return c < 0;
    case "Lte":
      return c <= 0;
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" &&
  v !== null &&
  !Array.isArray(v) &&
  !(v instanceof ArrayBuffer) &&
  !(v instanceof CommitTsPlaceholder);

/** Convex's field path rule: dotted paths walk into objects; anything else is missing. */
function fieldValue(doc: Doc, fieldPath: string): Val {
  let v: unknown = doc;
  for (const part of fieldPath.split(".")) v = isPlainObject(v) ? v[part] : undefined;
  return v as Val;
}

function hasPlaceholder(v: unknown): boolean {
  if (v instanceof CommitTsPlaceholder) return true;
  if (Array.isArray(v)) return v.some(hasPlaceholder);
  return isPlainObject(v) && Object.values(v).some(hasPlaceholder);
}

const isSystem = (table: string) => table.startsWith("_");

/** A query bound or document as the syscall JSON carries it (`{$undefined: null}` = missing). */
export function fromJson(value: unknown): Val {
  if (isPlainObject(value) && "$undefined" in value) return undefined;
  return jsonToConvex(value as JSONValue);
}

export interface QuerySource {
  type?: string;
  tableName?: string;
  indexName?: string;
  order?: "asc" | "desc" | null;
  range?: Array<{ type?: string; fieldPath?: string; value?: unknown }>;
  filters?: Array<{ type?: string; fieldPath?: string; value?: unknown }>;
}

/** A query's operators after its source: `.filter()` expressions and the `.take(n)` limit. */
export interface QueryOperator {
  limit?: number;
  filter?: unknown;
}

/**
 * Records the read a `1.0/queryStream`/`1.0/queryPage` source describes. Order, limit, cursors and
 * `.filter()` are ignored: the whole range is the dependency (conservative; a `.first()` in real
 * Convex depends only on the part it scanned).
 */
export function recordQueryRead(reads: ReadSet, source: QuerySource | undefined) {
  const table = source?.tableName ?? source?.indexName?.split(".")[0];
  if (!source || !table) return void (reads.all = true);
  try {
    if (source.type === "IndexRange" && Array.isArray(source.range)) {
      const exprs = source.range.map((e) => expr(e));
      return reads.readRange(table, exprs, JSON.stringify(source.range));
    }
    if (source.type === "Search" && Array.isArray(source.filters)) {
      // Only the equality filters bound a search; the text part may match anything.
      const eqs = source.filters.filter((f) => f.type === "Eq");
      return reads.readRange(table, eqs.map(expr), JSON.stringify(["search", eqs]));
    }
  } catch {
    // An expression we do not understand: fall back to the whole table below.
  }
  reads.readTable(table);
}

/** The scan a `1.0/queryStream`/`1.0/queryPage` source starts, when its index is known. */
export function scanOf(
  source: QuerySource | undefined,
  indexFields: (indexName: string) => string[] | undefined,
  operators?: QueryOperator[],
): Scan | null {
  if (source?.type !== "IndexRange" || !source.indexName || !Array.isArray(source.range)) {
    return null;
  }
  const fields = indexFields(source.indexName);
  if (!fields) return null;
  try {
    return {
      table: source.indexName.split(".")[0]!,
      exprs: source.range.map((e) => expr(e)),
      fields,
      desc: source.order === "desc",
      done: false,
      limit: operators?.find((op) => typeof op.limit === "number")?.limit,
      returned: 0,
    };
  } catch {
    return null;
  }
}

function expr(e: { type?: string; fieldPath?: string; value?: unknown }): RangeExpr {
  if (!e.type || !OPS.has(e.type) || typeof e.fieldPath !== "string") {
    throw new Error(`unknown range expression ${JSON.stringify(e)}`);
  }
  return { type: e.type as Op, fieldPath: e.fieldPath, value: fromJson(e.value) };
}
