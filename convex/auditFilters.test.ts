/** Audit log filters (each alone and combined, with a date range), pagination and CSV export. */
import { describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Doc } from "./_generated/dataModel";
import { csvCell } from "./lib/csv";
import { AUDIT_SCAN_ROWS, matchesFilters, type AuditFilters } from "./model/audit/filters";
import { personas, serverRow, setupTest } from "./test.setup";

async function world() {
  const t = setupTest();
  const { asAdmin } = await personas(t);
  const serverId = await t.run(async (ctx) => {
    const id = await ctx.db.insert("servers", serverRow());
    const actions = ["ban", "kick", "changeMap", "command"];
    const users = ["Olena", "Maksym", "Anonymous"];
    const outcomes = ["success", "failure", "unauthorized"] as const;
    for (let i = 0; i < 240; i++) {
      await ctx.db.insert("auditLog", {
        at: 1_000_000 + i * 1000,
        username: users[i % 3]!,
        action: actions[i % 4]!,
        serverId: i % 2 === 0 ? id : undefined,
        outcome: outcomes[i % 5 === 0 ? 2 : i % 7 === 0 ? 1 : 0],
        details: i === 5 ? '=HYPERLINK("http://x")' : `entry ${i}`,
      });
    }
    return id;
  });
  return { t, asAdmin, serverId };
}

async function allPages(asAdmin: Awaited<ReturnType<typeof world>>["asAdmin"], f: AuditFilters) {
  const rows = [];
  let cursor: string | null = null;
  for (;;) {
    const res: { page: { at: number }[]; isDone: boolean; continueCursor: string } =
      await asAdmin.query(api.audit.list, { paginationOpts: { numItems: 25, cursor }, filters: f });
    rows.push(...res.page);
    if (res.isDone) return rows;
    cursor = res.continueCursor;
  }
}

describe("audit filters", () => {
  test("every filter, alone and combined, returns exactly the matching entries, newest first", async () => {
    const { t, asAdmin, serverId } = await world();
    const all = await t.run((ctx) => ctx.db.query("auditLog").collect());
    const cases: AuditFilters[] = [
      {},
      { action: "ban" },
      { username: "Maksym" },
      { serverId },
      { outcome: "unauthorized" },
      { from: 1_050_000, to: 1_100_000 },
      { action: "kick", outcome: "success", from: 1_020_000 },
      { username: "Olena", serverId, to: 1_150_000 },
      { username: "nobody" },
      // Part of a name and free text in the details (the search index, then checked exactly).
      { userLike: "mak" },
      { userLike: "MAKS", action: "ban" },
      { userLike: "ole", serverId, from: 1_100_000 },
      { search: "entry 12" },
      { search: "ENTRY 2", username: "Olena", outcome: "success" },
      { search: "entry", userLike: "anon", to: 1_050_000 },
      { userLike: "lena" },
      { search: "nothing-like-this" },
    ];
    for (const f of cases) {
      const expected = all
        .filter((e: Doc<"auditLog">) => matchesFilters(e, f))
        .map((e) => e.at)
        .sort((a, b) => b - a);
      const got = (await allPages(asAdmin, f)).map((r) => r.at);
      expect(got, JSON.stringify(f)).toEqual(expected);
    }
  });

  test("a search: a word typed finds the start of words in any case, every word must match", async () => {
    const { t, asAdmin, serverId } = await world();
    await t.run(async (ctx) => {
      await ctx.db.insert("auditLog", {
        at: 2_000_000,
        username: "Maksym Admin",
        action: "ban",
        serverId,
        outcome: "success",
        details: "Дмитро 76561198000000001 на 1 год.: Чити на aim",
      });
    });
    const find = async (filters: AuditFilters) =>
      (
        await asAdmin.query(api.audit.list, {
          paginationOpts: { numItems: 20, cursor: null },
          filters,
        })
      ).page;
    expect((await find({ search: "чит" })).map((r) => r.user)).toEqual(["Maksym Admin"]);
    expect(await find({ search: "7656119800" })).toHaveLength(1);
    expect(await find({ search: "дмитро чити" })).toHaveLength(1);
    expect(await find({ search: "дмитро олег" })).toHaveLength(0);
    expect(await find({ search: "итро" })).toHaveLength(0);
    expect(await find({ userLike: "adm", action: "ban" })).toHaveLength(1);
    // Part of a name finds every user it starts, not only one exact name.
    const partial = await find({ userLike: "ma" });
    expect(new Set(partial.map((r) => r.user))).toEqual(new Set(["Maksym", "Maksym Admin"]));
    // A search answers in one page: a cursor after it finds nothing more.
    const res = await asAdmin.query(api.audit.list, {
      paginationOpts: { numItems: 20, cursor: null },
      filters: { search: "чити" },
    });
    expect(res.isDone).toBe(true);
  });

  test("CSV export: the filtered rows, a page at a time; cells defuse formulas", async () => {
    const { asAdmin } = await world();
    const res = await asAdmin.query(api.audit.exportCsv, {
      paginationOpts: { numItems: 500, cursor: null },
      filters: { to: 1_010_000 },
    });
    expect(res.rows).toHaveLength(11);
    expect(res.rows.some((r) => r.details?.includes("HYPERLINK"))).toBe(true);
    expect(csvCell("@SUM(1)")).toBe('"\'@SUM(1)"');
    expect(csvCell('a "b"')).toBe('"a ""b"""');
  });

  test("a formula hidden behind a lookalike or an invisible character is defused too", () => {
    for (const hidden of [
      "＝1+1", // fullwidth equals sign
      "\u200B=1+1", // zero-width space
      "\u2066=HYPERLINK(1)", // bidi isolate
      "\uFEFF+1", // byte order mark
      "  =1+1",
      "﹢1", // small plus sign
      "＠SUM(1)",
    ]) {
      expect(csvCell(hidden), JSON.stringify(hidden)).toBe(`"'${hidden}"`);
    }
    expect(csvCell("Олена")).toBe('"Олена"');
    expect(csvCell("1+1")).toBe('"1+1"');
  });
});

describe("a filter on a common value over a long log", () => {
  test("a page reads at most AUDIT_SCAN_ROWS entries, and the next page goes on from there", async () => {
    const t = setupTest();
    const { asAdmin } = await personas(t);
    await t.run(async (ctx) => {
      // The one match is the oldest entry, under 5,000 that share its action.
      await ctx.db.insert("auditLog", {
        at: 1_000,
        username: "Olena",
        action: "kick",
        outcome: "failure",
      });
      for (let i = 1; i <= AUDIT_SCAN_ROWS + 1_000; i++) {
        await ctx.db.insert("auditLog", {
          at: 1_000 + i,
          username: "Olena",
          action: "kick",
          outcome: "success",
        });
      }
    });
    const filters = { action: "kick", outcome: "failure" as const };
    const first = await asAdmin.query(api.audit.list, {
      paginationOpts: { numItems: 20, cursor: null },
      filters,
    });
    expect(first.page).toEqual([]);
    expect(first.isDone).toBe(false);
    const next = await asAdmin.query(api.audit.list, {
      paginationOpts: { numItems: 20, cursor: first.continueCursor },
      filters,
    });
    expect(next.page.map((r) => r.outcome)).toEqual(["failure"]);
  }, 60_000);
});
