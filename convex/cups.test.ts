/**
 * Cups end to end on the backend: teams by Steam-linked captains and invite links, the start,
 * check-in and its walkover, reschedule, a result override with its downstream preview, a match
 * run on a server of the pool (veto seated by SteamID, the series decided by recorded maps), and
 * two cups sharing a server pool never holding one server twice.
 */
import { describe, expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import type { BracketConfig } from "./lib/cupFields";
import type { TournamentFormat } from "./lib/tournamentFields";
import { recordMatch } from "./model/history/record";
import { markLaunched } from "./model/tournament/state";
import { CUP_MESSAGES as M } from "./model/cup/teams";
import { historyLine } from "./testing/history.fixtures";
import { personas, serverRow, setupTest } from "./test.setup";

/** 1v1, one map: A bans, B bans, the decider's side to A. */
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
const SE: BracketConfig = { format: "single_elimination", bestOf: 1, finalBestOf: 1 };
const steamOf = (i: number) => `7656119800000${String(1000 + i)}`;
const NAMES = ["Вовки", "Лиси", "Ведмеді", "Орли"];

async function setup(serverCount = 1) {
  const t = setupTest();
  const people = await personas(t);
  const serverIds: Id<"servers">[] = [];
  await t.run(async (ctx) => {
    for (let i = 0; i < serverCount; i++) {
      serverIds.push(
        await ctx.db.insert("servers", serverRow({ key: `s${i}`, name: `Server #${i}`, order: i })),
      );
    }
  });
  // One signed-in player with a linked Steam account per team.
  const players = await Promise.all(
    NAMES.map(async (name, i) => {
      await t.run((ctx) =>
        ctx.db.insert("users", {
          tokenIdentifier: `https://test|p${i}`,
          username: `p${i}`,
          isAdmin: false,
          steamId: steamOf(i),
          steamName: `Гравець ${i}`,
        }),
      );
      return t.withIdentity({ subject: `p${i}`, issuer: "https://test", name });
    }),
  );
  return { t, ...people, serverIds, players };
}
type World = Awaited<ReturnType<typeof setup>>;

async function createCup(
  world: World,
  extra: Partial<{ noShowWalkover: boolean; bracket: BracketConfig }> = {},
) {
  return await world.asAdmin.action(api.cupAdmin.create, {
    name: "Кубок вечора",
    bracket: extra.bracket ?? SE,
    seeding: "manual",
    veto: VETO,
    serverIds: world.serverIds,
    teamsMax: 8,
    checkInMinutes: 10,
    startDelayMinutes: 15,
    noShowWalkover: extra.noShowWalkover ?? true,
    scheduleWindow: { from: Date.now(), to: Date.now() + 7 * 86_400_000 },
  });
}

/** Each player creates a team (captain); returns the bracket once the admin started the cup. */
async function startedCup(world: World, cup: { id: Id<"cups">; slug: string }) {
  for (const [i, player] of world.players.entries()) {
    await player.mutation(api.cups.createTeam, { cupId: cup.id, name: NAMES[i]!, tag: `T${i}` });
  }
  await world.asAdmin.action(api.cupAdmin.start, { cupId: cup.id });
  return (await world.t.query(api.cups.bracket, { slug: cup.slug }))!;
}

const bracketOf = async (world: World, slug: string) =>
  (await world.t.query(api.cups.bracket, { slug }))!;

/** Both teams of the first semi-final check in and it starts: it takes a free server's veto. */
async function firstSemiOnServer(world: World, slug: string) {
  const semi = (await bracketOf(world, slug)).matches[0]!;
  await world.t.mutation(internal.cups.openCheckIn, { matchId: semi.id, startAt: semi.startAt! });
  await world.players[0]!.mutation(api.cups.checkIn, { matchId: semi.id });
  await world.players[3]!.mutation(api.cups.checkIn, { matchId: semi.id });
  await world.t.mutation(internal.cups.startDue, { matchId: semi.id, startAt: semi.startAt! });
  return (await bracketOf(world, slug)).matches[0]!;
}

/**
 * The first semi-final's captains (players 0 and 3) play its veto, and its decided map is marked
 * launched on `serverId` a moment before `startedAt`; returns the tournament and that map.
 */
async function vetoAndLaunch(
  world: World,
  vetoSlug: string,
  serverId: Id<"servers">,
  startedAt: number,
) {
  const tournament = (await world.t.query(api.tournament.get, { slug: vetoSlug }))!;
  const seat = (i: number) => world.players[i]!;
  const sessionId = "cup-session" as never;
  const pool = tournament.mapPool;
  const step = { tournamentId: tournament.id, sessionId };
  await seat(0).mutation(api.tournament.ban, { ...step, map: pool[0]!, expectedStep: 0 });
  await seat(3).mutation(api.tournament.ban, { ...step, map: pool[1]!, expectedStep: 1 });
  await seat(0).mutation(api.tournament.pickSide, { ...step, side: "CT", expectedStep: 2 });
  await world.t.run(async (ctx) => {
    const doc = (await ctx.db.get("tournaments", tournament.id))!;
    const { _id, _creationTime, ...state } = doc;
    await ctx.db.replace(
      "tournaments",
      _id,
      markLaunched(state, "competitive", 0, { serverId, at: startedAt - 1 }),
    );
  });
  return { tournament, map: pool[2]! };
}

describe("teams", () => {
  test("a captain's team, joined by its invite code; a player without Steam, or in a team already, is refused", async () => {
    const world = await setup();
    const cup = await createCup(world);
    const [a, b] = world.players;
    const { inviteCode } = await a!.mutation(api.cups.createTeam, {
      cupId: cup.id,
      name: "Вовки",
      tag: "VV",
    });
    await expect(world.asUser.mutation(api.cups.joinTeam, { inviteCode })).rejects.toMatchObject({
      data: { code: "FORBIDDEN", ...M.steamRequired },
    });
    await b!.mutation(api.cups.joinTeam, { inviteCode });
    await expect(
      b!.mutation(api.cups.createTeam, { cupId: cup.id, name: "Лиси", tag: "LS" }),
    ).rejects.toMatchObject({
      data: { ...M.alreadyInTeam },
    });
    await expect(b!.mutation(api.cups.joinTeam, { inviteCode: "nope" })).rejects.toMatchObject({
      data: { ...M.badInvite },
    });
    const view = await bracketOf(world, cup.slug);
    expect(view.teams).toMatchObject([
      { name: "Вовки", tag: "VV", roster: [{ steamId: steamOf(0) }, { steamId: steamOf(1) }] },
    ]);
    // The invite code is for members only: the public view never carries it.
    expect(JSON.stringify(view)).not.toContain(inviteCode);
    expect(await b!.query(api.cups.mine, { cupId: cup.id })).toMatchObject({
      captain: false,
      inviteCode,
    });
  });
});

describe("a cup's matches", () => {
  test("start: the semi-finals are scheduled with check-in; a team missing at the start loses by walkover", async () => {
    const world = await setup();
    const cup = await createCup(world);
    const view = await startedCup(world, cup);
    const semis = view.matches.filter((m) => m.round === 1);
    expect(semis.map((m) => m.phase)).toEqual(["scheduled", "scheduled"]);
    const final = view.matches.find((m) => m.key === "F")!;
    expect(final.phase).toBe("waiting");

    const semi = semis[0]!;
    await expect(
      world.players[0]!.mutation(api.cups.checkIn, { matchId: semi.id }),
    ).rejects.toMatchObject({
      data: { ...M.checkInClosed },
    });
    await world.t.mutation(internal.cups.openCheckIn, { matchId: semi.id, startAt: semi.startAt! });
    // Seed 1 (Вовки) checks in, seed 4 (Орли) does not.
    await world.players[0]!.mutation(api.cups.checkIn, { matchId: semi.id });
    await expect(
      world.players[1]!.mutation(api.cups.checkIn, { matchId: semi.id }),
    ).rejects.toMatchObject({
      data: { code: "FORBIDDEN", ...M.notInMatch },
    });
    // A job planned for another time finds nothing to do.
    await world.t.mutation(internal.cups.startDue, {
      matchId: semi.id,
      startAt: semi.startAt! - 1,
    });
    expect((await bracketOf(world, cup.slug)).matches[0]!.phase).toBe("check_in");
    await world.t.mutation(internal.cups.startDue, { matchId: semi.id, startAt: semi.startAt! });
    const after = await bracketOf(world, cup.slug);
    const decided = after.matches.find((m) => m.key === semi.key)!;
    expect(decided.result).toMatchObject({ walkover: true, winner: semi.teamA, loser: semi.teamB });
    expect(after.matches.find((m) => m.key === "F")!.teamA).toBe(semi.teamA);
  });

  test("both teams in: the match takes the free server, its veto is seated by SteamID, recorded maps decide it", async () => {
    const world = await setup();
    const cup = await createCup(world);
    const view = await startedCup(world, cup);
    const semi = view.matches[0]!;
    await world.t.mutation(internal.cups.openCheckIn, { matchId: semi.id, startAt: semi.startAt! });
    await world.players[0]!.mutation(api.cups.checkIn, { matchId: semi.id });
    await world.players[3]!.mutation(api.cups.checkIn, { matchId: semi.id });
    await world.t.mutation(internal.cups.startDue, { matchId: semi.id, startAt: semi.startAt! });
    const live = (await bracketOf(world, cup.slug)).matches[0]!;
    expect(live).toMatchObject({
      phase: "veto",
      serverId: world.serverIds[0],
      live: { a: 0, b: 0 },
    });

    // The other semi-final queues: the pool's only server is taken.
    const other = view.matches[1]!;
    await world.t.mutation(internal.cups.openCheckIn, {
      matchId: other.id,
      startAt: other.startAt!,
    });
    await world.players[1]!.mutation(api.cups.checkIn, { matchId: other.id });
    await world.players[2]!.mutation(api.cups.checkIn, { matchId: other.id });
    await world.t.mutation(internal.cups.startDue, { matchId: other.id, startAt: other.startAt! });
    expect((await bracketOf(world, cup.slug)).matches[1]!.phase).toBe("queued");

    const tournament = await world.t.query(api.tournament.get, { slug: live.tournamentSlug! });
    expect(tournament!.teamA.players).toMatchObject([{ steamId: steamOf(0) }]);
    expect(tournament!.teamB.players).toMatchObject([{ steamId: steamOf(3) }]);
    expect(tournament!.status).toBe("in_progress");

    // The veto played by the captains, the map launched and recorded with team A's player winning.
    const started = Date.now() + 1000;
    const { map } = await vetoAndLaunch(world, live.tournamentSlug!, world.serverIds[0]!, started);
    await world.t.run(async (ctx) => {
      await recordMatch(ctx, world.serverIds[0]!, {
        startedAt: started,
        endedAt: started + 1_800_000,
        mapName: map,
        scoreCT: 13,
        scoreT: 7,
        rounds: 20,
        source: "poll",
        lines: [
          historyLine(steamOf(0), "Гравець 0", "CT", 20),
          historyLine(steamOf(3), "Гравець 3", "T", 8),
        ],
      });
    });
    const after = await bracketOf(world, cup.slug);
    expect(after.matches[0]).toMatchObject({
      phase: "done",
      result: { winner: semi.teamA, winnerMaps: 1, loserMaps: 0 },
    });
    expect(after.matches[0]!.serverId).toBeUndefined();
    // The freed server went to the queued semi-final at once.
    expect(after.matches[1]).toMatchObject({ phase: "veto", serverId: world.serverIds[0] });
  });

  test("an admin's result override shows what it drops first, then drops it; reschedule moves the start", async () => {
    const world = await setup();
    const cup = await createCup(world);
    const view = await startedCup(world, cup);
    const [s1, s2] = view.matches;
    const win = (matchId: Id<"cupMatches">, winner: Id<"cupTeams">) =>
      world.asAdmin.action(api.cupAdmin.matchChange, {
        matchId,
        change: { kind: "result", winner, winnerMaps: 1, loserMaps: 0 },
      });
    await win(s1!.id, s1!.teamA!);
    await win(s2!.id, s2!.teamA!);
    const final = (await bracketOf(world, cup.slug)).matches.find((m) => m.key === "F")!;
    await win(final.id, s1!.teamA!);
    expect((await bracketOf(world, cup.slug)).status).toBe("finished");

    const change = { kind: "result" as const, winner: s1!.teamB!, winnerMaps: 1, loserMaps: 0 };
    const preview = await world.asAdmin.query(api.cupAdmin.preview, { matchId: s1!.id, change });
    expect(preview.resultsDropped).toEqual(["F"]);
    expect(preview.teamsChanged).toEqual([
      { key: "F", before: [s1!.teamA, s2!.teamA], after: [s1!.teamB, s2!.teamA] },
    ]);
    await world.asAdmin.action(api.cupAdmin.matchChange, { matchId: s1!.id, change });
    const after = await bracketOf(world, cup.slug);
    expect(after.status).toBe("running");
    expect(after.champion).toBeUndefined();
    const replayed = after.matches.find((m) => m.key === "F")!;
    expect(replayed).toMatchObject({ teamA: s1!.teamB, phase: "scheduled" });
    expect(replayed.result).toBeUndefined();

    const at = Date.now() + 3_600_000;
    await world.asAdmin.action(api.cupAdmin.reschedule, { matchId: replayed.id, startAt: at });
    expect((await bracketOf(world, cup.slug)).matches.find((m) => m.key === "F")!.startAt).toBe(at);
    const audit = await world.t.run((ctx) => ctx.db.query("auditLog").collect());
    expect(audit.filter((e) => e.action.startsWith("cup_")).map((e) => e.action)).toEqual([
      "cup_create",
      "cup_start",
      "cup_result",
      "cup_result",
      "cup_result",
      "cup_result",
      "cup_reschedule",
    ]);
    await expect(
      world.asUser.action(api.cupAdmin.reschedule, { matchId: replayed.id, startAt: at }),
    ).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
  });

  test("captains agree on a time inside the admin's window", async () => {
    const world = await setup();
    const cup = await createCup(world);
    const semi = (await startedCup(world, cup)).matches[0]!;
    const at = Date.now() + 2 * 3_600_000;
    await world.players[0]!.mutation(api.cups.proposeTime, { matchId: semi.id, at });
    await expect(
      world.players[0]!.mutation(api.cups.acceptTime, { matchId: semi.id }),
    ).rejects.toMatchObject({
      data: { ...M.ownProposal },
    });
    await expect(
      world.players[3]!.mutation(api.cups.proposeTime, {
        matchId: semi.id,
        at: Date.now() + 30 * 86_400_000,
      }),
    ).rejects.toMatchObject({ data: { ...M.outsideWindow } });
    await world.players[3]!.mutation(api.cups.acceptTime, { matchId: semi.id });
    expect((await bracketOf(world, cup.slug)).matches[0]).toMatchObject({
      startAt: at,
      phase: "scheduled",
    });
  });

  test("two cups sharing one server: the second cup's match waits until the first frees it", async () => {
    const world = await setup();
    const first = await createCup(world);
    const second = await createCup(world);
    // Two teams in each cup: a single final each.
    for (const [cup, players] of [
      [first, [0, 1]],
      [second, [2, 3]],
    ] as const) {
      for (const i of players) {
        await world.players[i]!.mutation(api.cups.createTeam, {
          cupId: cup.id,
          name: NAMES[i]!,
          tag: `T${i}`,
        });
      }
      await world.asAdmin.action(api.cupAdmin.start, { cupId: cup.id });
    }
    const run = async (slug: string, players: readonly number[]) => {
      const m = (await bracketOf(world, slug)).matches[0]!;
      await world.t.mutation(internal.cups.openCheckIn, { matchId: m.id, startAt: m.startAt! });
      for (const i of players) {
        await world.players[i]!.mutation(api.cups.checkIn, { matchId: m.id });
      }
      await world.t.mutation(internal.cups.startDue, { matchId: m.id, startAt: m.startAt! });
      return m;
    };
    const a = await run(first.slug, [0, 1]);
    await run(second.slug, [2, 3]);
    expect((await bracketOf(world, first.slug)).matches[0]!.phase).toBe("veto");
    expect((await bracketOf(world, second.slug)).matches[0]!.phase).toBe("queued");
    await world.asAdmin.action(api.cupAdmin.matchChange, {
      matchId: a.id,
      change: { kind: "walkover", winner: a.teamA! },
    });
    // The first cup is over; its server went to the second cup's match at once.
    const over = await bracketOf(world, first.slug);
    expect(over.status).toBe("finished");
    // The walked-over match's ban/pick is closed: no turn left open, no timer to ban.
    const veto = (await world.t.query(api.tournament.get, {
      slug: over.matches[0]!.tournamentSlug!,
    }))!;
    expect(veto.archived).toBe(true);
    expect(veto.deadline).toBeUndefined();
    expect(
      await world.players[0]!.mutation(api.tournament.ban, {
        tournamentId: veto.id,
        map: veto.mapPool[0]!,
        expectedStep: 0,
        sessionId: "cup-session" as never,
      }),
    ).toEqual({
      refused: {
        code: "CONFLICT",
        key: "refusal.tournament.archived",
        message: "Турнір в архіві.",
      },
    });
    expect((await bracketOf(world, second.slug)).matches[0]).toMatchObject({
      phase: "veto",
      serverId: world.serverIds[0],
    });
  });
});

describe("a stalled cup match", () => {
  test("a drawn BO1 map: the admin is told, and a replay plays the match again from the start", async () => {
    const world = await setup(2);
    const cup = await createCup(world);
    await startedCup(world, cup);
    const live = await firstSemiOnServer(world, cup.slug);
    const started = Date.now() + 1000;
    const { tournament, map } = await vetoAndLaunch(
      world,
      live.tournamentSlug!,
      live.serverId!,
      started,
    );
    expect(await world.asAdmin.query(api.cupAdmin.stalls, { cupId: cup.id })).toMatchObject({
      stalls: [],
    });
    // CS2 without overtime: 12:12, recorded with both seated players.
    await world.t.run(async (ctx) => {
      await recordMatch(ctx, live.serverId!, {
        startedAt: started,
        endedAt: started + 1_800_000,
        mapName: map,
        scoreCT: 12,
        scoreT: 12,
        rounds: 24,
        source: "poll",
        lines: [
          historyLine(steamOf(0), "Гравець 0", "CT", 20),
          historyLine(steamOf(3), "Гравець 3", "T", 18),
        ],
      });
    });
    const stalled = (await bracketOf(world, cup.slug)).matches[0]!;
    expect(stalled).toMatchObject({ phase: "live", live: { a: 0, b: 0 } });
    expect(stalled.result).toBeUndefined();
    const told = await world.asAdmin.query(api.cupAdmin.stalls, { cupId: cup.id });
    expect(told.stalls).toEqual([{ matchId: live.id, key: live.key, kind: "draw", at: 0 }]);
    expect(told.freeServers).toEqual([{ id: world.serverIds[1], name: "Server #1" }]);
    await expect(world.asUser.query(api.cupAdmin.stalls, { cupId: cup.id })).rejects.toThrow();

    await world.asAdmin.action(api.cupAdmin.matchChange, {
      matchId: live.id,
      change: { kind: "replay" },
    });
    const again = (await bracketOf(world, cup.slug)).matches[0]!;
    expect(again).toMatchObject({ phase: "scheduled", checkedIn: [] });
    expect(again.startAt).toBeGreaterThan(Date.now());
    expect(again.serverId).toBeUndefined();
    expect(again.tournamentSlug).toBeUndefined();
    // The drawn series is closed; the match is nobody's stall any more.
    expect((await world.t.query(api.tournament.get, { slug: tournament.slug }))!.archived).toBe(
      true,
    );
    expect((await world.asAdmin.query(api.cupAdmin.stalls, { cupId: cup.id })).stalls).toEqual([]);
    const audit = await world.t.run((ctx) => ctx.db.query("auditLog").collect());
    expect(audit.find((e) => e.action === "cup_replay")?.details).toContain("replay (live)");
  });

  test("its server stopped answering: the admin moves the match to a free server, its map launched there anew", async () => {
    const world = await setup(3);
    const cup = await createCup(world);
    await startedCup(world, cup);
    const live = await firstSemiOnServer(world, cup.slug);
    const from = live.serverId!;
    const { tournament } = await vetoAndLaunch(world, live.tournamentSlug!, from, Date.now());
    await world.t.run(async (ctx) => {
      const down = Date.now() - 3 * 60_000;
      await ctx.db.insert("serverStatus", {
        serverId: from,
        online: false,
        livenessAt: down,
        changedAt: down,
      });
    });
    const told = await world.asAdmin.query(api.cupAdmin.stalls, { cupId: cup.id });
    expect(told.stalls).toMatchObject([{ key: live.key, kind: "serverOffline" }]);
    expect(told.stalls[0]!.at).toBeLessThanOrEqual(Date.now());
    const to = told.freeServers[0]!.id;
    expect(to).not.toBe(from);

    // Onto its own server, or a server outside the pool: refused.
    for (const serverId of [from]) {
      await expect(
        world.asAdmin.action(api.cupAdmin.moveServer, { matchId: live.id, toServerId: serverId }),
      ).rejects.toMatchObject({ data: { code: "CONFLICT", message: M.serverNotFree.message } });
    }
    await world.asAdmin.action(api.cupAdmin.moveServer, { matchId: live.id, toServerId: to });
    expect((await bracketOf(world, cup.slug)).matches[0]).toMatchObject({
      phase: "veto",
      serverId: to,
    });
    // The map in play is launched again on the new server (the launch job, the veto kept).
    const jobs = await world.t.run((ctx) => ctx.db.system.query("_scheduled_functions").collect());
    expect(jobs.filter((j) => j.name.includes("launchNext")).map((j) => j.args[0])).toContainEqual({
      tournamentId: tournament.id,
      attempt: 0,
      again: true,
    });
    const target = await world.t.query(internal.cups.launchTarget, {
      tournamentId: tournament.id,
      again: true,
    });
    expect(target).toMatchObject({ serverId: to, mapIndex: 0 });
    expect((await world.asAdmin.query(api.cupAdmin.stalls, { cupId: cup.id })).stalls).toEqual([]);
    // A decided or waiting match is on no server to move.
    const other = (await bracketOf(world, cup.slug)).matches[1]!;
    await expect(
      world.asAdmin.action(api.cupAdmin.moveServer, { matchId: other.id, toServerId: to }),
    ).rejects.toMatchObject({ data: { code: "CONFLICT", message: M.notOnServer.message } });
    const audit = await world.t.run((ctx) => ctx.db.query("auditLog").collect());
    // The refusals and the move, each audited.
    expect(audit.filter((e) => e.action === "cup_move_server").map((e) => e.details)).toEqual([
      M.serverNotFree.message,
      expect.stringMatching(/: Server #0 → Server #[12]$/),
      M.notOnServer.message,
    ]);
  });
});
