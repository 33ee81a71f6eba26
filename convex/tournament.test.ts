import type { SessionId } from "convex-helpers/server/sessions";
import { afterEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import type { TournamentFormat } from "./lib/tournamentFields";
import { RATE_LIMITED_MESSAGE } from "./lib/rateLimits";
import { MAP_POOL } from "./lib/tournamentPresets";
import { TOURNAMENT_MESSAGES as M } from "./model/tournament/state";
import { presetFormat } from "./lib/tournamentPresets";
import { FORMAT_MESSAGES } from "./model/tournament/formats";
import { launchInfoOf, recordLaunch } from "./model/tournament/launch";
import { personas, serverRow, setupTest, throwingRefusals, type TestConvex } from "./test.setup";
import { playerOnServer as onServer } from "./testing/live.fixtures";

const sid = (id: string) => `secret-session-${id}` as SessionId;
const [a1, a2, b1, b2, outsider] = ["a1", "a2", "b1", "b2", "x"].map(sid) as [
  SessionId,
  SessionId,
  SessionId,
  SessionId,
  SessionId,
];

type Created = { id: Id<"tournaments">; slug: string };

async function setup(format: TournamentFormat = presetFormat("default")) {
  const t = throwingRefusals(setupTest());
  const people = await personas(t);
  const created: Created = await people.asAdmin.action(api.tournamentAdmin.create, { format });
  return { t, ...people, ...created };
}

async function fillTeams(t: TestConvex, tournamentId: Id<"tournaments">) {
  const join = (sessionId: SessionId, team: "teamA" | "teamB", nickname: string) =>
    t.mutation(api.tournament.join, { tournamentId, sessionId, team, nickname });
  await join(a1, "teamA", "alpha");
  await join(a2, "teamA", "bravo");
  await join(b1, "teamB", "charlie");
  await join(b2, "teamB", "delta");
}

/** Bans the first five pool maps, each by a member of the team in turn. */
async function banToSidePick(t: TestConvex, slug: string, tournamentId: Id<"tournaments">) {
  for (const [step, map] of MAP_POOL.slice(0, 5).entries()) {
    const view = await t.query(api.tournament.get, { slug });
    const sessionId = view!.turn === "teamA" ? a1 : b2;
    await t.mutation(api.tournament.ban, { tournamentId, sessionId, map, expectedStep: step });
  }
}

const refused = (message: string) => ({ data: expect.objectContaining({ message }) });

afterEach(() => {
  vi.useRealTimers();
});

describe("creating", () => {
  test("an admin creates tournaments with their own links; non-admins are refused and audited", async () => {
    const { t, asUser, asAdmin, slug } = await setup();
    expect(await t.query(api.tournament.get, { slug })).toMatchObject({
      status: "waiting_for_teams",
      remainingMaps: [...MAP_POOL],
      teamA: { players: [] },
    });
    const second: Created = await asAdmin.action(api.tournamentAdmin.create, {
      format: presetFormat("bo3"),
    });
    expect(second.slug).not.toBe(slug);
    expect((await t.query(api.tournament.list, {})).map((x) => x.slug)).toEqual([
      second.slug,
      slug,
    ]);
    const format = presetFormat("default");
    await expect(asUser.action(api.tournamentAdmin.create, { format })).rejects.toMatchObject({
      data: { code: "FORBIDDEN" },
    });
    const log = await t.run(async (ctx) => await ctx.db.query("auditLog").collect());
    expect(log.map((e) => [e.action, e.outcome])).toEqual([
      ["tournament_create", "success"],
      ["tournament_create", "success"],
      ["tournament_create", "unauthorized"],
    ]);
  });

  test("an unplayable custom format is refused with a clear message", async () => {
    const { asAdmin } = await setup();
    const format: TournamentFormat = {
      ...presetFormat("default"),
      preset: "custom",
      sequence: [
        { team: "teamA", action: "Ban" },
        { team: "teamA", action: "SidePick" },
      ],
    };
    await expect(asAdmin.action(api.tournamentAdmin.create, { format })).rejects.toMatchObject(
      refused(FORMAT_MESSAGES.mapsLeft(5).message),
    );
    const tampered = { ...presetFormat("default"), teamSize: 5 };
    await expect(
      asAdmin.action(api.tournamentAdmin.create, { format: tampered }),
    ).rejects.toMatchObject(refused(FORMAT_MESSAGES.presetMismatch.message));
  });

  test("an unknown slug shows nothing and the archive keeps a tournament out of the list", async () => {
    const { t, asAdmin, id, slug } = await setup();
    expect(await t.query(api.tournament.get, { slug: "nope\u0000" })).toBeNull();
    await asAdmin.action(api.tournamentAdmin.adminOp, { tournamentId: id, op: "archive" });
    expect(await t.query(api.tournament.list, {})).toEqual([]);
    const archived = await t.query(api.tournament.listArchived, {
      paginationOpts: { numItems: 10, cursor: null },
    });
    expect(archived.page.map((x) => x.slug)).toEqual([slug]);
    await expect(
      t.mutation(api.tournament.join, {
        tournamentId: id,
        sessionId: a1,
        team: "teamA",
        nickname: "x",
      }),
    ).rejects.toMatchObject(refused(M.archived));
  });
});

describe("the spec's default flow", () => {
  test("fills the teams, starts with team A (fixed, recorded) and plays to the side pick", async () => {
    const { t, asAdmin, asUser, id, slug } = await setup();
    await fillTeams(t, id);
    expect(await t.query(api.tournament.me, { tournamentId: id, sessionId: a1 })).toEqual({
      team: "teamA",
      nickname: "alpha",
      ready: false,
    });
    const started = await t.query(api.tournament.get, { slug });
    expect(started).toMatchObject({ status: "in_progress", turn: "teamA", phase: "Ban" });
    expect(started!.deadline).toBeUndefined();
    expect(started!.history.at(-1)).toMatchObject({
      action: "coinToss",
      value: "teamA",
      fixed: true,
    });
    await banToSidePick(t, slug, id);
    await expect(
      t.mutation(api.tournament.pickSide, {
        tournamentId: id,
        sessionId: b1,
        side: "CT",
        expectedStep: 5,
      }),
    ).rejects.toMatchObject(refused(M.notYourTurn));
    // An admin decides for the team in turn through the admin capability, never as a participant.
    await expect(
      asAdmin.mutation(api.tournament.pickSide, {
        tournamentId: id,
        sessionId: outsider,
        side: "T",
        expectedStep: 5,
      }),
    ).rejects.toMatchObject(refused(M.notMember));
    await expect(
      asUser.action(api.tournamentAdmin.pickSide, { tournamentId: id, side: "T", expectedStep: 5 }),
    ).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
    await asAdmin.action(api.tournamentAdmin.pickSide, {
      tournamentId: id,
      side: "T",
      expectedStep: 5,
    });
    const done = await t.query(api.tournament.get, { slug });
    expect(done).toMatchObject({ status: "finished", finalMap: "de_brewery", finalSide: "T" });
    expect(done!.series[0]).toMatchObject({ map: "de_brewery", side: "T" });
    const log = await t.run(async (ctx) => await ctx.db.query("auditLog").collect());
    expect(log.at(-1)).toMatchObject({
      username: "Olena",
      action: "tournament_pick_side",
      outcome: "success",
      details: `${slug} teamA: T`,
    });
    // The user's refused attempt is in the log too, as unauthorized.
    expect(
      log.some((e) => e.action === "tournament_pick_side" && e.outcome === "unauthorized"),
    ).toBe(true);
  });

  test("two racing bans for the same step: exactly one wins, the other is told why", async () => {
    const { t, id, slug } = await setup();
    await fillTeams(t, id);
    const results = await Promise.allSettled([
      t.mutation(api.tournament.ban, {
        tournamentId: id,
        sessionId: a1,
        map: "de_nuke",
        expectedStep: 0,
      }),
      t.mutation(api.tournament.ban, {
        tournamentId: id,
        sessionId: a2,
        map: "de_vertigo",
        expectedStep: 0,
      }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [lost] = results.filter((r) => r.status === "rejected");
    expect(lost!.reason).toMatchObject(refused(M.staleStep));
    expect(await t.query(api.tournament.get, { slug })).toMatchObject({
      currentStep: 1,
      turn: "teamB",
    });
  });
});

describe("several tournaments", () => {
  test("seats, steps and limits of one tournament do not touch another", async () => {
    const { t, asAdmin, id, slug } = await setup();
    const other: Created = await asAdmin.action(api.tournamentAdmin.create, {
      format: presetFormat("default"),
    });
    await fillTeams(t, id);
    // The same browser sessions join the second tournament on other teams.
    await t.mutation(api.tournament.join, {
      tournamentId: other.id,
      sessionId: a1,
      team: "teamB",
      nickname: "alpha",
    });
    expect(
      await t.query(api.tournament.me, { tournamentId: other.id, sessionId: a1 }),
    ).toMatchObject({
      team: "teamB",
    });
    await t.mutation(api.tournament.ban, {
      tournamentId: id,
      sessionId: a1,
      map: "de_nuke",
      expectedStep: 0,
    });
    const second = await t.query(api.tournament.get, { slug: other.slug });
    expect(second).toMatchObject({ status: "waiting_for_teams", bannedMaps: [], currentStep: 0 });
    expect(second!.teamB.players.map((p) => p.nickname)).toEqual(["alpha"]);
    expect((await t.query(api.tournament.get, { slug }))!.bannedMaps).toEqual([
      { map: "de_nuke", team: "teamA" },
    ]);
    // A seat in one tournament is no seat in the other.
    await expect(
      t.mutation(api.tournament.ban, {
        tournamentId: other.id,
        sessionId: a2,
        map: "de_nuke",
        expectedStep: 0,
      }),
    ).rejects.toMatchObject(refused(M.notStarted));
  });

  test("session ids never appear in what clients can read", async () => {
    const { t, id, slug } = await setup();
    await fillTeams(t, id);
    const seen = JSON.stringify([
      await t.query(api.tournament.get, { slug }),
      await t.query(api.tournament.list, {}),
      await t.query(api.tournament.me, { tournamentId: id, sessionId: a1 }),
    ]);
    expect(seen).not.toContain("secret-session");
  });

  test("a burst of writes from one session is refused after the per-session budget", async () => {
    vi.useFakeTimers(); // the clock stands still: nothing refills during the loop
    const { t, asAdmin } = await setup();
    for (let round = 0; round < 8; round++) {
      const { id }: Created = await asAdmin.action(api.tournamentAdmin.create, {
        format: presetFormat("default"),
      });
      await t.mutation(api.tournament.join, {
        tournamentId: id,
        sessionId: a1,
        team: "teamA",
        nickname: "alpha",
      });
    }
    const { id }: Created = await asAdmin.action(api.tournamentAdmin.create, {
      format: presetFormat("default"),
    });
    await expect(
      t.mutation(api.tournament.join, {
        tournamentId: id,
        sessionId: a1,
        team: "teamA",
        nickname: "alpha",
      }),
    ).rejects.toMatchObject({ data: { code: "RATE_LIMITED", message: RATE_LIMITED_MESSAGE } });
    await t.mutation(api.tournament.join, {
      tournamentId: id,
      sessionId: a2,
      team: "teamA",
      nickname: "bravo",
    });
  });
});

describe("strangers cannot spend the seated players' budget", () => {
  // 160 mutations in a row: about a second alone, many more on a busy machine.
  test("a flood of refused moves from fresh sessions leaves the team in turn free to move", async () => {
    vi.useFakeTimers(); // nothing refills during the flood
    const { t, id, slug } = await setup();
    await fillTeams(t, id);
    // ~8 calls a second for 20 s from a new session each time, all refused (not members).
    let limited = 0;
    for (let i = 0; i < 160; i++) {
      await t
        .mutation(api.tournament.ban, {
          tournamentId: id,
          sessionId: sid(`stranger-${i}`),
          map: MAP_POOL[0]!,
          expectedStep: 0,
        })
        .catch((error: { data?: { code?: string } }) => {
          if (error.data?.code === "RATE_LIMITED") limited++;
          else expect(error.data?.code).toBe("FORBIDDEN");
        });
    }
    expect(limited).toBeGreaterThan(0); // the strangers did hit their own limit
    const view = await t.query(api.tournament.get, { slug });
    const mover = view!.turn === "teamA" ? a1 : b1;
    expect(
      await t.mutation(api.tournament.ban, {
        tournamentId: id,
        sessionId: mover,
        map: MAP_POOL[0]!,
        expectedStep: 0,
      }),
    ).toBeNull();
    expect((await t.query(api.tournament.get, { slug }))!.bannedMaps).toHaveLength(1);
  }, 60_000);

  test("a flood of refused moves from fresh sessions leaves players free to join", async () => {
    vi.useFakeTimers(); // nothing refills during the flood
    const { t, id, slug } = await setup();
    let limited = 0;
    for (let i = 0; i < 60; i++) {
      await t
        .mutation(api.tournament.ban, {
          tournamentId: id,
          sessionId: sid(`flood-${i}`),
          map: MAP_POOL[0]!,
          expectedStep: 0,
        })
        .catch((error: { data?: { code?: string } }) => {
          if (error.data?.code === "RATE_LIMITED") limited++;
        });
    }
    expect(limited).toBeGreaterThan(0); // the strangers' own budget ran dry
    await fillTeams(t, id);
    const view = await t.query(api.tournament.get, { slug });
    expect([...view!.teamA.players, ...view!.teamB.players]).toHaveLength(4);
  }, 60_000);

  test("a signed-in caller's own budget follows the account, whatever session it presents", async () => {
    vi.useFakeTimers();
    const { asUser, id } = await setup();
    const user = asUser; // its refusals are thrown (setup wraps the client in throwingRefusals)
    const results: string[] = [];
    for (let i = 0; i < 12; i++) {
      await user
        .mutation(api.tournament.ban, {
          tournamentId: id,
          sessionId: sid(`user-session-${i}`),
          map: MAP_POOL[0]!,
          expectedStep: 0,
        })
        .catch((error: { data?: { code?: string } }) => results.push(error.data?.code ?? "?"));
    }
    expect(results.slice(0, 8).every((c) => c !== "RATE_LIMITED")).toBe(true);
    expect(results.slice(8).every((c) => c === "RATE_LIMITED")).toBe(true);
  });
});

/** A 1v1 duel with a ready check, a coin toss and a 60 s clock. */
async function duel() {
  vi.useFakeTimers();
  const s = await setup(presetFormat("duel"));
  await s.t.mutation(api.tournament.join, {
    tournamentId: s.id,
    sessionId: a1,
    team: "teamA",
    nickname: "alpha",
  });
  await s.t.mutation(api.tournament.join, {
    tournamentId: s.id,
    sessionId: b1,
    team: "teamB",
    nickname: "charlie",
  });
  return s;
}

const autoEntries = async (t: TestConvex, slug: string) =>
  (await t.query(api.tournament.get, { slug }))!.history.filter((h) => h.auto);

describe("ready check, coin toss and the turn timer", () => {
  test("the veto waits for every Готові; the admin may start it; the coin is recorded", async () => {
    const { t, asAdmin, id, slug } = await duel();
    expect(await t.query(api.tournament.get, { slug })).toMatchObject({ status: "ready_check" });
    await t.mutation(api.tournament.ready, { tournamentId: id, sessionId: a1 });
    await expect(
      t.mutation(api.tournament.ready, { tournamentId: id, sessionId: outsider }),
    ).rejects.toMatchObject(refused(M.notMember));
    await asAdmin.action(api.tournamentAdmin.adminOp, { tournamentId: id, op: "forceStart" });
    const view = (await t.query(api.tournament.get, { slug }))!;
    expect(view.status).toBe("in_progress");
    const toss = view.history.find((h) => h.action === "coinToss")!;
    expect(toss.fixed).toBeUndefined();
    expect(view.turn).toBe(toss.value);
    expect(view.deadline).toBe(Date.now() + 60_000);
  });

  test("the coin toss cannot be chosen by a client", async () => {
    const { t, id } = await duel();
    await expect(
      t.mutation(api.tournament.ready, { tournamentId: id, sessionId: a1, coin: "teamA" } as never),
    ).rejects.toThrow(/extra field|coin/i);
  });

  test("a stalled step is banned automatically once, for that step only", async () => {
    const { t, id, slug } = await duel();
    await t.mutation(api.tournament.ready, { tournamentId: id, sessionId: a1 });
    await t.mutation(api.tournament.ready, { tournamentId: id, sessionId: b1 });
    const before = (await t.query(api.tournament.get, { slug }))!;
    vi.advanceTimersByTime(59_000);
    await t.finishInProgressScheduledFunctions();
    expect(await autoEntries(t, slug)).toEqual([]);
    vi.advanceTimersByTime(1_000);
    await t.finishInProgressScheduledFunctions();
    const after = (await t.query(api.tournament.get, { slug }))!;
    expect(after.currentStep).toBe(1);
    expect(after.bannedMaps).toHaveLength(1);
    expect(after.bannedMaps[0]!.team).toBe(before.turn);
    expect(before.remainingMaps).toContain(after.bannedMaps[0]!.map);
    expect(await autoEntries(t, slug)).toHaveLength(1);
    // The next step got its own fresh minute.
    expect(after.deadline).toBe(Date.now() + 60_000);
  });

  test("a step played in time is never played again by its timer; pause stops the clock", async () => {
    const { t, asAdmin, id, slug } = await duel();
    await t.mutation(api.tournament.ready, { tournamentId: id, sessionId: a1 });
    await t.mutation(api.tournament.ready, { tournamentId: id, sessionId: b1 });
    const view = (await t.query(api.tournament.get, { slug }))!;
    const mover = view.turn === "teamA" ? a1 : b1;
    vi.advanceTimersByTime(30_000);
    await t.mutation(api.tournament.ban, {
      tournamentId: id,
      sessionId: mover,
      map: "de_nuke",
      expectedStep: 0,
    });
    await asAdmin.action(api.tournamentAdmin.adminOp, { tournamentId: id, op: "pause" });
    // Step 0's timer comes due and step 1's would too: neither acts.
    vi.advanceTimersByTime(120_000);
    await t.finishInProgressScheduledFunctions();
    const paused = (await t.query(api.tournament.get, { slug }))!;
    expect(paused).toMatchObject({ currentStep: 1, pausedRemainingMs: 60_000 });
    expect(await autoEntries(t, slug)).toEqual([]);
    const other = mover === a1 ? b1 : a1;
    await expect(
      t.mutation(api.tournament.ban, {
        tournamentId: id,
        sessionId: other,
        map: "de_inferno",
        expectedStep: 1,
      }),
    ).rejects.toMatchObject(refused(M.paused));
    await asAdmin.action(api.tournamentAdmin.adminOp, { tournamentId: id, op: "resume" });
    vi.advanceTimersByTime(60_000);
    await t.finishInProgressScheduledFunctions();
    const resumed = (await t.query(api.tournament.get, { slug }))!;
    expect(resumed.currentStep).toBe(2);
    expect((await autoEntries(t, slug)).map((h) => h.team)).toEqual([
      view.turn === "teamA" ? "teamB" : "teamA",
    ]);
  });
});

describe("archive", () => {
  test("archiving a running veto stops its clock and its steps; it comes back where it stopped", async () => {
    const { t, asAdmin, id, slug } = await duel();
    await t.mutation(api.tournament.ready, { tournamentId: id, sessionId: a1 });
    await t.mutation(api.tournament.ready, { tournamentId: id, sessionId: b1 });
    const view = (await t.query(api.tournament.get, { slug }))!;
    const mover = view.turn === "teamA" ? a1 : b1;
    vi.advanceTimersByTime(20_000);
    await asAdmin.action(api.tournamentAdmin.adminOp, { tournamentId: id, op: "archive" });
    // Its turn timer comes due meanwhile: nothing is played by time, nor by hand.
    vi.advanceTimersByTime(120_000);
    await t.finishInProgressScheduledFunctions();
    expect(await t.query(api.tournament.get, { slug })).toMatchObject({
      archived: true,
      currentStep: 0,
      pausedRemainingMs: 40_000,
    });
    expect(await autoEntries(t, slug)).toEqual([]);
    const ban = () =>
      t.mutation(api.tournament.ban, {
        tournamentId: id,
        sessionId: mover,
        map: "de_nuke",
        expectedStep: 0,
      });
    await expect(ban()).rejects.toMatchObject(refused(M.archived));
    await asAdmin.action(api.tournamentAdmin.adminOp, { tournamentId: id, op: "unarchive" });
    expect((await t.query(api.tournament.list, {})).map((x) => x.slug)).toContain(slug);
    await asAdmin.action(api.tournamentAdmin.adminOp, { tournamentId: id, op: "resume" });
    await ban();
    expect((await t.query(api.tournament.get, { slug }))!.currentStep).toBe(1);
    const audit = await t.run((ctx) => ctx.db.query("auditLog").collect());
    expect(audit.map((e) => e.action)).toEqual(
      expect.arrayContaining(["tournament_archive", "tournament_unarchive"]),
    );
  });
});

describe("launch", () => {
  test("readiness counts who is on the server; launch info covers series maps in order", async () => {
    const { t, asAdmin, id, slug } = await setup();
    const serverId = await t.run(async (ctx) => await ctx.db.insert("servers", serverRow()));
    await t.run(async (ctx) => {
      await ctx.db.insert("playerSnapshots", {
        serverId,
        players: [onServer("1", "ALPHA"), onServer("2", "delta"), onServer("3", "someone")],
        updatedAt: 5,
      });
    });
    await fillTeams(t, id);
    const readiness = await asAdmin.query(api.tournamentAdmin.readiness, {
      tournamentId: id,
      serverId,
    });
    expect(readiness).toMatchObject({ connected: 2, total: 4, updatedAt: 5 });
    expect(readiness.players.filter((p) => p.connected).map((p) => p.nickname)).toEqual([
      "alpha",
      "delta",
    ]);
    await expect(
      t.query(api.tournamentAdmin.readiness, { tournamentId: id, serverId }),
    ).rejects.toMatchObject({
      data: { code: "FORBIDDEN" },
    });

    const info = (mapIndex: number) => t.run((ctx) => launchInfoOf(ctx, id, "wingman", mapIndex));
    expect(await info(0)).toEqual({ ok: false, code: "CONFLICT", message: M.launchIncomplete });
    await banToSidePick(t, slug, id);
    await t.mutation(api.tournament.pickSide, {
      tournamentId: id,
      sessionId: a1,
      side: "CT",
      expectedStep: 5,
    });
    expect(await info(0)).toMatchObject({
      ok: true,
      seriesLength: 1,
      payload: {
        Map: "de_brewery",
        TeamA: { Side: "CT", Players: ["alpha", "bravo"] },
        TeamB: { Side: "T", Players: ["charlie", "delta"] },
      },
    });
    await t.run((ctx) =>
      recordLaunch(
        ctx,
        { tournamentId: id, mode: "wingman", map: "de_brewery", mapIndex: 0 },
        { username: "Olena", identity: "admin" },
        undefined,
      ),
    );
    expect(await t.query(api.tournament.get, { slug })).toMatchObject({
      isLaunched: true,
      launchedMaps: 1,
    });
    // Until its match is recorded the map may be launched again (a crash, a void).
    expect(await info(0)).toMatchObject({ ok: true });
    expect(await info(1)).toMatchObject({ ok: false, message: M.noSuchSeriesMap });
    await t.run(async (ctx) => {
      const doc = (await ctx.db.get("tournaments", id))!;
      const result = {
        mapIndex: 0,
        map: "de_brewery",
        winner: "teamA" as const,
        scoreA: 9,
        scoreB: 3,
      };
      const matchId = await ctx.db.insert("matches", {
        serverId,
        serverKey: "server1",
        serverName: "S",
        map: "de_brewery",
        startedAt: 1,
        endedAt: 2,
        scoreCT: 9,
        scoreT: 3,
        winner: "CT",
        rounds: 12,
        source: "poll",
        players: [],
        dedupeKey: "x",
        counted: false,
        voided: false,
      });
      await ctx.db.patch("tournaments", doc._id, {
        seriesResults: [{ ...result, matchId }],
        seriesWinner: "teamA",
      });
    });
    expect(await info(0)).toMatchObject({ ok: false, message: M.alreadyLaunched });
  });
});
