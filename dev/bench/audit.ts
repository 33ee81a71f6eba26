/**
 * Audit log at 100,000 entries: seeds the in-memory backend (the real convex/ functions on
 * convex-test's engine), then times one filtered page of `audit:list` (50 entries) per filter
 * and counts the documents its index range reads, next to what a whole-table scan would read.
 *
 *   npx tsx dev/bench/audit.ts [entries]   (default 100,000; at most 3,000,000)
 */
import { api } from "../../convex/_generated/api";
import type { Doc } from "../../convex/_generated/dataModel";
import type { QueryCtx } from "../../convex/_generated/server";
import {
  auditIndexRange,
  matchesFilters,
  type AuditFilters,
} from "../../convex/model/audit/filters";
import {
  auditFilterCases,
  BENCH_ADMIN,
  insertAuditEntry,
  quietBackend,
  seedServersAndAdmin,
} from "./seeded";
import { countArg, exitWith, UsageError } from "./cli-args";
import { round } from "./util";

function entriesArg(argv: string[]): number {
  if (argv.length > 1) throw new UsageError(`зайві аргументи: ${argv.slice(1).join(" ")}`);
  return argv[0] === undefined ? 100_000 : countArg("entries", argv[0], 3_000_000);
}

let ENTRIES = 0;
try {
  ENTRIES = entriesArg(process.argv.slice(2));
} catch (error) {
  exitWith("bench:audit", error);
}
const PAGE = 50;
const RUNS = 20;
const backend = await quietBackend();
const t = backend.t;
const t0 = performance.now();
const serverIds = await t.run(seedServersAndAdmin);
for (let from = 0; from < ENTRIES; from += 5_000) {
  await t.run(async (ctx) => {
    for (let i = from; i < Math.min(ENTRIES, from + 5_000); i++) {
      await insertAuditEntry(ctx, i, serverIds);
    }
  });
}
console.log(`seeded ${ENTRIES} audit entries in ${round((performance.now() - t0) / 1000)} s`);

const asAdmin = t.withIdentity(BENCH_ADMIN);
const cases = auditFilterCases(ENTRIES, serverIds);

/** Documents one page reads: the index range, walked until the page is full. */
async function readsFor(ctx: QueryCtx, f: AuditFilters, scanAll: boolean) {
  const query = scanAll
    ? ctx.db.query("auditLog").withIndex("by_at").order("desc")
    : auditIndexRange(ctx, f).query;
  let read = 0;
  let matched = 0;
  for await (const e of query) {
    read++;
    if (matchesFilters(e as Doc<"auditLog">, f) && ++matched === PAGE) break;
  }
  return read;
}

console.log(`\none page of ${PAGE} at ${ENTRIES} entries (median of ${RUNS} runs):`);
console.log("filter | docs read (index) | docs read (table scan) | ms");
for (const [name, f] of cases) {
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    const res = await asAdmin.query(api.audit.list, {
      paginationOpts: { numItems: PAGE, cursor: null },
      filters: f,
    });
    times.push(performance.now() - s);
    rows = res.page.length;
  }
  times.sort((a, b) => a - b);
  const reads = await t.run((ctx) => readsFor(ctx, f, false));
  const scan = await t.run((ctx) => readsFor(ctx, f, true));
  console.log(
    `${name} | ${reads} | ${scan} | ${round(times[Math.floor(RUNS / 2)]!, 2)} (${rows} rows)`,
  );
}
await backend.stop();
