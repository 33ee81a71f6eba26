/**
 * Match history end to end against the simulator: a map played to the end is recorded once, by
 * polling alone and by MatchZy push (with the poll seeing the same end), with each human's line
 * equal to the simulator's final stats; a restart and a warmup are not matches. A loopback server
 * stands in for the deployment's site URL and hands MatchZy's POSTs to `t.fetch`.
 */
import { describe, expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { isSteamId64 } from "./lib/steamId";
import { ALL_TIME } from "./lib/history";
import { simulatorWithSite, stopLoops } from "./testing/sim.helpers";
import type { TestConvex } from "./test.setup";
import { PUSH_OFF_URL } from "./lib/push";

const env = simulatorWithSite((server) => server.console.exec("mp_maxrounds 6"));

async function seeded() {
  const { t, who, ids } = await env.seeded();
  return { t, asAdmin: who.asAdmin, serverId: ids[0]! };
}

/** The server's next planned poll (null when it is out of the loop). */
async function pollerJob(t: TestConvex, serverId: Id<"servers">) {
  return await t.run(async (ctx) => {
    const poller = await ctx.db
      .query("pollers")
      .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
      .unique();
    return poller?.nextPollAt !== undefined ? { withPlayers: poller.withPlayers === true } : null;
  });
}

/** Runs the tick the poller expects next, with players (unless told otherwise), right now. */
async function tickNow(t: TestConvex, serverId: Id<"servers">, withPlayers = true) {
  const generation = await t.run(
    async (ctx) =>
      (await ctx.db
        .query("pollers")
        .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
        .unique())!.generation,
  );
  const target = (await t.query(internal.serverControl.targetOf, { serverId }))!.target;
  await t.action(internal.poller.tick, { serverId, generation, target, withPlayers });
}

async function recorded(t: TestConvex) {
  return await t.run((ctx) => ctx.db.query("matches").collect());
}

/** The simulator's humans as the panel should record them (SteamID64, cumulative stats). */
function simHumans() {
  return env.sim.servers[0]!.world.players.filter((p) => !p.isBot && isSteamId64(p.steamId));
}

describe("match history against the simulator", () => {
  test("polling alone: a map played to the end is recorded once with the final lines", async () => {
    const { t, serverId } = await seeded();
    const server = env.sim.servers[0]!;
    expect(server.advanceUntil("live", 1_000).reached).toBe(true);
    await tickNow(t, serverId);
    expect(server.advanceUntil("matchOver", 10_000).reached).toBe(true);
    await tickNow(t, serverId);
    await tickNow(t, serverId); // the end screen seen again: no second record
    const [match, ...rest] = await recorded(t);
    expect(rest).toEqual([]);
    const state = server.state();
    expect(match).toMatchObject({
      source: "poll",
      map: state.map,
      scoreCT: state.scoreCT,
      scoreT: state.scoreT,
      rounds: state.scoreCT + state.scoreT,
      voided: false,
    });
    const humans = simHumans().filter((p) => p.side !== "SPEC" || p.stats.roundsPlayed > 0);
    expect(match!.players.map((l) => l.steamId).sort()).toEqual(
      humans.map((p) => p.steamId).sort(),
    );
    for (const line of match!.players) {
      const p = humans.find((h) => h.steamId === line.steamId)!;
      expect(line).toMatchObject({
        name: p.name,
        kills: p.stats.kills,
        deaths: p.stats.deaths,
        assists: p.stats.assists,
        headshots: p.stats.headshots,
        damage: p.stats.totalDamage,
        mvps: p.stats.mvp,
        rounds: p.stats.roundsPlayed,
      });
    }
    // Bots (SteamID "0") never get a line or a career.
    expect(match!.players.every((l) => isSteamId64(l.steamId))).toBe(true);
    const best = match!.players[0]!;
    const career = await t.query(api.history.career, { steamId: best.steamId });
    expect(career?.career).toMatchObject({ season: ALL_TIME, matches: 1, kills: best.kills });

    // The next match starts with a warmup: nothing new is recorded.
    expect(server.advanceUntil("newMatch", 100).reached).toBe(true);
    await tickNow(t, serverId);
    expect(await recorded(t)).toHaveLength(1);
    await stopLoops(t);
  });

  test("polling alone, the player list never shown: never an empty scoreboard", async () => {
    const { t, serverId } = await seeded();
    const server = env.sim.servers[0]!;
    expect(server.advanceUntil("live", 1_000).reached).toBe(true);
    await tickNow(t, serverId, false);
    // Humans play and no line was seen: the next tick fetches the list.
    expect(await pollerJob(t, serverId)).toMatchObject({ withPlayers: true });
    expect(server.advanceUntil("matchOver", 10_000).reached).toBe(true);
    // The poll that finds the map over fetches the list with it, even when not due.
    await tickNow(t, serverId, false);
    const [match] = await recorded(t);
    const played = simHumans().filter((p) => p.side !== "SPEC" || p.stats.roundsPlayed > 0);
    expect(played.length).toBeGreaterThan(0);
    expect(match!.players.map((l) => l.steamId).sort()).toEqual(
      played.map((p) => p.steamId).sort(),
    );
    await stopLoops(t);
  });

  test("polling alone, the map over before any list was fetched: nothing recorded", async () => {
    const { t, serverId } = await seeded();
    const server = env.sim.servers[0]!;
    expect(server.advanceUntil("live", 1_000).reached).toBe(true);
    await tickNow(t, serverId, false);
    expect(server.advanceUntil("newMatch", 10_000).reached).toBe(true);
    await tickNow(t, serverId, false);
    expect(await recorded(t)).toEqual([]);
    await stopLoops(t);
  });

  test("polling alone, the last round and the next match both between two polls: recorded once from the server's report", async () => {
    const { t, serverId } = await seeded();
    const server = env.sim.servers[0]!;
    const playOneMap = async () => {
      expect(server.advanceUntil("live", 1_000).reached).toBe(true);
      expect(server.advanceUntil("roundEnd", 1_000).reached).toBe(true);
      await tickNow(t, serverId);
      // The rest of the map, its end screen and the next match's warmup, between two polls.
      expect(server.advanceUntil("newMatch", 10_000).reached).toBe(true);
      const ended = server.world.lastMap!;
      expect(server.state()).toMatchObject({ phase: "warmup", scoreCT: 0, scoreT: 0 });
      await tickNow(t, serverId);
      await tickNow(t, serverId); // the report seen again: no second record
      return ended;
    };
    const first = await playOneMap();
    const [match, ...rest] = await recorded(t);
    expect(rest).toEqual([]);
    expect(match).toMatchObject({
      source: "poll",
      map: first.mapName,
      scoreCT: first.scoreCT,
      scoreT: first.scoreT,
      rounds: first.scoreCT + first.scoreT,
      voided: false,
    });
    expect(match!.players.length).toBeGreaterThan(0);
    expect(match!.players.every((l) => isSteamId64(l.steamId))).toBe(true);
    // Nothing was held as interrupted: the map ended.
    const held = await t.run((ctx) => ctx.db.query("interruptions").collect());
    expect(held).toEqual([]);
    // The next map the same way: one more record, its own.
    const second = await playOneMap();
    const all = await recorded(t);
    expect(all).toHaveLength(2);
    expect(all[1]).toMatchObject({ scoreCT: second.scoreCT, scoreT: second.scoreT });
    await stopLoops(t);
  });

  test("a restart and a warmup are not matches", async () => {
    const { t, serverId } = await seeded();
    const server = env.sim.servers[0]!;
    expect(server.advanceUntil("live", 1_000).reached).toBe(true);
    await tickNow(t, serverId);
    for (let i = 0; i < 2; i++) expect(server.advanceUntil("roundEnd", 1_000).reached).toBe(true);
    await tickNow(t, serverId);
    server.console.exec("mp_restartgame 1");
    await tickNow(t, serverId);
    expect(server.advanceUntil("roundEnd", 1_000).reached).toBe(true);
    await tickNow(t, serverId);
    server.console.exec("mp_warmup_start");
    await tickNow(t, serverId);
    expect(await recorded(t)).toEqual([]);
    await stopLoops(t);
  });

  test("MatchZy push: recorded from the events; the poll seeing the same end adds nothing", async () => {
    const { t, asAdmin, serverId } = await seeded();
    const server = env.sim.servers[0]!;
    await asAdmin.action(api.push.enable, { serverId });
    expect(server.advanceUntil("matchOver", 10_000).reached).toBe(true);
    await server.matchzy.settled();
    const toPanel = server.matchzy.attempts.filter((a) => a.url !== PUSH_OFF_URL);
    expect(toPanel.length).toBeGreaterThan(0);
    expect(toPanel.every((a) => a.outcome === "ok")).toBe(true);
    const [match, ...rest] = await recorded(t);
    expect(rest).toEqual([]);
    const state = server.state();
    expect(match).toMatchObject({
      source: "push",
      scoreCT: state.scoreCT,
      scoreT: state.scoreT,
      rounds: state.scoreCT + state.scoreT,
    });
    const humans = simHumans().filter((p) => p.connected && p.side !== "SPEC");
    for (const p of humans) {
      const line = match!.players.find((l) => l.steamId === p.steamId);
      expect(line, p.name).toMatchObject({
        kills: p.stats.kills,
        deaths: p.stats.deaths,
        assists: p.stats.assists,
        headshots: p.stats.headshots,
        damage: p.stats.totalDamage,
        mvps: p.stats.mvp,
      });
    }
    // Push and poll together: the poll sees the decided match on its end screen.
    await tickNow(t, serverId);
    // A repeated delivery of the map's end is recognised too.
    expect(await recorded(t)).toHaveLength(1);
    await stopLoops(t);
  });
});
