/**
 * A tournament launch on a server that runs MatchZy, end to end against the simulator: the panel
 * stores the match config and sends `matchzy_loadmatch_url` through the typed command layer (here
 * over the RCON proxy); the simulated MatchZy fetches it from the deployment's site URL with the
 * launch's token, loads team names, roster and map, kicks whoever is not in the roster, and its
 * events carry the config's match id and team names into the recorded match and the series.
 * convex-test has no HTTP listener for the site URL, so a loopback server forwards to `t.fetch`.
 */
import { describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { MATCH_CONFIG_HEADER } from "./lib/matchzyMatch";
import { createTournament } from "./model/tournament/state";
import { endWarmup } from "../dev/sim/match";
import { eventually, simulatorWithSite, stopLoops } from "./testing/sim.helpers";
import type { TestConvex } from "./test.setup";

const env = simulatorWithSite();

const INTRUDER = "76561198000000999";

/** Server #2 (RCON proxy) is the one the seed marks as running MatchZy. */
async function seeded() {
  const { t, who, ids } = await env.seeded();
  return { t, asAdmin: who.asAdmin, serverId: ids[1]! as Id<"servers"> };
}

/** A finished 1v1 veto on Nuke, team A (Вовки) chose T; seats bound to two of the server's humans. */
async function finishedTournament(t: TestConvex, a: string, b: string) {
  return await t.run(async (ctx) => {
    const base = createTournament({ createdBy: "Olena", now: Date.now(), slug: "mz-cup" });
    return await ctx.db.insert("tournaments", {
      ...base,
      name: "Кубок",
      format: { ...base.format, teamSize: 1, steamRequired: true },
      status: "finished",
      teamA: { name: "Вовки", players: [{ nickname: "Петро", joinedAt: 1, steamId: a }] },
      teamB: { name: "Team B", players: [{ nickname: "Max", joinedAt: 1, steamId: b }] },
      series: [{ map: "de_nuke", side: "T", sideBy: "teamA" }],
      finalMap: "de_nuke",
      serverMap: "de_nuke",
      finalSide: "T",
    });
  });
}

describe("launch on a MatchZy server", () => {
  test("the server loads the config: teams, roster, map; non-roster players are kicked and refused; events carry the names", async () => {
    const { t, asAdmin, serverId } = await seeded();
    const server = env.sim.servers[1]!;
    const humans = server.world.connected().filter((p) => !p.isBot);
    expect(humans.length).toBeGreaterThanOrEqual(3);
    const [h1, h2, h3] = humans as [(typeof humans)[0], (typeof humans)[0], (typeof humans)[0]];
    const tournamentId = await finishedTournament(t, h1.steamId, h2.steamId);
    await asAdmin.action(api.push.enable, { serverId });
    server.console.exec("mp_backup_round_auto 0");

    const result = await asAdmin.action(api.tournamentLaunch.launch, {
      serverId,
      tournamentId,
      mode: "competitive",
      mapIndex: 0,
    });
    // Round backups are turned on with the launch, after MatchZy's load.
    expect(result).toMatchObject({ map: "de_nuke", placement: null, backups: "on" });
    expect(server.world.cvars.bool("mp_backup_round_auto")).toBe(true);
    expect(result.notes).toEqual([{ kind: "matchzy" }]);
    await server.matchzyMatch.settled();
    // The push status expects the launched match: its events are read with the config's map,
    // team 1's side and the mode, whatever the last poll showed.
    const pushed = await t.run(async (ctx) => (await ctx.db.query("pushStatus").collect())[0]);
    expect(pushed?.series).toMatchObject({
      maps: [{ mapName: "de_nuke", mapNumber: 0 }],
      mode: "competitive",
    });

    const state = server.state();
    expect(state.matchzy.lastLoad).toMatchObject({ outcome: "loaded", status: 200 });
    expect(state.matchzy.loaded).toEqual({
      matchId: expect.any(Number),
      team1: { name: "Вовки", players: [h1.steamId] },
      team2: { name: "Team B", players: [h2.steamId] },
      maplist: ["de_nuke"],
      wingman: false,
    });
    expect(state).toMatchObject({ map: "de_nuke", mode: "competitive", phase: "warmup" });
    // Team A chose T: Team B starts as CT, so it is `mp_teamname_1`.
    expect(server.world.cvars.get("mp_teamname_1")).toBe("Team B");
    expect(server.world.cvars.get("mp_teamname_2")).toBe("Вовки");
    expect(h1).toMatchObject({ connected: true, side: "T" });
    expect(h2).toMatchObject({ connected: true, side: "CT" });
    // Connected but not in the roster: kicked when the match loaded.
    expect(h3.connected).toBe(false);
    // Connecting later without a seat: refused at once.
    const intruder = server.world.addPlayer(false, "CT", { steamId: INTRUDER, name: "Intruder" });
    expect(intruder.connected).toBe(false);
    expect(server.state().matchzy.kicked).toBe(2);
    // A roster player who reconnects lands on their team's side again.
    server.world.disconnect(h2);
    server.world.reconnect(h2, "T");
    expect(h2.side).toBe("CT");
    // MatchZy refuses a second match while this one is set up.
    expect(server.console.exec(`matchzy_loadmatch_url "${env.siteUrl}/x"`)).toMatch(
      /already setup with id: \d+/,
    );

    // Audited as the launch; the token is nowhere in the audit log.
    const audit = await t.run((ctx) => ctx.db.query("auditLog").collect());
    expect(audit.find((e) => e.action === "tournament_launch")).toMatchObject({
      outcome: "success",
    });
    const config = await t.run(async (ctx) => (await ctx.db.query("matchConfigs").collect())[0]!);
    expect(JSON.stringify(audit)).not.toContain(config.tokenHash);

    // Team A (h1) wins every round: MatchZy's events name the teams, the match is recorded with
    // the config's match id, and the one-map series is Team A's.
    server.world.roundsGoTo = h1.steamId;
    endWarmup(server.world);
    expect(server.advanceUntil("matchOver", 20_000).reached).toBe(true);
    await server.matchzy.settled();
    const match = await eventually(
      () => t.run(async (ctx) => (await ctx.db.query("matches").collect())[0] ?? null),
      10_000,
    );
    expect(match.matchzy).toEqual({ matchid: String(state.matchzy.loaded!.matchId), mapNumber: 0 });
    expect(match.map).toBe("de_nuke");
    expect(match.mode).toBe("competitive");
    expect(match.tournamentId).toBe(tournamentId);
    const names = [match.teams?.CT.name, match.teams?.T.name];
    expect(names.sort()).toEqual(["Team B", "Вовки"]);
    const doc = await t.run((ctx) => ctx.db.get("tournaments", tournamentId));
    expect(doc?.seriesWinner).toBe("teamA");
    // The series is over: its team names leave the server, so later public games are not theirs.
    await eventually(
      async () =>
        server.world.cvars.get("mp_teamname_1") === "" &&
        server.world.cvars.get("mp_teamname_2") === "",
      30_000,
    );

    // MatchZy restores the server after the series: the next match has no roster.
    server.console.exec("mp_warmup_start");
    expect(server.state().matchzy.loaded).toBeNull();
    expect(server.world.addPlayer(false, "CT", { name: "Later" }).connected).toBe(true);
    await stopLoops(t);
  });

  test("the config is served only with the launch's token", async () => {
    const { t, asAdmin, serverId } = await seeded();
    const server = env.sim.servers[1]!;
    const [h1, h2] = server.world.connected().filter((p) => !p.isBot);
    const tournamentId = await finishedTournament(t, h1!.steamId, h2!.steamId);
    await asAdmin.action(api.tournamentLaunch.launch, {
      serverId,
      tournamentId,
      mode: "competitive",
      mapIndex: 0,
    });
    await server.matchzyMatch.settled();
    const url = server.state().matchzy.lastLoad!.url;
    expect(url).toMatch(new RegExp(`^${env.siteUrl}/matchzy/match/[0-9a-f]{32}$`));
    expect((await fetch(url)).status).toBe(401);
    const wrong = await fetch(url, { headers: { [MATCH_CONFIG_HEADER]: "f".repeat(64) } });
    expect(wrong.status).toBe(401);
    await stopLoops(t);
  });

  test("MatchZy refuses (another match is set up): the launch fails with what to do, nothing is recorded", async () => {
    const { t, asAdmin, serverId } = await seeded();
    const server = env.sim.servers[1]!;
    const [h1, h2] = server.world.connected().filter((p) => !p.isBot);
    const tournamentId = await finishedTournament(t, h1!.steamId, h2!.steamId);
    server.matchzyMatch.loaded = {
      matchId: 5,
      team1: { name: "x", players: new Map() },
      team2: { name: "y", players: new Map() },
      maplist: ["de_dust2"],
      wingman: false,
      team1StartsCT: true,
      over: false,
    };
    await expect(
      asAdmin.action(api.tournamentLaunch.launch, {
        serverId,
        tournamentId,
        mode: "competitive",
        mapIndex: 0,
      }),
    ).rejects.toMatchObject({
      data: { code: "GAME_SERVER", message: expect.stringMatching(/css_endmatch/) },
    });
    const doc = await t.run((ctx) => ctx.db.get("tournaments", tournamentId));
    expect(doc?.launchedMaps).toBe(0);
    // Its config was never to be served: deleted with the failure.
    expect(await t.run((ctx) => ctx.db.query("matchConfigs").collect())).toEqual([]);
    await stopLoops(t);
  });

  test("MatchZy plays competitive or wingman only: another mode is refused before anything is sent", async () => {
    const { t, asAdmin, serverId } = await seeded();
    const server = env.sim.servers[1]!;
    const [h1, h2] = server.world.connected().filter((p) => !p.isBot);
    const tournamentId = await finishedTournament(t, h1!.steamId, h2!.steamId);
    await expect(
      asAdmin.action(api.tournamentLaunch.launch, {
        serverId,
        tournamentId,
        mode: "casual",
        mapIndex: 0,
      }),
    ).rejects.toMatchObject({ data: { code: "INVALID_INPUT" } });
    expect(server.state().matchzy.lastLoad).toBeNull();
    expect(await t.run((ctx) => ctx.db.query("matchConfigs").collect())).toEqual([]);
    await stopLoops(t);
  });
});
