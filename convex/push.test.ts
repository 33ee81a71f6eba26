/**
 * MatchZy push endpoint (`POST /api/events/{key}`, model/push/http.ts) under hostile input: only a
 * request with the server's secret stores anything, and then each event only once.
 */
import { describe, expect, onTestFinished, test, vi } from "vitest";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import type {
  MatchzyGoingLive,
  MatchzyMapResult,
  MatchzyRoundEnd,
  MatchzyStatsTeam,
} from "./lib/matchzyEvents";
import { PUSH_CHECK_INTERVAL_MS, pushStatusView } from "./model/push/status";
import { WATCHED_INTERVAL_MS } from "./model/live/pollSchedule";
import { type TestConvex } from "./test.setup";
import { post, SECRET, stored, WARMUP, world } from "./testing/push.helpers";

function team(name: string, score: number): MatchzyStatsTeam {
  return { id: "", name, series_score: 0, score, score_ct: 0, score_t: 0, players: [] };
}

function roundEnd(
  round: number,
  team1: number,
  team2: number,
  winnerSide: "2" | "3",
  matchid = 7,
): MatchzyRoundEnd {
  return {
    event: "round_end",
    matchid,
    map_number: 0,
    round_number: round,
    round_time: 0,
    reason: winnerSide === "3" ? 8 : 9,
    winner: { side: winnerSide, team: team1 > team2 ? "team1" : "team2" },
    team1: team("Alpha", team1),
    team2: team("Beta", team2),
  };
}

const GOING_LIVE: MatchzyGoingLive = { event: "going_live", matchid: 7, map_number: 0 };

async function expectNothingStored(t: TestConvex, serverId: Id<"servers">) {
  const s = await stored(t, serverId);
  expect(s.events).toEqual([]);
  expect(s.push).toMatchObject({ eventsCount: 0 });
  expect(s.push?.lastEventAt).toBeUndefined();
  expect(s.match).toMatchObject({ match: WARMUP, updatedAt: 1 });
  expect(s.match?.pushedAt).toBeUndefined();
  expect(s.status).toBeNull();
}

describe("POST /api/events/{key}: refusals", () => {
  test("a wrong secret: 401, nothing stored", async () => {
    const { t, serverId } = await world();
    const res = await post(t, roundEnd(1, 1, 0, "3"), { secret: "cd".repeat(32) });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Unauthorized" });
    // Same length but one character off, a prefix, and the secret with extra characters.
    for (const secret of [`${SECRET.slice(0, -1)}0`, SECRET.slice(0, 32), `${SECRET}00`]) {
      expect((await post(t, roundEnd(1, 1, 0, "3"), { secret })).status).toBe(401);
    }
    await expectNothingStored(t, serverId);
  });

  test("no secret, an empty one or an absurdly long one: 401, nothing stored", async () => {
    const { t, serverId } = await world();
    expect((await post(t, roundEnd(1, 1, 0, "3"), { secret: null })).status).toBe(401);
    expect((await post(t, roundEnd(1, 1, 0, "3"), { secret: "" })).status).toBe(401);
    expect((await post(t, roundEnd(1, 1, 0, "3"), { secret: "a".repeat(5000) })).status).toBe(401);
    await expectNothingStored(t, serverId);
  });

  test("push off (no secret stored): every secret is wrong", async () => {
    const { t, serverId } = await world();
    await t.run(async (ctx) => {
      const secret = await ctx.db.query("serverSecrets").first();
      await ctx.db.patch("serverSecrets", secret!._id, { pushSecret: undefined });
    });
    expect((await post(t, roundEnd(1, 1, 0, "3"))).status).toBe(401);
    expect((await post(t, roundEnd(1, 1, 0, "3"), { secret: "" })).status).toBe(401);
    await expectNothingStored(t, serverId);
  });

  test("a body over 64 KiB: 413, nothing stored", async () => {
    const { t, serverId } = await world();
    const big = { ...roundEnd(1, 1, 0, "3"), padding: "x".repeat(64 * 1024) };
    const res = await post(t, big);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "Payload too large" });
    // A declared length over the bound is refused before the body is read.
    const declared = await post(t, roundEnd(1, 1, 0, "3"), {
      headers: { "Content-Length": String(64 * 1024 + 1) },
    });
    expect(declared.status).toBe(413);
    await expectNothingStored(t, serverId);
  });

  test("malformed JSON: 400, nothing stored", async () => {
    const { t, serverId } = await world();
    for (const body of ['{"event":"round_end",', "", "not json", "\u0000"]) {
      const res = await post(t, body);
      expect(res.status, body).toBe(400);
      expect(await res.json()).toEqual({ error: "Invalid JSON" });
    }
    await expectNothingStored(t, serverId);
  });

  test("JSON that is no event, or a known event with a broken shape: 400, shown in the push status", async () => {
    const { t, serverId } = await world();
    const broken = { ...roundEnd(1, 1, 0, "3"), team1: { name: "Alpha" } };
    const bodies = [[], 42, '"round_end"', null, { matchid: 7 }, { event: 1 }, broken];
    for (const body of bodies) {
      const res = await post(t, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ error: "Invalid event" });
    }
    await expectNothingStored(t, serverId);
    expect((await stored(t, serverId)).push).toMatchObject({
      refusedCount: bodies.length,
      lastRefusal: "round_end",
    });
    const view = await t.run(async (ctx) => await pushStatusView(ctx, serverId));
    expect(view).toMatchObject({ refusedCount: bodies.length, lastRefusal: "round_end" });
  });

  test("an unknown server key or a disabled server: 404 in the public API's error shape", async () => {
    const { t, serverId } = await world();
    for (const key of ["nope", "off", "__proto__", "server1%2Fx"]) {
      const res = await post(t, roundEnd(1, 1, 0, "3"), { key });
      expect(res.status, key).toBe(404);
      expect(await res.json()).toEqual({ error: "Server not found" });
    }
    expect((await post(t, GOING_LIVE, { key: "server1/extra" })).status).toBe(404);
    expect((await post(t, GOING_LIVE, { key: "%E0%A4%A" })).status).toBe(400);
    await expectNothingStored(t, serverId);
  });

  test("events the panel does not use are acknowledged (200) and ignored", async () => {
    const { t, serverId } = await world();
    for (const body of [
      { event: "map_vetoed", matchid: 7, team: "team1", map_name: "de_nuke" },
      { event: "demo_upload_ended", matchid: 7, map_number: 0, filename: "x.dem", success: true },
      { event: "__proto__", matchid: 7 },
      { event: "toString", matchid: 7 },
    ]) {
      const res = await post(t, body);
      expect(res.status, body.event).toBe(200);
      expect(await res.json()).toEqual({ ok: true, ignored: true });
    }
    await expectNothingStored(t, serverId);
  });

  test("a repeated delivery stores nothing new", async () => {
    const { t, serverId } = await world();
    expect((await post(t, roundEnd(1, 1, 0, "3"))).status).toBe(200);
    const first = await stored(t, serverId);
    expect(first.events).toHaveLength(1);
    // The poller writes something else meanwhile: the replay must not put the event back.
    await t.run((ctx) =>
      ctx.db.patch("matchSnapshots", first.match!._id, {
        match: { ...first.match!.match, scoreCT: 9 },
      }),
    );
    const res = await post(t, roundEnd(1, 1, 0, "3"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, duplicate: true });
    const second = await stored(t, serverId);
    expect(second.events).toEqual(first.events);
    expect(second.push).toEqual(first.push);
    expect(second.match!.match.scoreCT).toBe(9);
    expect(second.match!.updatedAt).toBe(first.match!.updatedAt);
  });

  test("a flood: 429 past the server's budget, nothing stored past it", async () => {
    vi.useFakeTimers(); // the clock stands still: the bucket does not refill during the loop
    onTestFinished(() => void vi.useRealTimers());
    const { t, serverId } = await world();
    // Wrong secrets spend their own budget (10 for a key), never the server's.
    for (let i = 0; i < 10; i++) {
      expect((await post(t, GOING_LIVE, { secret: "00".repeat(32) })).status).toBe(401);
    }
    const statuses: number[] = [];
    for (let round = 1; round <= 40; round++) {
      statuses.push((await post(t, roundEnd(round, round, 0, "3"))).status);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    const limited = await post(t, roundEnd(41, 41, 0, "3"));
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: "Too many requests" });
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    const s = await stored(t, serverId);
    expect(s.events).toHaveLength(30);
    expect(s.push).toMatchObject({ eventsCount: 30 });
    expect(s.match!.match).toMatchObject({ round: 30, scoreCT: 30, scoreT: 0 });
    // Time passes, the budget refills.
    vi.advanceTimersByTime(10_000);
    expect((await post(t, roundEnd(31, 31, 0, "3"))).status).toBe(200);
  }, 30_000);
});

describe("POST /api/events/{key}: what an event writes", () => {
  test("going_live, then round_end: scores by side, round and phase within the request", async () => {
    const { t, serverId } = await world();
    const live = await post(t, GOING_LIVE);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ ok: true });
    expect((await stored(t, serverId)).match!.match).toMatchObject({
      scoreCT: 0,
      scoreT: 0,
      round: 1,
      roundPhase: "freezetime",
    });
    // Round 1: team 1 wins as CT ("3").
    expect((await post(t, roundEnd(1, 1, 0, "3"))).status).toBe(200);
    let s = await stored(t, serverId);
    expect(s.match!.match).toEqual({
      ...WARMUP,
      scoreCT: 1,
      scoreT: 0,
      round: 1,
      roundPhase: "over",
      // The round's sides are proved: the teams' names go with them.
      teamCT: "Alpha",
      teamT: "Beta",
    });
    expect(s.match!.pushedAt).toBeGreaterThan(1);
    expect(s.status).toMatchObject({ online: true });
    expect(s.push).toMatchObject({ eventsCount: 2, lastEvent: "round_end" });
    expect(s.push!.lastEventAt).toBeGreaterThan(1);
    expect(s.push!.track).toMatchObject({ round: 1, team1Side: "CT" });
    // Round 2: team 2 wins as T ("2"); `winner.team` names the leader, not the round's winner.
    await post(t, roundEnd(2, 1, 1, "2"));
    s = await stored(t, serverId);
    expect(s.match!.match).toMatchObject({ scoreCT: 1, scoreT: 1, round: 2 });
    // Round 3 again for team 1, now (after a side swap nobody announced) as T.
    await post(t, roundEnd(3, 2, 1, "2"));
    s = await stored(t, serverId);
    expect(s.match!.match).toMatchObject({ scoreCT: 1, scoreT: 2, round: 3 });
  });

  test("a new map drops the last map's names by side until its own rounds prove them", async () => {
    const { t, serverId } = await world();
    await post(t, GOING_LIVE);
    // Team 1 ended the map on T after halftime.
    await post(t, roundEnd(1, 1, 0, "2"));
    expect((await stored(t, serverId)).match!.match).toMatchObject({
      teamCT: "Beta",
      teamT: "Alpha",
    });
    // The next map (the next match's config, then its start): no names on the old sides.
    await post(t, {
      event: "series_start",
      matchid: 8,
      num_maps: 1,
      team1: { name: "Alpha" },
      team2: { name: "Beta" },
    });
    expect((await stored(t, serverId)).match!.match).not.toHaveProperty("teamCT");
    await post(t, roundEnd(1, 1, 0, "2", 8));
    expect((await stored(t, serverId)).match!.match).toMatchObject({ teamCT: "Beta" });
    await post(t, { ...GOING_LIVE, matchid: 9 });
    const m = (await stored(t, serverId)).match!.match;
    expect(m).toMatchObject({ round: 1, roundPhase: "freezetime" });
    expect(m).not.toHaveProperty("teamCT");
    expect(m).not.toHaveProperty("teamT");
    // Its first round end names them again, team 1 on CT.
    await post(t, roundEnd(1, 1, 0, "3", 9));
    expect((await stored(t, serverId)).match!.match).toMatchObject({
      teamCT: "Alpha",
      teamT: "Beta",
    });
  });

  test("the first event mid-match: sides from the polled match when exactly one way fits", async () => {
    const { t, serverId } = await world({
      ...WARMUP,
      scoreCT: 3,
      scoreT: 5,
      round: 9,
      roundPhase: "live",
    });
    // Team 1 (5 rounds) plays T and wins round 9.
    await post(t, roundEnd(9, 6, 3, "2"));
    expect((await stored(t, serverId)).match!.match).toMatchObject({
      scoreCT: 3,
      scoreT: 6,
      round: 9,
      roundPhase: "over",
    });
  });

  test("sides that cannot be told apart are left to the poller", async () => {
    const { t, serverId } = await world({ ...WARMUP, scoreCT: 2, scoreT: 2, roundPhase: "live" });
    await post(t, roundEnd(9, 5, 4, "3"));
    const { match } = (await stored(t, serverId)).match!;
    expect(match).toMatchObject({ scoreCT: 2, scoreT: 2, round: 9, roundPhase: "over" });
  });

  test("an older round arriving late does not overwrite a newer one", async () => {
    const { t, serverId } = await world();
    await post(t, roundEnd(1, 1, 0, "3"));
    await post(t, roundEnd(3, 2, 1, "3"));
    await post(t, roundEnd(2, 1, 1, "2"));
    const s = await stored(t, serverId);
    expect(s.match!.match).toMatchObject({ round: 3 });
    expect(s.push).toMatchObject({ eventsCount: 3 });
  });

  test("map_result: final scores by side when team 1 won, or as the last round proved", async () => {
    const { t, serverId } = await world();
    const result = (team1: number, team2: number, side: "2" | "3"): MatchzyMapResult => ({
      event: "map_result",
      matchid: 7,
      map_number: 0,
      winner: { side, team: team1 > team2 ? "team1" : "team2" },
      team1: team("Alpha", team1),
      team2: team("Beta", team2),
    });
    await post(t, result(13, 8, "2")); // team 1 won as T
    expect((await stored(t, serverId)).match!.match).toMatchObject({
      scoreCT: 8,
      scoreT: 13,
      round: 21,
      roundPhase: "over",
    });
  });

  test("without a polled match only the status is written; the poller fills the rest", async () => {
    const { t, serverId } = await world(null);
    expect((await post(t, roundEnd(1, 1, 0, "3"))).status).toBe(200);
    const s = await stored(t, serverId);
    expect(s.match).toBeNull();
    expect(s.status).toMatchObject({ online: true });
    expect(s.push).toMatchObject({ eventsCount: 1 });
  });

  test("a poll fetched before the event cannot put the older round back", async () => {
    const { t, serverId } = await world();
    await post(t, roundEnd(5, 3, 2, "3"));
    await post(t, roundEnd(6, 4, 2, "3"));
    await t.run(async (ctx) => {
      await ctx.db.insert("pollers", {
        serverId,
        generation: 1,
        lastTickAt: 0,
        lastPlayersAt: 0,
        lastLivenessWriteAt: 0,
      });
    });
    const summary = {
      totalPlayers: 6,
      totalKills: 10,
      totalDeaths: 10,
      totalDamage: 1000,
      totalBombsPlanted: 0,
      totalBombsDefused: 0,
    };
    await t.mutation(internal.poller.store, {
      serverId,
      generation: 1,
      result: {
        ok: true,
        match: { ...WARMUP, scoreCT: 3, scoreT: 2, round: 5, roundPhase: "live", playersOnline: 7 },
        summary,
      },
    });
    const { match } = (await stored(t, serverId)).match!;
    expect(match).toMatchObject({ scoreCT: 4, scoreT: 2, round: 6, playersOnline: 7 });
  });
});

describe("the poller while events flow", () => {
  async function nextTickDelay(t: TestConvex, serverId: Id<"servers">, generation: number) {
    const now = Date.now();
    await t.mutation(internal.poller.store, {
      serverId,
      generation,
      result: {
        ok: true,
        match: { ...WARMUP, roundPhase: "live", round: 3 },
        summary: {
          totalPlayers: 6,
          totalKills: 0,
          totalDeaths: 0,
          totalDamage: 0,
          totalBombsPlanted: 0,
          totalBombsDefused: 0,
        },
      },
    });
    return await t.run(async (ctx) => {
      const poller = await ctx.db
        .query("pollers")
        .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
        .unique();
      return poller!.nextPollAt! - now;
    });
  }

  test("slows to a 30 s consistency check, and resumes its pace when events stop", async () => {
    vi.useFakeTimers();
    onTestFinished(() => void vi.useRealTimers());
    const { t, serverId } = await world();
    await t.run(async (ctx) => {
      await ctx.db.insert("pollers", {
        serverId,
        generation: 1,
        lastTickAt: 0,
        lastPlayersAt: 0,
        lastLivenessWriteAt: 0,
      });
      await ctx.db.insert("presence", {
        serverId,
        viewerId: "tab-aaaaaaaa",
        expiresAt: Date.now() + 3_600_000,
      });
    });
    const watched = await nextTickDelay(t, serverId, 1);
    expect(watched).toBeLessThanOrEqual(WATCHED_INTERVAL_MS);
    await post(t, GOING_LIVE);
    const flowing = await nextTickDelay(t, serverId, 2);
    expect(flowing).toBeGreaterThanOrEqual(PUSH_CHECK_INTERVAL_MS - 100);
    vi.advanceTimersByTime(61_000);
    const stopped = await nextTickDelay(t, serverId, 3);
    expect(stopped).toBeLessThanOrEqual(WATCHED_INTERVAL_MS);
  });
});
