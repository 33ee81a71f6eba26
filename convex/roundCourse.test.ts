/**
 * A round's course through the poller's store: learnt from one round, announced with the next
 * round's end, followed by every reader, and a poll on it writes nothing a viewer would wake for.
 */
import { describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { setupTest, serverRow, type TestConvex } from "./test.setup";
import { storePollResult } from "./model/live/data";
import { matchAt } from "./lib/phaseCourse";
import type { Match, Summary } from "./lib/validators";

const summary: Summary = {
  totalPlayers: 10,
  totalKills: 6,
  totalDeaths: 6,
  totalDamage: 600,
  totalBombsPlanted: 0,
  totalBombsDefused: 0,
};

/** A poll's reading of round `round` in `phase`, its clock running out `end` ms after T. */
function at(T: number) {
  const reading =
    (roundPhase: Match["roundPhase"]) =>
    (round: number, end: number, [scoreCT, scoreT]: [number, number]): Match => ({
      serverName: "S1",
      mapName: "de_mirage",
      scoreCT,
      scoreT,
      playersOnline: 10,
      maxRounds: 24,
      round,
      roundPhase,
      phaseEndsAt: T + end,
    });
  return { over: reading("over"), buying: reading("freezetime"), playing: reading("live") };
}

/**
 * A server an hour ahead (so no reader's clock moves its course), whose poller has learnt the
 * timing from round `n` and announced round `n + 2`'s course (see `learnt`).
 */
async function learntServer(n: number, scores: [[number, number], [number, number]]) {
  const t = setupTest();
  const serverId = await seed(t);
  const T = Date.now() + 3_600_000;
  const m = at(T);
  const { poll, stored } = poller(t, serverId, T);
  await learnt(poll, m, n, scores);
  return { T, m, poll, stored };
}

/**
 * Round `n` played at a competitive server's timing (7 s after a round, 15 s to buy, 115 s to
 * play) and round `n + 1` ended at 60 s, `score` before and after it: the poller has learnt the
 * timing and announced round `n + 2`'s course.
 */
async function learnt(
  poll: (match: Match, s: number) => Promise<unknown>,
  m: ReturnType<typeof at>,
  n: number,
  [before, after]: [[number, number], [number, number]],
) {
  await poll(m.over(n, 7_000, before), 0);
  await poll(m.buying(n + 1, 22_000, before), 8_000);
  await poll(m.playing(n + 1, 137_000, before), 23_000);
  await poll(m.over(n + 1, 67_000, after), 60_000);
}

async function seed(t: TestConvex): Promise<Id<"servers">> {
  return await t.run((ctx) => ctx.db.insert("servers", serverRow({ key: "server1" })));
}

function poller(t: TestConvex, serverId: Id<"servers">, T: number) {
  return {
    poll: (match: Match, s: number, totals: Summary = summary) =>
      t.run((ctx) => storePollResult(ctx, serverId, { ok: true, match, summary: totals }, T + s)),
    stored: () =>
      t.run(async (ctx) => {
        const match = await ctx.db
          .query("matchSnapshots")
          .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
          .unique();
        const status = await ctx.db
          .query("serverStatus")
          .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
          .unique();
        return { match: match!, status: status! };
      }),
  };
}

describe("a round's course", () => {
  test("learnt from one round, then the next buy time and round go live without a write", async () => {
    const t = setupTest();
    const serverId = await seed(t);
    // The match runs in the recent past, so the public API reads it in round 3's play.
    const T = Date.now() - 90_000;
    const m = at(T);
    const { poll, stored } = poller(t, serverId, T);

    await poll(m.over(1, 7_000, [1, 0]), 0);
    await poll(m.buying(2, 22_000, [1, 0]), 8_000);
    await poll(m.playing(2, 137_000, [1, 0]), 23_000);
    expect((await stored()).match.roundTiming).toEqual({ freezeMs: 15_000, roundMs: 115_000 });

    // Round 2 ends: the write announces round 3's buy time and play.
    await poll(m.over(2, 67_000, [1, 1]), 60_000);
    const written = await stored();
    expect(written.match.updatedAt).toBe(T + 60_000);
    expect(written.match.match.upcoming).toEqual([
      { roundPhase: "freezetime", round: 3, endsAt: T + 82_000 },
      { roundPhase: "live", round: 3, endsAt: T + 197_000 },
    ]);

    // Polls on the course (clocks read a little off, as polls do) write neither the match nor
    // the status's freshness stamp.
    await poll(m.buying(3, 82_400, [1, 1]), 70_000);
    await poll(m.playing(3, 196_700, [1, 1]), 85_000);
    const after = await stored();
    expect(after.match._id).toBe(written.match._id);
    expect(after.match.updatedAt).toBe(T + 60_000);
    expect(after.status.livenessAt).toBe(written.status.livenessAt);

    // The viewers' query answers the course; the browser and the public API follow it.
    const view = await t.query(api.live.dashboard, { serverId });
    expect(view.snapshot?.match.roundPhase).toBe("over");
    expect(matchAt(view.snapshot!.match, T + 85_000)).toMatchObject({
      roundPhase: "live",
      round: 3,
      phaseEndsAt: T + 197_000,
    });
    const res = await t.fetch("/api/servers/server1/match", { method: "GET" });
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ roundPhase: "live", round: 3, phaseEndsAt: T + 197_000 });
    expect(body).not.toHaveProperty("upcoming");

    // The totals' minute counts from the round going live (82 s), not from the last write.
    const kills = { ...summary, totalKills: 8, totalDeaths: 8 };
    await poll(m.playing(3, 197_000, [1, 1]), 130_000, kills);
    expect((await stored()).match.updatedAt).toBe(T + 60_000);
    await poll(m.playing(3, 197_000, [1, 1]), 143_000, kills);
    const refreshed = await stored();
    expect(refreshed.match.updatedAt).toBe(T + 143_000);
    expect(refreshed.match.summary?.totalKills).toBe(8);
    // Written as it stands: round 3 live, its course spent.
    expect(refreshed.match.match).toMatchObject({ roundPhase: "live", round: 3 });
  });

  test("a server off its course writes what it read: a tactical pause, a longer buy time", async () => {
    const { T, m, poll, stored } = await learntServer(1, [
      [1, 0],
      [1, 1],
    ]);

    await poll({ ...m.buying(3, 82_000, [1, 1]), roundPhase: "paused" }, 75_000);
    let now = await stored();
    expect(now.match.updatedAt).toBe(T + 75_000);
    expect(now.match.match).toMatchObject({ roundPhase: "paused", round: 3 });
    expect(now.match.match).not.toHaveProperty("upcoming");

    // The pause ends with 10 s of buy time left: a new clock, and the round's play after it.
    await poll(m.buying(3, 145_000, [1, 1]), 135_000);
    now = await stored();
    expect(now.match.updatedAt).toBe(T + 135_000);
    expect(now.match.match.upcoming).toEqual([
      { roundPhase: "live", round: 3, endsAt: T + 260_000 },
    ]);
  });

  test("a changed buy time is learnt again from the first round that shows it", async () => {
    const { T, m, poll, stored } = await learntServer(1, [
      [1, 0],
      [1, 1],
    ]);
    // mp_freezetime 20: round 3's buy time ends 5 s after the course said (82 s).
    await poll(m.buying(3, 87_000, [1, 1]), 70_000);
    const off = await stored();
    expect(off.match.updatedAt).toBe(T + 70_000);
    expect(off.match.roundTiming).toEqual({ freezeMs: 20_000, roundMs: 115_000 });
    // Round 3 ends: round 4's course has the new buy time.
    await poll(m.over(3, 157_000, [2, 1]), 150_000);
    expect((await stored()).match.match.upcoming).toEqual([
      { roundPhase: "freezetime", round: 4, endsAt: T + 177_000 },
      { roundPhase: "live", round: 4, endsAt: T + 292_000 },
    ]);
  });

  test("no course over the half: CS2 swaps sides and may hold a halftime", async () => {
    const { m, poll, stored } = await learntServer(10, [
      [6, 4],
      [6, 5],
    ]);
    expect((await stored()).match.match.upcoming).toHaveLength(2);
    await poll(m.over(12, 180_000, [7, 5]), 173_000);
    expect((await stored()).match.match).not.toHaveProperty("upcoming");
  });
});
