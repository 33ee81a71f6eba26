/* Pure pieces of the backend: cron parsing, demo JWT decoding, component discovery. */
import path from "node:path";
import { CommitTsPlaceholder } from "convex/values";
import { describe, expect, it } from "vitest";
import { identityFromJwt, makeDemoJwt } from "../../dev/backend/auth";
import { nextCronTime, parseCron } from "../../dev/backend/crons";
import { discoverComponents } from "../../dev/backend/modules";
import {
  affects,
  ReadSet,
  recordQueryRead,
  scanOf,
  WriteSet,
  type Doc,
  type QuerySource,
} from "../../dev/backend/readset";
import { fixtureDir } from "./helpers";

const at = (iso: string) => Date.parse(iso);
const next = (expr: string, from: string) =>
  new Date(nextCronTime(parseCron(expr), at(from))).toISOString();

describe("cron strings", () => {
  it("finds the next UTC minute for common forms", () => {
    expect(next("*/15 * * * *", "2025-01-01T10:07:30Z")).toBe("2025-01-01T10:15:00.000Z");
    expect(next("0 3 * * *", "2025-01-01T10:07:00Z")).toBe("2025-01-02T03:00:00.000Z");
    expect(next("30 9 * * 1-5", "2025-01-04T00:00:00Z")).toBe("2025-01-06T09:30:00.000Z"); // Sat → Mon
    expect(next("0 0 1 * *", "2025-01-15T00:00:00Z")).toBe("2025-02-01T00:00:00.000Z");
    expect(next("5,35 * * * *", "2025-01-01T10:06:00Z")).toBe("2025-01-01T10:35:00.000Z");
    expect(next("0 12 * * 7", "2025-01-01T00:00:00Z")).toBe("2025-01-05T12:00:00.000Z"); // 7 = Sunday
  });

  it("rejects what it does not understand instead of guessing", () => {
    expect(() => parseCron("0 0 * * MON")).toThrow(/unsupported/);
    expect(() => parseCron("* * * *")).toThrow(/5 fields/);
    expect(() => parseCron("99 * * * *")).toThrow(/out of range/);
  });
});

describe("demo JWTs", () => {
  it("maps claims to a Convex identity without verifying the signature", () => {
    const id = identityFromJwt(
      makeDemoJwt({
        iss: "https://issuer",
        sub: "s1",
        email: "a@b.c",
        given_name: "A",
        role: "admin",
      }),
    );
    expect(id).toEqual({
      subject: "s1",
      issuer: "https://issuer",
      tokenIdentifier: "https://issuer|s1",
      email: "a@b.c",
      givenName: "A",
      role: "admin",
    });
  });

  it("rejects tokens without a subject, unparseable or expired ones", () => {
    expect(() => identityFromJwt(makeDemoJwt({ iss: "x" }))).toThrow(/sub/);
    expect(() => identityFromJwt("a.b")).toThrow(/three segments/);
    expect(() => identityFromJwt(makeDemoJwt({ sub: "s" }, -10))).toThrow(/expired/);
  });
});

describe("component discovery", () => {
  it("follows convex.config.ts into nested components", () => {
    const found = discoverComponents(path.join(fixtureDir, "convex.config.ts"));
    expect(found.map((c) => c.name)).toEqual(["rateLimiter", "rateLimiter/batchWorker"]);
    expect(found[0]!.dir).toMatch(/rate-limiter[/\\]dist[/\\]component$/);
  });
});

describe("read and write sets", () => {
  const range = (index: string, ...range: object[]): QuerySource => ({
    type: "IndexRange",
    indexName: `t.${index}`,
    range: range as QuerySource["range"],
  });
  const readsOf = (...sources: QuerySource[]) => {
    const reads = new ReadSet();
    for (const s of sources) recordQueryRead(reads, s);
    return reads;
  };
  const write = (...versions: Array<Doc | null>) => {
    const w = new WriteSet();
    w.addDoc("t", "1t", versions);
    return w;
  };

  it("bounds index ranges in Convex's value order across types", () => {
    const gt5 = readsOf(range("by_x", { type: "Gt", fieldPath: "x", value: 5 }));
    expect(affects(gt5, write({ x: 6 }))).toBe(true);
    expect(affects(gt5, write({ x: 5 }))).toBe(false);
    expect(affects(gt5, write({ x: "a string" }))).toBe(true); // strings sort after numbers
    expect(affects(gt5, write({ x: null }))).toBe(false);
    expect(affects(gt5, write({}))).toBe(false); // a missing field sorts first
    expect(affects(gt5, write({ x: 1 }, { x: 9 }))).toBe(true); // moved in
    expect(affects(gt5, write({ x: 9 }, null))).toBe(true); // deleted from inside

    const eqMissing = readsOf(
      range(
        "by_a_b",
        { type: "Eq", fieldPath: "a", value: "k" },
        { type: "Eq", fieldPath: "b", value: { $undefined: null } },
      ),
    );
    expect(affects(eqMissing, write({ a: "k" }))).toBe(true);
    expect(affects(eqMissing, write({ a: "k", b: 1 }))).toBe(false);

    const nested = readsOf(range("by_n", { type: "Lte", fieldPath: "o.n", value: 2 }));
    expect(affects(nested, write({ o: { n: 2 } }))).toBe(true);
    expect(affects(nested, write({ o: { n: 3 } }))).toBe(false);
  });

  it("treats a commit timestamp not yet resolved as inside any range", () => {
    const reads = readsOf(
      range("by_ts", { type: "Lt", fieldPath: "ts", value: { $integer: "AQAAAAAAAAA=" } }),
    );
    expect(affects(reads, write({ ts: new CommitTsPlaceholder() }))).toBe(true);
  });

  it("falls back to the whole table, or to every write, for reads it cannot bound", () => {
    const full = readsOf({ type: "FullTableScan", tableName: "t" });
    expect(full.tables.has("t")).toBe(true);
    expect(affects(full, write({ anything: 1 }))).toBe(true);
    expect(readsOf(range("by_creation_time")).tables.has("t")).toBe(true);
    expect(
      readsOf(range("by_x", { type: "Between", fieldPath: "x", value: 1 })).tables.has("t"),
    ).toBe(true);
    expect(readsOf({ type: "FullTableScan", tableName: "_scheduled_functions" }).all).toBe(true);

    const bounded = readsOf(range("by_x", { type: "Eq", fieldPath: "x", value: 1 }));
    const unknownDocs = new WriteSet();
    unknownDocs.addTable("t");
    expect(affects(bounded, unknownDocs)).toBe(true);
    const elsewhere = new WriteSet();
    elsewhere.addTable("other");
    expect(affects(bounded, elsewhere)).toBe(false);
    const unnamed = new WriteSet();
    unnamed.addTable("*");
    expect(affects(bounded, unnamed)).toBe(true);
  });

  it("bounds a search by its equality filters only", () => {
    const reads = readsOf({
      type: "Search",
      indexName: "t.search_body",
      filters: [
        { type: "Search", fieldPath: "body", value: "hello" },
        { type: "Eq", fieldPath: "channel", value: "c1" },
      ],
    });
    expect(affects(reads, write({ channel: "c1", body: "no match, still invalidates" }))).toBe(
      true,
    );
    expect(affects(reads, write({ channel: "c2", body: "hello" }))).toBe(false);
  });

  it("depends on a fetched id alone, present or not", () => {
    const reads = new ReadSet();
    reads.readId("t", "1t");
    expect(affects(reads, write({ x: 1 }))).toBe(true);
    const other = new WriteSet();
    other.addDoc("t", "2t", [null, { x: 1 }]);
    expect(affects(reads, other)).toBe(false);
  });
});

describe("a transaction's scans (conflict checks)", () => {
  const writes = (...docs: Record<string, unknown>[]) => {
    const w = new WriteSet();
    for (const d of docs) w.addDoc("presence", String(d._id), [null, d]);
    return w;
  };
  const row = (id: string, expiresAt: number) => ({ _id: id, _creationTime: 1, expiresAt });

  const ahead = (operators?: Array<{ limit?: number }>) =>
    scanOf(
      {
        type: "IndexRange",
        indexName: "presence.by_expiresAt",
        range: [{ type: "Gt", fieldPath: "expiresAt", value: 100 }],
      },
      () => ["expiresAt"],
      operators,
    )!;

  it("a .first() depends only on the part of the range it went through", () => {
    const reads = new ReadSet({ ignoreSystem: true });
    // `.first()` is `.take(1)`: the stream returns one row, then ends because of its limit.
    reads.startScan(1, ahead([{ limit: 1 }]));
    reads.advanceScan(1, row("a", 150), false);
    reads.advanceScan(1, null, true);
    expect(affects(reads, writes(row("b", 500)))).toBe(false); // beyond the first row
    expect(affects(reads, writes(row("c", 120)))).toBe(true); // before it: a new first row
    expect(affects(reads, writes(row("d", 50)))).toBe(false); // outside the range
  });

  it("a scan that ends short of its limit, or has none, read its whole range", () => {
    const short = new ReadSet({ ignoreSystem: true });
    short.startScan(1, ahead([{ limit: 2 }]));
    short.advanceScan(1, row("a", 150), false);
    short.advanceScan(1, null, true); // one row where two were allowed: the range ended
    expect(affects(short, writes(row("b", 500)))).toBe(true);
    const empty = new ReadSet({ ignoreSystem: true });
    empty.startScan(2, ahead([{ limit: 1 }]));
    empty.advanceScan(2, null, true); // `.first()` found nothing: any new row changes that
    expect(affects(empty, writes(row("b", 500)))).toBe(true);
    const all = new ReadSet({ ignoreSystem: true });
    all.startScan(3, ahead());
    all.advanceScan(3, row("a", 150), false);
    all.advanceScan(3, null, true); // `.collect()`: to the end
    expect(affects(all, writes(row("b", 500)))).toBe(true);
  });

  it("descending scans and system tables", () => {
    const reads = new ReadSet({ ignoreSystem: true });
    const scan = scanOf(
      { type: "IndexRange", indexName: "presence.by_expiresAt", range: [], order: "desc" },
      () => ["expiresAt"],
    )!;
    reads.startScan(7, scan);
    reads.advanceScan(7, row("a", 150), false);
    expect(affects(reads, writes(row("b", 500)))).toBe(true);
    expect(affects(reads, writes(row("c", 120)))).toBe(false);
    reads.readId("_scheduled_functions", "1;_scheduled_functions");
    expect(reads.all).toBe(false);
  });
});
