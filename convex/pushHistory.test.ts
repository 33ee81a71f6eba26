/**
 * MatchZy as it is really sent, end to end through `POST /api/events/{key}`: every form MatchZy
 * has sent (its schema's, its code's, its old releases') records the same match, with the final
 * score by side, the teams, their starting sides, the map number and every player's line; replays,
 * shuffled order and a lost last round change nothing; `map_result` alone closes the map.
 */
import { describe, expect, onTestFinished, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import type { MatchzyEvent } from "./lib/matchzyEvents";
import type { MatchzyMatchConfig } from "./lib/matchzyMatch";
import { seriesOfConfig } from "./model/tournament/matchConfig";
import { LAST_ROUND_GRACE_MS } from "./model/history/detect";
import {
  finalBySide,
  MATCHZY_FORMS,
  mapEvents,
  steamIdOf,
  type ScriptedMap,
} from "./testing/matchzy.fixtures";
import { post, WARMUP, world } from "./testing/push.helpers";
import type { Match, Player } from "./lib/validators";
import { playerOnServer } from "./testing/live.fixtures";
import { trackPoll } from "./model/history/detect";
import { storePollResult } from "./model/live/data";
import type { TestConvex } from "./test.setup";

/** 2v2 and a bot, team 1 starts T, sides swap after 3 rounds; team 1 wins 5:2. */
const MAP: ScriptedMap = {
  matchid: 14272,
  team1: { name: "Alpha", id: "2843", players: ["alpha-1", "alpha-2"] },
  team2: { name: "Beta", players: ["beta-1", "beta-2", "BOT Ivan"] },
  team1StartSide: "T",
  half: 3,
  rounds: [true, false, true, true, false, true, true].map((team1Won, i) => ({
    team1Won,
    ...(i === 1 ? { reason: 7 } : {}),
  })),
};

async function recorded(t: TestConvex) {
  return await t.run(async (ctx) => await ctx.db.query("matches").collect());
}

async function postAll(t: TestConvex, events: MatchzyEvent[]) {
  for (const event of events) {
    const res = await post(t, event);
    expect(res.status, event.event).toBe(200);
  }
}

function expectTheMap(match: Awaited<ReturnType<typeof recorded>>[number], sidesOfLines = true) {
  // Team 1 (Alpha) started T and ends on CT after the swap: 5:2 for CT.
  expect(finalBySide(MAP)).toEqual({ scoreCT: 5, scoreT: 2 });
  expect(match).toMatchObject({
    map: "de_nuke",
    scoreCT: 5,
    scoreT: 2,
    winner: "CT",
    rounds: 7,
    source: "push",
    matchzy: { matchid: "14272", mapNumber: 0 },
    counted: true,
  });
  expect(match.players).toHaveLength(4);
  const alpha = match.players.find((p) => p.steamId === steamIdOf(1))!;
  expect(alpha).toMatchObject({ name: "alpha-1", kills: 5, deaths: 2, rounds: 7 });
  const beta = match.players.find((p) => p.steamId === steamIdOf(11))!;
  expect(beta).toMatchObject({ name: "beta-1", kills: 2, deaths: 5 });
  if (sidesOfLines) expect([alpha.side, beta.side]).toEqual(["CT", "T"]);
  // The bot is kept apart: shown on the match page, never a career line.
  expect(match.bots).toEqual([
    expect.objectContaining({ name: "BOT Ivan", kills: 2, deaths: 5, rounds: 7 }),
  ]);
  if (sidesOfLines) expect(match.bots![0]!.side).toBe("T");
}

describe("every form MatchZy has sent records the same match", () => {
  test.each(MATCHZY_FORMS)("%s form", async (form) => {
    const { t } = await world();
    await postAll(t, mapEvents(MAP, form));
    const [match, ...more] = await recorded(t);
    expect(more).toEqual([]);
    // Old releases' round ends never prove a side (only map_result does, without players), so
    // their lines carry no side unless a poll proved one.
    expectTheMap(match!, form !== "legacy");
    if (form !== "legacy") {
      expect(match!.teams).toEqual({
        CT: { name: "Alpha", id: "2843", startSide: "T" },
        T: { name: "Beta", startSide: "CT" },
      });
      // The timeline: each round's winning side and how it ended (round 2: bomb defused).
      expect(match!.timeline!.map((m) => m.winner)).toEqual([
        "T",
        "CT",
        "T",
        "CT",
        "T",
        "CT",
        "CT",
      ]);
      expect(match!.timeline!.map((m) => m.reason)).toEqual([
        "elimination",
        "defused",
        ...Array(5).fill("elimination"),
      ]);
      expect(match!.timeline!.at(-1)).toMatchObject({ round: 7, scoreCT: 5, scoreT: 2 });
    } else {
      // Old releases never say who started where; the names still follow the final sides.
      expect(match!.teams).toMatchObject({ CT: { name: "Alpha" }, T: { name: "Beta" } });
      expect(match!.timeline).toHaveLength(7);
    }
  });
});

describe("delivery as it happens", () => {
  test("replayed, shuffled and with middle rounds lost: one record, the same result", async () => {
    const { t } = await world();
    const events = mapEvents(MAP, "code");
    const [live, ...rest] = events;
    const rounds = rest.slice(0, -1);
    const result = rest.at(-1)!;
    const shuffled = [rounds[4]!, rounds[0]!, rounds[2]!, rounds[1]!, rounds[5]!, rounds[6]!];
    await postAll(t, [live!, ...shuffled, ...shuffled, result, result]);
    const all = await recorded(t);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ scoreCT: 5, scoreT: 2, rounds: 7, winner: "CT" });
  });

  test("map_result before the last round_end: that round end closes it with the final lines", async () => {
    const { t } = await world();
    const events = mapEvents(MAP, "code");
    const last = events.at(-2)!;
    await postAll(t, [...events.slice(0, -2), events.at(-1)!]);
    expect(await recorded(t)).toEqual([]);
    await postAll(t, [last]);
    const [match] = await recorded(t);
    expectTheMap(match!);
  });

  test("the last round_end never comes: map_result records the map by itself", async () => {
    vi.useFakeTimers();
    onTestFinished(() => void vi.useRealTimers());
    const { t } = await world();
    const events = mapEvents(MAP, "code");
    await postAll(t, [...events.slice(0, -2), events.at(-1)!]);
    expect(await recorded(t)).toEqual([]);
    vi.advanceTimersByTime(LAST_ROUND_GRACE_MS);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const [match, ...more] = await recorded(t);
    expect(more).toEqual([]);
    // The final score and rounds are map_result's; the lines are the last ones seen (round 6).
    expect(match).toMatchObject({ scoreCT: 5, scoreT: 2, rounds: 7, winner: "CT", source: "push" });
    expect(match!.players.find((p) => p.steamId === steamIdOf(1))).toMatchObject({ kills: 4 });
  });

  test("map_result alone (every round_end lost) records the map with its final score", async () => {
    vi.useFakeTimers();
    onTestFinished(() => void vi.useRealTimers());
    const { t } = await world();
    const events = mapEvents(MAP, "code");
    await postAll(t, [events[0]!, events.at(-1)!]);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const [match] = await recorded(t);
    // Code form: "3" = team 1 won as CT: Alpha on CT.
    expect(match).toMatchObject({ scoreCT: 5, scoreT: 2, rounds: 7, winner: "CT" });
  });

  test("the map's name comes from MatchZy's map_picked, not from the last poll", async () => {
    const { t } = await world();
    await postAll(t, [
      {
        event: "series_start",
        matchid: 14272,
        num_maps: 3,
        team1: { id: "", name: "Alpha" },
        team2: { id: "", name: "Beta" },
      },
      { event: "map_picked", matchid: 14272, team: "team1", map_name: "de_inferno", map_number: 0 },
      {
        event: "side_picked",
        matchid: 14272,
        team: "team2",
        map_name: "de_inferno",
        map_number: 1,
        side: "ct",
      },
      ...mapEvents(MAP, "code"),
    ]);
    const [match] = await recorded(t);
    expect(match).toMatchObject({ map: "de_inferno", scoreCT: 5, scoreT: 2 });
    expect(match!.teams).toMatchObject({ CT: { name: "Alpha", startSide: "T" } });
  });

  test("a match the panel launched through a config: map, mode and sides from the config", async () => {
    const { t, serverId } = await world({ ...WARMUP, gameMode: "competitive" });
    const config: MatchzyMatchConfig = {
      matchid: MAP.matchid,
      team1: { name: "Alpha", players: {} },
      team2: { name: "Beta", players: {} },
      num_maps: 1,
      maplist: ["de_anubis"],
      map_sides: ["team1_t"],
      skip_veto: true,
      clinch_series: true,
      players_per_team: 2,
      wingman: true,
    };
    await t.run(async (ctx) => {
      const status = await ctx.db
        .query("pushStatus")
        .withIndex("by_serverId", (q) => q.eq("serverId", serverId as Id<"servers">))
        .unique();
      await ctx.db.patch("pushStatus", status!._id, {
        series: seriesOfConfig(config, "wingman"),
      });
    });
    await postAll(t, mapEvents(MAP, "code"));
    const [match] = await recorded(t);
    expect(match).toMatchObject({ map: "de_anubis", mode: "wingman", scoreCT: 5, scoreT: 2 });
    expect(match!.teams).toMatchObject({ CT: { name: "Alpha", startSide: "T" } });
  });

  test("a round_end that cannot be read is refused, never acknowledged", async () => {
    const { t, serverId } = await world();
    const bad = { ...mapEvents(MAP, "schema")[1]!, team1: { name: "Alpha", score: "1" } };
    const res = await post(t, bad);
    expect(res.status).toBe(400);
    const push = await t.run(async (ctx) =>
      ctx.db
        .query("pushStatus")
        .withIndex("by_serverId", (q) => q.eq("serverId", serverId as Id<"servers">))
        .unique(),
    );
    expect(push).toMatchObject({ refusedCount: 1, lastRefusal: "round_end", eventsCount: 0 });
  });
});

/** A human on a side with the plugin's cumulative stats, as a poll lists them. */
function polledPlayer(n: number, team: Player["team"], kills: number): Player {
  return {
    ...playerOnServer(steamIdOf(n), `polled-${n}`),
    team,
    score: kills * 2,
    kills,
    deaths: 3,
    kdRatio: kills / 3,
    totalDamage: kills * 100,
    playTimeMinutes: 10,
    roundsPlayed: 9,
    firstSeen: "",
    lastSeen: "",
  };
}

async function poll(t: TestConvex, serverId: Id<"servers">, match: Match, players?: Player[]) {
  const summary = {
    totalPlayers: 4,
    totalKills: 0,
    totalDeaths: 0,
    totalDamage: 0,
    totalBombsPlanted: 0,
    totalBombsDefused: 0,
  };
  await t.run(async (ctx) => {
    const result = { ok: true as const, match, summary, ...(players ? { players } : {}) };
    await storePollResult(ctx, serverId, result, Date.now());
    await trackPoll(ctx, serverId, result, Date.now());
  });
}

describe("what identifies a recorded map", () => {
  test("a replay of every delivery after the de-duplication window records nothing new", async () => {
    const { t } = await world();
    const events = mapEvents(MAP, "code");
    await postAll(t, events);
    // Another match is played after it.
    await postAll(t, mapEvents({ ...MAP, matchid: MAP.matchid + 1 }, "code"));
    expect(await recorded(t)).toHaveLength(2);
    // A day later the remembered deliveries are gone; the first map is delivered all over again.
    await t.run(async (ctx) => {
      for (const row of await ctx.db.query("pushEvents").collect()) {
        await ctx.db.delete("pushEvents", row._id);
      }
    });
    await postAll(t, events);
    const all = await recorded(t);
    expect(all.map((m) => m.matchzy?.matchid)).toEqual(["14272", "14273"]);
    expectTheMap(all[0]!);
  });

  test("a map closed by polling, then a pushed map on the same map right after: both recorded", async () => {
    const { t, serverId } = await world();
    // First map, no MatchZy events: polling sees it through to 5:4 of a 9-round match.
    const live: Match = { ...WARMUP, roundPhase: "live", round: 1, maxRounds: 9 };
    const lineup = [
      polledPlayer(31, "Counter-Terrorist", 7),
      polledPlayer(32, "Counter-Terrorist", 6),
      polledPlayer(41, "Terrorist", 5),
      polledPlayer(42, "Terrorist", 4),
    ];
    await poll(t, serverId, live, lineup);
    await poll(
      t,
      serverId,
      { ...live, scoreCT: 5, scoreT: 4, round: 9, roundPhase: "over" },
      lineup,
    );
    expect((await recorded(t)).map((m) => m.source)).toEqual(["poll"]);
    // The next map on the same map name, fewer rounds than the first, reported by MatchZy only.
    await postAll(t, mapEvents(MAP, "code"));
    const all = await recorded(t);
    expect(all.map((m) => m.source)).toEqual(["poll", "push"]);
    expectTheMap(all[1]!);
  });
});

describe("the live dashboard from the events", () => {
  test("each round end shows the team names and every player's line on the side they play", async () => {
    const { t, serverId } = await world();
    const events = mapEvents(MAP, "code");
    // going_live and rounds 1–2: Alpha (team 1) on T.
    await postAll(t, events.slice(0, 3));
    const dashboard = async () =>
      await t.query(api.live.dashboard, { serverId: serverId as Id<"servers"> });
    let view = await dashboard();
    expect(view.snapshot!.match).toMatchObject({ teamCT: "Beta", teamT: "Alpha" });
    expect(view.snapshot!.board).toHaveLength(5);
    expect(view.snapshot!.board.find((l) => l.name === "BOT Ivan")).toMatchObject({ bot: true });
    const alpha1 = () => view.snapshot!.board.find((l) => l.steamId === steamIdOf(1))!;
    expect(alpha1()).toMatchObject({ name: "alpha-1", side: "T", bot: false });
    // Past the swap (round 4 onwards) the names and lines follow the sides.
    await postAll(t, events.slice(3, 5));
    view = await dashboard();
    expect(view.snapshot!.match).toMatchObject({ teamCT: "Alpha", teamT: "Beta" });
    expect(alpha1()).toMatchObject({ side: "CT", kills: 3 });
    expect(
      view
        .snapshot!.board.filter((l) => l.side === "CT")
        .map((l) => l.name)
        .sort(),
    ).toEqual(["alpha-1", "alpha-2"]);
  });
});
