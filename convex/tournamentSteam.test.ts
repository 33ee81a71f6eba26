/**
 * Tournaments that need a linked Steam account: seats are SteamIDs (whatever browser the player
 * uses), the name comes from Steam, leave before the veto, admin remove/replace (audited), launch
 * carries SteamIDs; and a series whose result comes from the recorded matches of its maps.
 */
import type { SessionId } from "convex-helpers/server/sessions";
import { describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import type { TournamentFormat } from "./lib/tournamentFields";
import { recordMatch, voidMatch } from "./model/history/record";
import { recordLaunch } from "./model/tournament/launch";
import { TOURNAMENT_MESSAGES as M } from "./model/tournament/state";
import { historyLine } from "./testing/history.fixtures";
import { playerOnServer } from "./testing/live.fixtures";
import { personas, serverRow, setupTest, throwingRefusals } from "./test.setup";

const sid = (id: string) => `secret-session-${id}` as SessionId;
const PETRO = "76561198000000501";
const MAKSYM = "76561198000000502";
const SUB = "76561198000000503";
const IMPOSTOR = "76561198000000599";

/** 1v1 best of three: A bans, B bans, A picks, B sides, B picks, A sides, decider side by A. */
const BO3_1V1: TournamentFormat = {
  preset: "custom",
  teamSize: 1,
  mapPool: ["de_ancient", "de_dust2", "de_mirage", "de_nuke", "de_train"],
  sequence: [
    { team: "teamA", action: "Ban" },
    { team: "teamB", action: "Ban" },
    { team: "teamA", action: "Pick" },
    { team: "teamB", action: "SidePick" },
    { team: "teamB", action: "Pick" },
    { team: "teamA", action: "SidePick" },
    { team: "teamA", action: "SidePick" },
  ],
  readyCheck: false,
  turnSeconds: 0,
  firstTeam: "teamA",
  steamRequired: true,
};

async function setup() {
  const t = throwingRefusals(setupTest());
  const people = await personas(t);
  await t.run(async (ctx) => {
    for (const [subject, steamId, steamName] of [
      ["user-1", PETRO, "Петро"],
      ["moderator-1", MAKSYM, "Максим"],
    ] as const) {
      const user = await ctx.db
        .query("users")
        .withIndex("by_tokenIdentifier", (q) => q.eq("tokenIdentifier", `https://test|${subject}`))
        .unique();
      await ctx.db.patch("users", user!._id, { steamId, steamName });
    }
  });
  const { id } = await people.asAdmin.action(api.tournamentAdmin.create, { format: BO3_1V1 });
  return { t, ...people, id };
}

const get = async (t: Awaited<ReturnType<typeof setup>>["t"]) =>
  (await t.query(api.tournament.get, {}))!;

type Setup = Awaited<ReturnType<typeof setup>>;
type Caller = Setup["asUser"];

/** Петро (the user) takes team A, Максим (the moderator) team B: the veto starts. */
async function seatBoth({ asUser, asModerator, id }: Setup) {
  for (const [who, team] of [
    [asUser, "teamA"],
    [asModerator, "teamB"],
  ] as const) {
    await who.mutation(api.tournament.join, {
      tournamentId: id,
      sessionId: sid(team),
      team,
      nickname: "",
    });
  }
}

/** The whole BO3 veto: Mirage (B's side CT), Nuke (A's side T), Train (A's side CT). */
async function playVeto({ asUser, asModerator, id }: Setup) {
  const step = (who: Caller, team: string, expectedStep: number) => ({
    who,
    args: { tournamentId: id, sessionId: sid(team), expectedStep },
  });
  const A = (n: number) => step(asUser, "teamA", n);
  const B = (n: number) => step(asModerator, "teamB", n);
  let s = A(0);
  await s.who.mutation(api.tournament.ban, { ...s.args, map: "de_ancient" });
  s = B(1);
  await s.who.mutation(api.tournament.ban, { ...s.args, map: "de_dust2" });
  s = A(2);
  await s.who.mutation(api.tournament.pickMap, { ...s.args, map: "de_mirage" });
  s = B(3);
  await s.who.mutation(api.tournament.pickSide, { ...s.args, side: "CT" });
  s = B(4);
  await s.who.mutation(api.tournament.pickMap, { ...s.args, map: "de_nuke" });
  s = A(5);
  await s.who.mutation(api.tournament.pickSide, { ...s.args, side: "T" });
  s = A(6);
  await s.who.mutation(api.tournament.pickSide, { ...s.args, side: "CT" });
}

describe("a tournament that needs Steam", () => {
  test("seats are SteamIDs with Steam names; no link, no seat; leave before the veto", async () => {
    const { t, asUser, asModerator, asAdmin, anonymous, id } = await setup();
    await expect(
      anonymous.mutation(api.tournament.join, {
        tournamentId: id,
        sessionId: sid("x"),
        team: "teamA",
        nickname: "Anon",
      }),
    ).rejects.toMatchObject({ data: { message: M.steamRequired } });
    // The admin has no Steam link either.
    await expect(
      asAdmin.mutation(api.tournament.join, {
        tournamentId: id,
        sessionId: sid("admin"),
        team: "teamA",
        nickname: "Olena",
      }),
    ).rejects.toMatchObject({ data: { message: M.steamRequired } });

    await asUser.mutation(api.tournament.join, {
      tournamentId: id,
      sessionId: sid("p1"),
      team: "teamA",
      nickname: "ignored",
    });
    expect((await get(t)).teamA.players).toMatchObject([{ nickname: "Петро", steamId: PETRO }]);
    // Another browser of the same user is the same seat.
    expect(
      await asUser.query(api.tournament.me, { tournamentId: id, sessionId: sid("p2") }),
    ).toMatchObject({ team: "teamA", nickname: "Петро" });
    await expect(
      asUser.mutation(api.tournament.join, {
        tournamentId: id,
        sessionId: sid("p2"),
        team: "teamB",
        nickname: "again",
      }),
    ).rejects.toMatchObject({ data: { message: M.alreadyJoined } });

    await asUser.mutation(api.tournament.leave, { tournamentId: id, sessionId: sid("p2") });
    expect((await get(t)).teamA.players).toEqual([]);
    await asUser.mutation(api.tournament.join, {
      tournamentId: id,
      sessionId: sid("p1"),
      team: "teamA",
      nickname: "",
    });
    await asModerator.mutation(api.tournament.join, {
      tournamentId: id,
      sessionId: sid("m1"),
      team: "teamB",
      nickname: "",
    });
    expect((await get(t)).status).toBe("in_progress");
    await expect(
      asUser.mutation(api.tournament.leave, { tournamentId: id, sessionId: sid("p1") }),
    ).rejects.toMatchObject({ data: { message: M.leaveTooLate } });
  });

  test("an admin replaces a seat by SteamID (audited); the old holder cannot act, the new one can", async () => {
    const world = await setup();
    const { t, asUser, asModerator, asAdmin, id } = world;
    await seatBoth(world);
    // Steam's name for the newcomer, cached when a server's player list showed them.
    await t.run((ctx) =>
      ctx.db.insert("steamProfiles", { steamId: SUB, personaName: "Сашко", fetchedAt: Date.now() }),
    );
    await asAdmin.action(api.tournamentAdmin.seatOp, {
      tournamentId: id,
      team: "teamA",
      nickname: "Петро",
      op: "replace",
      steamId: `https://steamcommunity.com/profiles/${SUB}`,
    });
    const after = await get(t);
    expect(after.teamA.players).toMatchObject([{ steamId: SUB, nickname: "Сашко" }]);
    await expect(
      asUser.mutation(api.tournament.ban, {
        tournamentId: id,
        sessionId: sid("teamA"),
        map: "de_ancient",
        expectedStep: 0,
      }),
    ).rejects.toMatchObject({ data: { message: M.notMember } });
    const audit = await t.run((ctx) => ctx.db.query("auditLog").collect());
    expect(audit.map((e) => e.action)).toContain("tournament_seat_replace");
    // Not a SteamID: a clear message, nothing changed.
    await expect(
      asAdmin.action(api.tournamentAdmin.seatOp, {
        tournamentId: id,
        team: "teamB",
        nickname: "Максим",
        op: "replace",
        steamId: "somebody",
      }),
    ).rejects.toMatchObject({ data: { code: "INVALID_INPUT" } });
    await asAdmin.action(api.tournamentAdmin.seatOp, {
      tournamentId: id,
      team: "teamB",
      nickname: "Максим",
      op: "remove",
    });
    expect((await get(t)).teamB.players).toEqual([]);
    // The freed seat is taken again without restarting the veto.
    await asModerator.mutation(api.tournament.join, {
      tournamentId: id,
      sessionId: sid("m2"),
      team: "teamB",
      nickname: "",
    });
    expect((await get(t)).history.filter((h) => h.action === "coinToss")).toHaveLength(1);
  });

  test("readiness finds Steam seats by SteamID, whatever name is on the server", async () => {
    const world = await setup();
    const { t, asAdmin, id } = world;
    await seatBoth(world);
    const serverId = await t.run((ctx) => ctx.db.insert("servers", serverRow()));
    // Someone else calls himself «Петро»; Максим plays under another name.
    await t.run((ctx) =>
      ctx.db.insert("playerSnapshots", {
        serverId,
        players: [playerOnServer(IMPOSTOR, "Петро"), playerOnServer(MAKSYM, "m4x")],
        updatedAt: 5,
      }),
    );
    expect(
      await asAdmin.query(api.tournamentAdmin.readiness, { tournamentId: id, serverId }),
    ).toEqual({
      players: [
        { nickname: "Петро", team: "teamA", connected: false },
        { nickname: "Максим", team: "teamB", connected: true },
      ],
      connected: 1,
      total: 2,
      updatedAt: 5,
    });
  });

  test("once a map is launched no seat can be freed or handed over (refusals audited)", async () => {
    const world = await setup();
    const { t, asAdmin, id } = world;
    await seatBoth(world);
    await playVeto(world);
    await t.run((ctx) =>
      recordLaunch(
        ctx,
        { tournamentId: id, mode: "wingman", map: "de_mirage", mapIndex: 0 },
        { username: "Olena", identity: "admin" },
        undefined,
      ),
    );
    const seatOp = (op: "remove" | "replace") =>
      asAdmin.action(api.tournamentAdmin.seatOp, {
        tournamentId: id,
        team: "teamB",
        nickname: "Максим",
        op,
        ...(op === "replace" ? { steamId: SUB } : {}),
      });
    for (const op of ["remove", "replace"] as const) {
      await expect(seatOp(op)).rejects.toMatchObject({
        data: { code: "CONFLICT", message: M.rosterLocked },
      });
    }
    expect((await get(t)).teamB.players).toMatchObject([{ nickname: "Максим", steamId: MAKSYM }]);
    const audit = await t.run((ctx) => ctx.db.query("auditLog").collect());
    expect(
      audit
        .filter((e) => e.action.startsWith("tournament_seat_"))
        .map((e) => [e.action, e.outcome, e.details]),
    ).toEqual([
      ["tournament_seat_remove", "failure", M.rosterLocked],
      ["tournament_seat_replace", "failure", M.rosterLocked],
    ]);
  });

  test("a BO3 finishes from the recorded matches of its maps; launch waits for each result", async () => {
    const world = await setup();
    const { t, asAdmin, id } = world;
    await asAdmin.action(api.tournamentAdmin.rename, {
      tournamentId: id,
      name: "Кубок вечора",
      teamA: "Вовки",
      teamB: "Лиси",
    });
    await seatBoth(world);
    await playVeto(world);
    const done = await get(t);
    expect(done.status).toBe("finished");
    expect(done.series.map((m) => m.map)).toEqual(["de_mirage", "de_nuke", "de_train"]);

    // Launch payloads (as the launch action builds them) carry SteamIDs and the team names.
    const info = await t.query(api.tournament.get, {}).then(() =>
      t.run(async (ctx) => {
        const { launchPayload } = await import("./model/tournament/state");
        return launchPayload((await ctx.db.get("tournaments", id))!, "wingman", 0);
      }),
    );
    expect(info.TeamA).toMatchObject({ Name: "Вовки", SteamIds: [PETRO], Side: "T" });
    expect(info.TeamB).toMatchObject({ Name: "Лиси", SteamIds: [MAKSYM], Side: "CT" });

    const serverId = await t.run((ctx) => ctx.db.insert("servers", serverRow()));
    const elsewhere = await t.run((ctx) =>
      ctx.db.insert("servers", serverRow({ key: "s2", name: "Server #2" })),
    );
    let clock = Date.now();
    let launchedAt = clock;
    const launchAndPlay = async (
      mapIndex: number,
      winner: string,
      played: { on?: Id<"servers">; startedBeforeLaunch?: boolean; launch?: boolean } = {},
    ) => {
      if (played.launch !== false) {
        launchedAt = clock + 1;
        await t.run(async (ctx) => {
          const { launchPayload, markLaunched } = await import("./model/tournament/state");
          const doc = (await ctx.db.get("tournaments", id))!;
          launchPayload(doc, "wingman", mapIndex);
          const { _id, _creationTime, ...state } = doc;
          await ctx.db.replace(
            "tournaments",
            id,
            markLaunched(state, "wingman", mapIndex, { serverId, at: launchedAt }),
          );
        });
      }
      // The winner ends on CT (sides swapped at half), 13:9.
      const loser = winner === PETRO ? MAKSYM : PETRO;
      clock += 3_600_000;
      await t.run(async (ctx) => {
        const doc = (await ctx.db.get("tournaments", id))!;
        await recordMatch(ctx, played.on ?? serverId, {
          startedAt: played.startedBeforeLaunch ? launchedAt - 1 : clock,
          endedAt: clock + 1_800_000,
          mapName: doc.series[mapIndex]!.map,
          scoreCT: 13,
          scoreT: 9,
          rounds: 22,
          source: "poll",
          lines: [
            historyLine(winner, winner === PETRO ? "Петро" : "Максим", "CT", 20),
            historyLine(loser, loser === PETRO ? "Петро" : "Максим", "T", 10),
          ],
        });
      });
    };
    // The launched map played by the very same players on another server, or on this server
    // before the launch, counts for nothing.
    await launchAndPlay(0, MAKSYM, { on: elsewhere });
    await launchAndPlay(0, MAKSYM, { launch: false, startedBeforeLaunch: true });
    expect((await get(t)).seriesResults).toEqual([]);
    await launchAndPlay(0, PETRO, { launch: false });
    let now = await get(t);
    expect(now.seriesResults).toMatchObject([
      { mapIndex: 0, winner: "teamA", scoreA: 13, scoreB: 9 },
    ]);
    expect(now.seriesWinner).toBeNull();
    await launchAndPlay(1, MAKSYM);
    now = await get(t);
    expect(now.seriesResults.map((r) => r.winner)).toEqual(["teamA", "teamB"]);
    expect(now.seriesWinner).toBeNull();
    await launchAndPlay(2, PETRO);
    now = await get(t);
    expect(now.seriesWinner).toBe("teamA");
    const matches = await t.run((ctx) => ctx.db.query("matches").collect());
    expect(matches.map((m) => m.tournamentId === id)).toEqual([false, false, true, true, true]);
  });

  test("a BO3 never dead-ends: a public game on map 1 is no result, a voided map 1 launches again", async () => {
    const world = await setup();
    const { t, id } = world;
    await seatBoth(world);
    await playVeto(world);
    const serverId = await t.run((ctx) => ctx.db.insert("servers", serverRow()));
    const launch = (mapIndex: number) =>
      t.run(async (ctx) => {
        const { launchPayload } = await import("./model/tournament/state");
        const doc = (await ctx.db.get("tournaments", id))!;
        const map = launchPayload(doc, "wingman", mapIndex).Map;
        const launched = { tournamentId: id, mode: "wingman", map, mapIndex };
        await recordLaunch(ctx, launched, { username: "Olena", identity: "admin" }, serverId);
      });
    let clock = Date.now();
    const play = (lines: ReturnType<typeof historyLine>[]) =>
      t.run(async (ctx) => {
        clock += 3_600_000;
        return await recordMatch(ctx, serverId, {
          startedAt: clock,
          endedAt: clock + 1_800_000,
          mapName: "de_mirage",
          scoreCT: 13,
          scoreT: 9,
          rounds: 22,
          source: "poll",
          lines,
        });
      });
    await launch(0);
    // Strangers play a public game on map 1: not the series' match.
    const stray = await play([
      historyLine("76561198000000777", "Хтось", "CT", 20),
      historyLine("76561198000000778", "Інший", "T", 10),
    ]);
    const strayMatch = await t.run((ctx) => ctx.db.get("matches", stray!));
    expect(strayMatch?.tournamentId).toBeUndefined();
    // Map 2 still waits, and map 1 may be launched again meanwhile.
    await expect(launch(1)).rejects.toThrow(M.seriesWaiting(1).message);
    await launch(0);
    expect(await get(t)).toMatchObject({ launchedMaps: 1, seriesResults: [] });
    // The roster plays it; the admin voids that match (a broken map): map 1 again, not map 2.
    const played = await play([
      historyLine(PETRO, "Петро", "CT", 20),
      historyLine(MAKSYM, "Максим", "T", 10),
    ]);
    expect((await get(t)).seriesResults).toHaveLength(1);
    await t.run((ctx) => voidMatch(ctx, played!));
    expect((await get(t)).seriesResults).toEqual([]);
    await expect(launch(1)).rejects.toThrow(M.seriesWaiting(1).message);
    await launch(0);
    await play([historyLine(PETRO, "Петро", "CT", 20), historyLine(MAKSYM, "Максим", "T", 10)]);
    expect((await get(t)).seriesResults).toMatchObject([{ mapIndex: 0, winner: "teamA" }]);
    // Now map 1 is done and map 2 opens.
    await expect(launch(0)).rejects.toThrow(M.alreadyLaunched);
    await launch(1);
    expect((await get(t)).launchedMaps).toBe(2);
  });

  test("the next map cannot launch before the previous result, nor after the series is won", async () => {
    const { t, id } = await setup();
    await t.run(async (ctx) => {
      const { launchPayload } = await import("./model/tournament/state");
      const doc = (await ctx.db.get("tournaments", id))!;
      const finished = {
        ...doc,
        status: "finished" as const,
        teamA: { name: "A", players: [{ nickname: "a", joinedAt: 0, steamId: PETRO }] },
        teamB: { name: "B", players: [{ nickname: "b", joinedAt: 0, steamId: MAKSYM }] },
        series: [
          {
            map: "de_mirage",
            pickedBy: "teamA" as const,
            side: "CT" as const,
            sideBy: "teamB" as const,
          },
          {
            map: "de_nuke",
            pickedBy: "teamB" as const,
            side: "T" as const,
            sideBy: "teamA" as const,
          },
          { map: "de_train", side: "CT" as const, sideBy: "teamA" as const },
        ],
        launchedMaps: 1,
      };
      expect(() => launchPayload(finished, "wingman", 1)).toThrow(M.seriesWaiting(1).message);
      const result = {
        mapIndex: 0,
        map: "de_mirage",
        matchId: "x" as Id<"matches">,
        winner: "teamA" as const,
        scoreA: 13,
        scoreB: 2,
      };
      expect(launchPayload({ ...finished, seriesResults: [result] }, "wingman", 1).Map).toBe(
        "de_nuke",
      );
      expect(() =>
        launchPayload(
          {
            ...finished,
            launchedMaps: 2,
            seriesResults: [result, { ...result, mapIndex: 1, map: "de_nuke" }],
            seriesWinner: "teamA",
          },
          "wingman",
          2,
        ),
      ).toThrow(M.seriesWon("A").message);
    });
  });
});
