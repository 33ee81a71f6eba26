/**
 * A cup match run by the panel on a simulated server, with nobody pressing launch: both captains
 * check in, the match takes the pool's server, the captains play the ban/pick, the panel launches
 * the decided map on that server (audited under the cup's name), the simulated match is played
 * out, its poll records it, and the recorded series decides the match and the cup.
 */
import { describe, expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import type { TournamentFormat } from "./lib/tournamentFields";
import { endWarmup } from "../dev/sim/match";
import { eventually, pollNow, simulatorWithSite, stopLoops } from "./testing/sim.helpers";

const env = simulatorWithSite();

const VETO: TournamentFormat = {
  preset: "custom",
  teamSize: 1,
  mapPool: ["de_dust2", "de_mirage", "de_nuke"],
  sequence: [
    { team: "teamA", action: "Ban" },
    { team: "teamB", action: "Ban" },
    { team: "teamA", action: "SidePick" },
  ],
  readyCheck: false,
  turnSeconds: 0,
  firstTeam: "teamA",
};

describe("a cup match on a simulated server", () => {
  test("after the ban/pick the panel launches the map itself; the recorded map decides the cup", async () => {
    const { t, who, ids } = await env.seeded();
    const serverId = ids[0]! as Id<"servers">;
    const server = env.sim.servers[0]!;
    const humans = server.world.connected().filter((p) => !p.isBot);
    const [h1, h2] = humans as [(typeof humans)[0], (typeof humans)[0]];
    // Each human is a panel user with a linked Steam account: a captain of a one-player team.
    const captains = await Promise.all(
      [h1, h2].map(async (h, i) => {
        await t.run((ctx) =>
          ctx.db.insert("users", {
            tokenIdentifier: `https://test|cap${i}`,
            username: `cap${i}`,
            isAdmin: false,
            steamId: h.steamId,
            steamName: h.name,
          }),
        );
        return t.withIdentity({ subject: `cap${i}`, issuer: "https://test" });
      }),
    );
    const cup = await who.asAdmin.action(api.cupAdmin.create, {
      name: "Кубок вечора",
      bracket: { format: "single_elimination", bestOf: 1, finalBestOf: 1 },
      seeding: "manual",
      veto: VETO,
      serverIds: [serverId],
      teamsMax: 2,
      checkInMinutes: 5,
      startDelayMinutes: 10,
      noShowWalkover: true,
    });
    for (const [i, c] of captains.entries()) {
      await c.mutation(api.cups.createTeam, { cupId: cup.id, name: `Команда ${i}`, tag: `K${i}` });
    }
    await who.asAdmin.action(api.cupAdmin.start, { cupId: cup.id });
    const final = (await t.query(api.cups.bracket, { slug: cup.slug }))!.matches[0]!;
    // The check-in and start jobs as their times come.
    await t.mutation(internal.cups.openCheckIn, { matchId: final.id, startAt: final.startAt! });
    for (const c of captains) await c.mutation(api.cups.checkIn, { matchId: final.id });
    await t.mutation(internal.cups.startDue, { matchId: final.id, startAt: final.startAt! });
    const onServer = (await t.query(api.cups.bracket, { slug: cup.slug }))!.matches[0]!;
    expect(onServer).toMatchObject({ phase: "veto", serverId });

    const veto = (await t.query(api.tournament.get, { slug: onServer.tournamentSlug! }))!;
    const sessionId = "cup-sim" as never;
    const tournamentId = veto.id;
    await captains[0]!.mutation(api.tournament.ban, {
      tournamentId,
      map: "de_dust2",
      expectedStep: 0,
      sessionId,
    });
    await captains[1]!.mutation(api.tournament.ban, {
      tournamentId,
      map: "de_mirage",
      expectedStep: 1,
      sessionId,
    });
    await captains[0]!.mutation(api.tournament.pickSide, {
      tournamentId,
      side: "CT",
      expectedStep: 2,
      sessionId,
    });

    // Nobody launches: the panel does, on the match's server.
    await eventually(async () => server.state().map === "de_nuke", 30_000);
    const launched = await eventually(
      () => t.run(async (ctx) => (await ctx.db.get("tournaments", tournamentId))?.launchedMaps),
      30_000,
    );
    expect(launched).toBe(1);
    // Launched: the bracket says the match is in play, no longer in its ban/pick.
    const live = await eventually(async () => {
      const m = (await t.query(api.cups.bracket, { slug: cup.slug }))!.matches[0]!;
      return m.phase === "live" ? m : null;
    }, 30_000);
    expect(live).toMatchObject({ serverId, live: { a: 0, b: 0 } });
    expect(h1.side).toBe("CT");
    expect(h2.side).toBe("T");
    const audit = await t.run((ctx) => ctx.db.query("auditLog").collect());
    expect(audit.find((e) => e.action === "tournament_launch")).toMatchObject({
      outcome: "success",
      username: "Кубок «Кубок вечора»",
      serverId,
    });

    // Team 0's captain wins every round; the poll records the match, the series and the cup.
    server.world.roundsGoTo = h1.steamId;
    // One half only: the winner is on the side it started on when the poll records the end.
    server.console.exec("mp_halftime 0");
    endWarmup(server.world);
    // The poller sees the map live after the launch, then over.
    expect(server.advanceUntil("roundEnd", 2_000).reached).toBe(true);
    await pollNow(t, serverId);
    expect(server.advanceUntil("matchOver", 20_000).reached).toBe(true);
    await pollNow(t, serverId);
    const done = await eventually(async () => {
      const view = await t.query(api.cups.bracket, { slug: cup.slug });
      return view?.status === "finished" ? view : null;
    }, 30_000);
    const h1Team = done.teams.find((team) => team.captainSteamId === h1.steamId)!.id;
    expect(done.matches[0]).toMatchObject({
      phase: "done",
      result: { winner: h1Team, winnerMaps: 1, loserMaps: 0 },
    });
    expect(done.champion).toBe(h1Team);
    await stopLoops(t);
    // Each wait ends as soon as its condition holds; the bounds are for a loaded machine.
  }, 120_000);
});
