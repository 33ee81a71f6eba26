/**
 * `npx tsx dev/bench/reads.ts [--sanctions 100000] [--tournaments 10000] [--audit 1000000]`: a
 * seeded count (not a timing) of what the reads that grow with the moderation history, the
 * tournaments and the audit log cost at scale, against a deployment's per-function limits
 * (32,000 documents scanned, 16 MiB read). It fills the in-memory backend (the real convex/
 * functions on convex-test's engine), calls each public read as the panel does, and reports what
 * convex-test's transaction metrics counted for the call: documents, bytes and index ranges read.
 * These reads filter nothing out, so what they return is what they scan; the audit pages do
 * filter, and their scans are walked separately (below).
 *
 * Seeded: `--sanctions` records over 20,000 players, the 64 busiest (all on one server now)
 * holding two thirds of them, every fourth a ban (the newest per player and server stays in
 * force); `--tournaments`, all but 20 archived; `--audit` entries a minute apart, every filter
 * value spread evenly (dev/bench/audit.ts times the same pages).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FunctionReference } from "convex/server";
import type { Value } from "convex/values";
import { api, internal } from "../../convex/_generated/api";
import type { Doc, Id } from "../../convex/_generated/dataModel";
import type { MutationCtx } from "../../convex/_generated/server";
import { DEFAULT_MODERATION_SETTINGS } from "../../convex/lib/moderationDefaults";
import { vPlayer } from "../../convex/lib/validators";
import { AUDIT_SCAN_ROWS, auditIndexRange, matchesFilters } from "../../convex/model/auditFilters";
import { createTournament } from "../../convex/model/tournament";
import { presetFormat } from "../../convex/lib/tournamentPresets";
import { applyToBansInForce, writeModerationSettings } from "../../convex/model/sanctions";
import { startBackend } from "../backend/server";
import { auditFilterCases, BENCH_ADMIN, insertAuditEntry, seedServersAndAdmin } from "./seeded";
import { round } from "./util";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const argv = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const at = argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(argv[at + 1]) : fallback;
  if (!Number.isSafeInteger(value) || value < 0) {
    console.error(`--${name}: очікується ціле невід'ємне число`);
    process.exit(2);
  }
  return value;
};
const SANCTIONS = flag("sanctions", 100_000);
const AUDIT = flag("audit", 1_000_000);
const TOURNAMENTS = flag("tournaments", 10_000);
const PLAYERS = 20_000;
const HOT = 64;
/** Records of each of the 64 busiest players: together about two thirds of the history. */
const HOT_RECORDS = Math.floor((SANCTIONS * 0.64) / HOT);
/** Rows per seeding transaction, so no single write is large. */
const BATCH = 5_000;
const LIMITS = { documentsRead: 32_000, bytesRead: 16 * 2 ** 20 };

const NUMERIC_PLAYER_FIELDS = Object.entries(vPlayer.fields)
  .filter(([, validator]) => validator.kind === "float64")
  .map(([field]) => field);
const steamIdOf = (i: number) => String(76561198000000000n + BigInt(i));

const backend = await startBackend({
  convexDir: path.join(root, "convex"),
  port: 0,
  httpPort: 0,
  crons: false,
  log: false,
});
const t = backend.t;
const asAdmin = t.withIdentity(BENCH_ADMIN);
const started = performance.now();

const serverIds = await t.run(async (ctx) => {
  const ids = await seedServersAndAdmin(ctx);
  // The 64 busiest players are on server s1 now: the moderators' flags look each of them up.
  await ctx.db.insert("playerSnapshots", {
    serverId: ids[0]!,
    updatedAt: Date.now(),
    players: Array.from(
      { length: HOT },
      (_, i) =>
        ({
          ...Object.fromEntries(NUMERIC_PLAYER_FIELDS.map((f) => [f, 0])),
          steamId: steamIdOf(i),
          name: `hot${i}`,
          team: "Counter-Terrorist" as const,
          firstSeen: "2026-01-01",
          lastSeen: "2026-01-01",
          lastWeaponUsed: "ak47",
        }) as Doc<"playerSnapshots">["players"][number],
    ),
  });
  return ids as Id<"servers">[];
});
await t.run((ctx) =>
  writeModerationSettings(ctx, { ...DEFAULT_MODERATION_SETTINGS, publicBanList: true }),
);

const start = Date.UTC(2026, 0, 1);
async function seed(total: number, row: (ctx: MutationCtx, i: number) => Promise<unknown>) {
  for (let from = 0; from < total; from += BATCH) {
    await t.run(async (ctx) => {
      for (let i = from; i < Math.min(total, from + BATCH); i++) await row(ctx, i);
    });
  }
}

/** Record `i`: the first HOT × HOT_RECORDS belong to the busiest players, the rest spread out. */
const playerOf = (i: number) =>
  i < HOT * HOT_RECORDS ? i % HOT : HOT + ((i * 7919) % (PLAYERS - HOT));
await seed(SANCTIONS, async (ctx, i) => {
  const steamId = steamIdOf(playerOf(i));
  const serverId = serverIds[i % serverIds.length]!;
  const at = start + i * 60_000;
  const kind = i % 4 === 0 ? "ban" : "kick";
  const fields = { steamId, serverId, serverName: "s", at, by: "user1", byRole: "admin" as const };
  const id = await ctx.db.insert("sanctions", {
    ...fields,
    kind,
    reason: "Чіти",
    source: "panel",
    ...(kind === "ban" ? { durationMinutes: 0 } : {}),
  });
  await applyToBansInForce(ctx, (await ctx.db.get("sanctions", id))!, at);
});
// All but the newest 20 archived: the list shows the open ones, the archive pages the rest.
await seed(TOURNAMENTS, (ctx, i) =>
  ctx.db.insert("tournaments", {
    ...createTournament({
      createdBy: "bench-admin",
      now: start + i * 3_600_000,
      format: presetFormat("duel"),
      slug: `t${i}`,
    }),
    archived: i < TOURNAMENTS - 20,
  }),
);
await seed(AUDIT, (ctx, i) => insertAuditEntry(ctx, i, serverIds));
console.log(
  `seeded ${SANCTIONS.toLocaleString("en-US")} sanctions over ${PLAYERS.toLocaleString("en-US")}` +
    ` players, ${TOURNAMENTS.toLocaleString("en-US")} tournaments and ${AUDIT.toLocaleString("en-US")} audit entries in ${round((performance.now() - started) / 1000)} s`,
);

interface Cost {
  documentsRead: number;
  bytesRead: number;
  databaseQueries: number;
}

/** One call as an admin, measured by the same counters that enforce a deployment's limits. */
async function cost(ref: FunctionReference<"query">, args: Record<string, Value>): Promise<Cost> {
  return await asAdmin.run(async (ctx) => {
    await ctx.runQuery(ref, args);
    const m = await ctx.meta.getTransactionMetrics();
    return {
      documentsRead: m.documentsRead.used,
      bytesRead: m.bytesRead.used,
      databaseQueries: m.databaseQueries.used,
    };
  });
}

const page = (numItems: number) => ({ numItems, cursor: null });
const auditCases = auditFilterCases(AUDIT, serverIds);
const cases: [string, FunctionReference<"query">, Record<string, Value>][] = [
  [
    "moderation.history, busiest player, page of 100",
    api.moderation.history,
    { steamId: steamIdOf(0), paginationOpts: page(100) },
  ],
  [
    "moderation.history, a player with few records, page of 100",
    api.moderation.history,
    { steamId: steamIdOf(playerOf(SANCTIONS - 1)), paginationOpts: page(100) },
  ],
  [
    "moderation.flaggedPlayers, 64 busiest players on the server",
    api.moderation.flaggedPlayers,
    { serverId: serverIds[0]! },
  ],
  ["moderation.publicBans, page of 100", api.moderation.publicBans, { paginationOpts: page(100) }],
  ["tournament.list (open ones)", api.tournament.list, {}],
  [
    "tournament.listArchived, page of 100",
    api.tournament.listArchived,
    { paginationOpts: page(100) },
  ],
  ["tournament.get, by slug", api.tournament.get, { slug: `t${Math.floor(TOURNAMENTS / 2)}` }],
];

const fmt = (x: number) => x.toLocaleString("en-US");
console.log(
  `\nper call (limits: ${fmt(LIMITS.documentsRead)} documents, ${fmt(LIMITS.bytesRead / 2 ** 20)} MiB):`,
);
console.log("read | documents | bytes | index ranges | of the document limit");
const results: Record<string, Cost> = {};
for (const [name, ref, args] of cases) {
  const c = await cost(ref, args);
  results[name] = c;
  const share = (100 * c.documentsRead) / LIMITS.documentsRead;
  console.log(
    `${name} | ${fmt(c.documentsRead)} | ${fmt(c.bytesRead)} | ${fmt(c.databaseQueries)} | ${share.toFixed(1)} %`,
  );
}
// One batch of the bans-in-force rebuild (an internal mutation that schedules the next batch).
const rebuild = await t.run(async (ctx) => {
  await ctx.runMutation(internal.moderation.rebuildBansInForce, {
    cursor: null,
  });
  const m = await ctx.meta.getTransactionMetrics();
  return { documentsRead: m.documentsRead.used, bytesRead: m.bytesRead.used };
});
console.log(
  `moderation.rebuildBansInForce, one batch | ${fmt(rebuild.documentsRead)} | ${fmt(rebuild.bytesRead)} | — | ${((100 * rebuild.documentsRead) / LIMITS.documentsRead).toFixed(1)} %`,
);

/**
 * convex-test counts only the rows a page returns, not those its filter dropped; Convex counts
 * both. So each audit page's scan is walked here: its index range, newest first, until the page
 * is full or `maximumRowsRead` (AUDIT_SCAN_ROWS) stops it, as `audit.list` asks.
 */
console.log(`
audit.list, one page of 50 at ${fmt(AUDIT)} entries:`);
console.log("filter | documents scanned | entries returned | of the document limit");
for (const [name, filters] of auditCases) {
  const scanned = await t.run(async (ctx) => {
    let read = 0;
    let matched = 0;
    for await (const e of auditIndexRange(ctx, filters).query) {
      read++;
      if (matchesFilters(e as Doc<"auditLog">, filters) && ++matched === 50) break;
      if (read >= AUDIT_SCAN_ROWS) break;
    }
    return read;
  });
  const res = await asAdmin.query(api.audit.list, { paginationOpts: page(50), filters });
  console.log(
    `${name} | ${fmt(scanned)} | ${res.page.length}${res.isDone ? " (end)" : ""} | ${((100 * scanned) / LIMITS.documentsRead).toFixed(1)} %`,
  );
}
await backend.stop();
