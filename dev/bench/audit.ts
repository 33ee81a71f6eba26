/**
 * Audit log at 100,000 entries: seeds the in-memory backend (the real convex/ functions on
 * convex-test's engine), then times one filtered page of `audit:list` (50 entries) per filter
 * and counts the documents its index range reads, next to what a whole-table scan would read.
 *
 *   npx tsx dev/bench/audit.ts [entries]
 */
import path from "node:path";
import { api } from "../../convex/_generated/api";
import type { Doc, Id } from "../../convex/_generated/dataModel";
import type { QueryCtx } from "../../convex/_generated/server";
import {
  auditIndexRange,
  matchesFilters,
  type AuditFilters,
} from "../../convex/model/auditFilters";
import { startBackend } from "../backend/server";
import { round } from "./util";

const ENTRIES = Number(process.argv[2] ?? 100_000);
const PAGE = 50;
const RUNS = 20;
const ACTIONS = ["ban", "kick", "unban", "changeMap", "command", "say", "toggle", "cvar"];
const USERS = Array.from({ length: 40 }, (_, i) => `user${i}`);
const OUTCOMES = ["success", "success", "success", "failure", "unauthorized"] as const;

const root = path.resolve(import.meta.dirname, "../..");
const backend = await startBackend({
  convexDir: path.join(root, "convex"),
  port: 0,
  httpPort: 0,
  crons: false,
  log: false,
});
const t = backend.t;
const t0 = performance.now();
const { serverIds, start } = await t.run(async (ctx) => {
  const ids: Id<"servers">[] = [];
  for (const key of ["s1", "s2", "s3", "s4"]) {
    ids.push(
      await ctx.db.insert("servers", {
        key,
        name: key,
        apiBaseUrl: "http://127.0.0.1:9",
        connectAddress: "127.0.0.1:27015",
        connectionType: "HTTP",
        disabled: true,
        order: ids.length,
      }),
    );
  }
  await ctx.db.insert("users", {
    tokenIdentifier: "https://bench|admin",
    username: "bench-admin",
    isAdmin: true,
  });
  const startAt = Date.UTC(2026, 0, 1);
  // Deterministic spread: every combination occurs, none is clustered in time.
  for (let i = 0; i < ENTRIES; i++) {
    await ctx.db.insert("auditLog", {
      at: startAt + i * 60_000,
      username: USERS[(i * 7) % USERS.length]!,
      identity: "admin",
      action: ACTIONS[(i * 3) % ACTIONS.length]!,
      serverId: ids[i % ids.length],
      outcome: OUTCOMES[(i * 11) % OUTCOMES.length]!,
      details: `entry ${i}`,
    });
  }
  return { serverIds: ids, start: startAt };
});
console.log(`seeded ${ENTRIES} audit entries in ${round((performance.now() - t0) / 1000)} s`);

const asAdmin = t.withIdentity({ subject: "admin", issuer: "https://bench" });
const middle = start + (ENTRIES / 2) * 60_000;
const cases: [string, AuditFilters][] = [
  ["no filter", {}],
  ["action", { action: "ban" }],
  ["user", { username: "user7" }],
  ["server", { serverId: serverIds[2] }],
  ["outcome", { outcome: "unauthorized" }],
  ["date range (1 day)", { from: middle, to: middle + 86_400_000 }],
  [
    "user + action + outcome + 30 days",
    {
      // The combination of one seeded entry, so it exists.
      username: USERS[(54_321 * 7) % USERS.length]!,
      action: ACTIONS[(54_321 * 3) % ACTIONS.length]!,
      outcome: OUTCOMES[(54_321 * 11) % OUTCOMES.length]!,
      from: middle - 30 * 86_400_000,
      to: middle,
    },
  ],
];

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
