/**
 * Careers and leaderboards against brute force: random sequences of recorded and voided matches
 * leave exactly the state of recording only the surviving matches, and every leaderboard page
 * equals a ranking computed from scratch over the same lines.
 */
import { describe, expect, test, vi } from "vitest";
import type { Id } from "../../_generated/dataModel";
import { Rng } from "../../../dev/sim/rng";
import {
  ALL_TIME,
  CRITERION_NAMES,
  countsForCareers,
  criterionValue,
  seasonOf,
  winnerOf,
  type HistoryLine,
} from "../../lib/history";
import { serverRow, setupTest, type TestConvex } from "../../test.setup";
import { addTotals, lineTotals, ZERO_TOTALS } from "./careers";
import { leaderboardPage } from "./leaderboard";
import { LINES_PER_TRANSACTION, recordMatch, voidMatch } from "./record";
import type { ClosedMatch } from "./tracker";

const PLAYERS = Array.from({ length: 7 }, (_, i) => `7656119800000${1000 + i}`);
const NOV = Date.UTC(2026, 10, 3);
const DEC = Date.UTC(2026, 11, 2);

function randomMatch(rng: Rng, i: number): ClosedMatch {
  const count = rng.int(1, 5);
  const chosen = [...PLAYERS].sort(() => rng.next() - 0.5).slice(0, count);
  const rounds = rng.int(2, 16);
  const lines: HistoryLine[] = chosen.map((steamId) => {
    const kills = rng.int(0, 25);
    return {
      steamId,
      name: rng.pick([`Гравець ${steamId.slice(-2)}`, `<b>${steamId.slice(-1)}</b>`]),
      ...(rng.chance(0.9) ? { side: rng.pick(["CT", "T"] as const) } : {}),
      kills,
      deaths: rng.int(0, 20),
      assists: rng.int(0, 8),
      headshots: rng.int(0, kills),
      damage: rng.int(0, 3000),
      mvps: rng.int(0, 5),
      rounds,
    };
  });
  const scoreCT = rng.int(0, rounds);
  const startedAt = (rng.chance(0.5) ? NOV : DEC) + i * 3_600_000;
  return {
    startedAt,
    endedAt: startedAt + 1_800_000,
    mapName: rng.pick(["de_dust2", "de_nuke"]),
    scoreCT,
    scoreT: rounds - scoreCT,
    rounds,
    lines,
    source: "poll",
  };
}

async function withServer(t: TestConvex) {
  return await t.run(async (ctx) => await ctx.db.insert("servers", serverRow()));
}

/** Everything careers and rankings consist of, without ids and creation times. */
async function state(t: TestConvex) {
  return await t.run(async (ctx) => {
    const strip = <T extends { _id: unknown; _creationTime: unknown }>({
      _id,
      _creationTime,
      ...rest
    }: T) => rest;
    const careers = (await ctx.db.query("careers").collect())
      .map(strip)
      .sort((a, b) => `${a.steamId}${a.season}`.localeCompare(`${b.steamId}${b.season}`));
    const names = (await ctx.db.query("playerNames").collect())
      .map(strip)
      .sort((a, b) => `${a.steamId}${a.name}`.localeCompare(`${b.steamId}${b.name}`));
    const boards: Record<string, unknown> = {};
    for (const season of [ALL_TIME, seasonOf(NOV), seasonOf(DEC)]) {
      for (const c of CRITERION_NAMES) {
        boards[`${c}:${season}`] = await leaderboardPage(ctx, c, season, 0, 100);
      }
    }
    return { careers, names, boards };
  });
}

/** The leaderboard computed from scratch: totals per player, value, sort by value then id. */
function bruteForce(matches: ClosedMatch[], season: string) {
  const totals = new Map<string, typeof ZERO_TOTALS>();
  const names = new Map<string, string>();
  const sorted = [...matches].sort((a, b) => a.endedAt - b.endedAt);
  for (const m of sorted) {
    if (!countsForCareers({ rounds: m.rounds, players: m.lines })) continue;
    if (season !== ALL_TIME && seasonOf(m.endedAt) !== season) continue;
    const winner = winnerOf(m.scoreCT, m.scoreT);
    for (const line of m.lines) {
      totals.set(
        line.steamId,
        addTotals(totals.get(line.steamId) ?? ZERO_TOTALS, lineTotals(line, winner), 1),
      );
      names.set(line.steamId, line.name);
    }
  }
  const boards: Record<string, { steamId: string; value: number; name: string }[]> = {};
  for (const c of CRITERION_NAMES) {
    boards[c] = [...totals.entries()]
      .map(([steamId, t]) => ({ steamId, value: criterionValue(c, t), name: names.get(steamId)! }))
      .filter((r): r is { steamId: string; value: number; name: string } => r.value !== null)
      .sort((a, b) => b.value - a.value || (a.steamId < b.steamId ? -1 : 1));
  }
  return boards;
}

describe("careers and leaderboards", () => {
  test.each([1, 2, 3, 4])(
    "random record/void sequence %i: careers and rankings as if voided never counted",
    async (seed) => {
      const rng = new Rng(seed);
      const t = setupTest();
      const serverId = await withServer(t);
      const recorded: { id: Id<"matches">; match: ClosedMatch }[] = [];
      const voided = new Set<Id<"matches">>();
      for (let i = 0; i < 14; i++) {
        if (recorded.length > 0 && rng.chance(0.3)) {
          const victim = rng.pick(recorded);
          await t.run(async (ctx) => {
            await voidMatch(ctx, victim.id);
          });
          voided.add(victim.id);
        } else {
          const match = randomMatch(rng, i);
          const id = await t.run(async (ctx) => await recordMatch(ctx, serverId, match));
          recorded.push({ id: id!, match });
        }
      }
      const survivors = recorded.filter((r) => !voided.has(r.id)).map((r) => r.match);

      const fresh = setupTest();
      const freshServer = await withServer(fresh);
      for (const match of survivors) {
        await fresh.run(async (ctx) => {
          await recordMatch(ctx, freshServer, match);
        });
      }
      const after = await state(t);
      // The sequence is not trivial: something was voided and careers remain.
      expect(voided.size).toBeGreaterThan(0);
      expect(after.careers.length).toBeGreaterThan(0);
      expect(after).toEqual(await state(fresh));

      for (const season of [ALL_TIME, seasonOf(NOV), seasonOf(DEC)]) {
        const expected = bruteForce(survivors, season);
        for (const c of CRITERION_NAMES) {
          const page = after.boards[`${c}:${season}`] as Awaited<
            ReturnType<typeof leaderboardPage>
          >;
          expect(
            page.rows.map((r) => ({ steamId: r.steamId, value: r.value, name: r.name })),
          ).toEqual(expected[c]);
          expect(page.rows.map((r) => r.rank)).toEqual(expected[c]!.map((_, i) => i + 1));
        }
      }
    },
    60_000,
  );

  test("recording the same match twice adds it once; voiding twice subtracts it once", async () => {
    const t = setupTest();
    const serverId = await withServer(t);
    const match = randomMatch(new Rng(9), 0);
    const counted = { ...match, rounds: 10, lines: match.lines.slice(0, 1).concat(match.lines) };
    counted.lines = PLAYERS.slice(0, 3).map((steamId, i) => ({
      ...match.lines[0]!,
      steamId,
      kills: i,
    }));
    const first = await t.run((ctx) => recordMatch(ctx, serverId, counted));
    const second = await t.run((ctx) => recordMatch(ctx, serverId, counted));
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    const once = await state(t);
    expect(once.careers.filter((c) => c.season === ALL_TIME).map((c) => c.matches)).toEqual([
      1, 1, 1,
    ]);
    expect(await t.run((ctx) => voidMatch(ctx, first!))).toBe(true);
    expect(await t.run((ctx) => voidMatch(ctx, first!))).toBe(false);
    const none = await state(t);
    expect(none.careers).toEqual([]);
    expect(none.names).toEqual([]);
  });

  test("a full 64-slot match counts in steps of 10 lines, each within a deployment's limits, and voids whole", async () => {
    vi.useFakeTimers();
    try {
      const t = setupTest();
      const serverId = await withServer(t);
      const base = randomMatch(new Rng(11), 0);
      const humans = (from: number, n: number) =>
        Array.from({ length: n }, (_, i) => ({
          ...base.lines[0]!,
          steamId: `765611980000${String(20_000 + from + i)}`,
          name: `Гравець ${from + i}`,
          kills: 100 - i,
        }));
      const record = (lines: HistoryLine[], at: number) =>
        t.run(async (ctx) => {
          const id = await recordMatch(ctx, serverId, {
            ...base,
            startedAt: at,
            rounds: 20,
            lines,
          });
          const metrics = await ctx.meta.getTransactionMetrics();
          return { id: id!, ranges: metrics.databaseQueries.used, bytes: metrics.bytesRead.used };
        });
      // What recording reads: a 5v5 match against a full server (lines past the first 10 wait).
      const five = await record(humans(0, 10), NOV);
      const full = await record(humans(100, 64), NOV + 3_600_000);
      expect(full.ranges).toBeLessThanOrEqual(five.ranges * 1.25);
      expect(full.ranges).toBeLessThan(4_096 / 2);
      expect(full.bytes).toBeLessThan((16 * 2 ** 20) / 4);
      const careers = async () =>
        (await state(t)).careers.filter((c) => c.season === ALL_TIME).length;
      const countedLines = () =>
        t.run(async (ctx) => (await ctx.db.get("matches", full.id))!.linesCounted);
      expect(await countedLines()).toBe(LINES_PER_TRANSACTION);
      expect(await careers()).toBe(10 + LINES_PER_TRANSACTION);
      await t.finishAllScheduledFunctions(vi.runAllTimers);
      expect(await countedLines()).toBe(64);
      expect(await careers()).toBe(10 + 64);
      // A void takes every line back, in steps too, and leaves the 5v5 match alone.
      expect(await t.run((ctx) => voidMatch(ctx, full.id))).toBe(true);
      await t.finishAllScheduledFunctions(vi.runAllTimers);
      expect(await countedLines()).toBe(0);
      expect(await careers()).toBe(10);
    } finally {
      vi.useRealTimers();
    }
  }, 60_000);

  test("pages continue by rank", async () => {
    const t = setupTest();
    const serverId = await withServer(t);
    const base = randomMatch(new Rng(5), 0);
    await t.run((ctx) =>
      recordMatch(ctx, serverId, {
        ...base,
        rounds: 10,
        lines: PLAYERS.map((steamId, i) => ({ ...base.lines[0]!, steamId, kills: 10 - i })),
      }),
    );
    const pages = await t.run(async (ctx) => [
      await leaderboardPage(ctx, "kills", ALL_TIME, 0, 3),
      await leaderboardPage(ctx, "kills", ALL_TIME, 3, 3),
      await leaderboardPage(ctx, "kills", ALL_TIME, 6, 3),
    ]);
    expect(pages.map((p) => p.rows.map((r) => r.rank))).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(pages.map((p) => p.nextOffset)).toEqual([3, 6, null]);
    expect(pages.flatMap((p) => p.rows.map((r) => r.steamId))).toEqual(PLAYERS);
  });
});
