/**
 * The reads of dev/bench/reads.ts at two sizes, the growing tables four times bigger in the
 * second: what a call scans must not grow with them (a page, a `take`, an index range of one
 * player or one filter value, a bounded scan), and stays far below a deployment's limits. The
 * smaller size already fills every page and every bound, so an unbounded read would scan about
 * four times as much at the bigger one.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";
import { AUDIT_SCAN_ROWS } from "../../convex/model/audit/filters";
import type { ReadCost } from "../backend/server";
import { LIMITS, measureReads, type Sizes } from "./scale";
import { quietBackend } from "./seeded";

async function readsAt(sizes: Sizes): Promise<Record<string, ReadCost>> {
  const backend = await quietBackend();
  try {
    return (await measureReads(backend, sizes)).reads;
  } finally {
    await backend.stop();
  }
}

describe("reads at scale", () => {
  test("what each read scans does not grow with its tables", { timeout: 600_000 }, async () => {
    // 10,000 sanctions give the busiest player more than a page; 40,000 audit entries give the
    // rarest filter more than the 4,000 rows a page may scan.
    const small: Sizes = {
      matches: 400,
      players: 100,
      audit: 40_000,
      sanctions: 10_000,
      tournaments: 150,
      events: 500,
    };
    const big: Sizes = {
      ...small,
      matches: 1_600,
      audit: 160_000,
      sanctions: 40_000,
      tournaments: 600,
      events: 2_000,
    };
    const a = await readsAt(small);
    const b = await readsAt(big);
    expect(Object.keys(b)).toEqual(Object.keys(a));
    for (const [name, costA] of Object.entries(a)) {
      const costB = b[name]!;
      // Reads are equal up to the leaderboard's B-tree, whose shape moves a little with the
      // totals. A write walks that tree to every item it moves, so its cost grows with the tree's
      // depth (the log of its items): 4x the matches may add a level. Both stay far under the
      // limits below, which is what a deployment needs.
      const growth = name.includes("(a write)") ? 1.5 : 1.25;
      expect(costB.documentsScanned, name).toBeLessThanOrEqual(costA.documentsScanned * growth + 5);
      expect(costB.indexRanges, name).toBeLessThanOrEqual(costA.indexRanges * growth + 5);
      expect(costB.documentsScanned, name).toBeLessThan(LIMITS.documentsScanned / 4);
      expect(costB.indexRanges, name).toBeLessThan(LIMITS.indexRanges);
    }
    // The filter that matches nothing scans its bound, not its range (and the caller's user row).
    const rare = "audit.list, page of 50, server + an action never seen on it";
    expect(a[rare]!.documentsScanned).toBe(AUDIT_SCAN_ROWS + 1);
    expect(b[rare]!.documentsScanned).toBe(AUDIT_SCAN_ROWS + 1);
  });

  test.each([
    [["--audit", "abc"], "--audit: очікується ціле невід'ємне число, отримано «abc»"],
    [["--rows", "5"], "невідомий параметр «--rows»"],
  ])(
    "bench:reads %j: a clear error and exit code 2, no stack",
    { timeout: 60_000 },
    async (args, message) => {
      const script = path.resolve(import.meta.dirname, "reads.ts");
      const run = promisify(execFile)(process.execPath, ["--import", "tsx", script, ...args]);
      const failed = (await run.then(
        () => null,
        (error: unknown) => error,
      )) as { code: number; stderr: string } | null;
      expect(failed?.code).toBe(2);
      expect(failed?.stderr).toContain(message);
      expect(failed?.stderr).not.toMatch(/\n\s+at /);
    },
  );
});
