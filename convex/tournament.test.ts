import type { SessionId } from "convex-helpers/server/sessions";
import { describe, expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import { RATE_LIMITED_MESSAGE } from "./lib/rateLimits";
import { MAP_POOL, TOURNAMENT_MESSAGES as M } from "./model/tournament";
import { personas, setupTest, throwingRefusals, type TestConvex } from "./test.setup";

const sid = (id: string) => `secret-session-${id}` as SessionId;
const [a1, a2, b1, b2, outsider] = ["a1", "a2", "b1", "b2", "x"].map(sid) as [
  SessionId,
  SessionId,
  SessionId,
  SessionId,
  SessionId,
];

async function setup() {
  const t = throwingRefusals(setupTest());
  const people = await personas(t);
  await people.asAdmin.action(api.tournament.reset, {});
  return { t, ...people };
}

async function fillTeams(t: TestConvex) {
  await t.mutation(api.tournament.join, { sessionId: a1, team: "teamA", nickname: "alpha" });
  await t.mutation(api.tournament.join, { sessionId: a2, team: "teamA", nickname: "bravo" });
  await t.mutation(api.tournament.join, { sessionId: b1, team: "teamB", nickname: "charlie" });
  await t.mutation(api.tournament.join, { sessionId: b2, team: "teamB", nickname: "delta" });
}

/** Bans the first five pool maps, each by a member of the team in turn. */
async function banToSidePick(t: TestConvex) {
  for (const [step, map] of MAP_POOL.slice(0, 5).entries()) {
    const view = await t.query(api.tournament.get, {});
    const sessionId = view!.turn === "teamA" ? a1 : b2;
    await t.mutation(api.tournament.ban, { sessionId, map, expectedStep: step });
  }
}

const refused = (message: string) => ({ data: expect.objectContaining({ message }) });

describe("creating and resetting", () => {
  test("an admin creates a waiting tournament; non-admins are refused and audited", async () => {
    const { t, asUser } = await setup();
    expect(await t.query(api.tournament.get, {})).toMatchObject({
      status: "waiting_for_teams",
      remainingMaps: [...MAP_POOL],
      teamA: { players: [] },
    });
    await expect(asUser.action(api.tournament.reset, {})).rejects.toMatchObject({
      data: { code: "FORBIDDEN" },
    });
    await expect(t.action(api.tournament.reset, { sessionId: a1 })).rejects.toMatchObject({
      data: { code: "FORBIDDEN" },
    });
    const log = await t.run(async (ctx) => await ctx.db.query("auditLog").collect());
    expect(log.map((e) => [e.action, e.outcome])).toEqual([
      ["tournament_create", "success"],
      ["tournament_reset", "unauthorized"],
      ["tournament_reset", "unauthorized"],
    ]);
  });

  test("there is nothing to show before the first tournament", async () => {
    const t = throwingRefusals(setupTest());
    expect(await t.query(api.tournament.get, {})).toBeNull();
    await expect(
      t.mutation(api.tournament.join, { sessionId: a1, team: "teamA", nickname: "alpha" }),
    ).rejects.toMatchObject(refused(M.notFound));
  });

  test("a reset starts over and forgets who had joined", async () => {
    const { t, asAdmin } = await setup();
    await fillTeams(t);
    const first = await t.query(api.tournament.get, {});
    await asAdmin.action(api.tournament.reset, {});
    const second = await t.query(api.tournament.get, {});
    expect(second).toMatchObject({ status: "waiting_for_teams", teamA: { players: [] } });
    expect(second!.id).not.toBe(first!.id);
    expect(await t.query(api.tournament.me, { sessionId: a1 })).toBeNull();
    await t.mutation(api.tournament.join, { sessionId: a1, team: "teamB", nickname: "alpha" });
    const rows = await t.run(async (ctx) => await ctx.db.query("tournaments").collect());
    expect(rows.filter((r) => r.active)).toHaveLength(1);
  });
});

describe("joining", () => {
  test("fills the teams, tells each caller their seat and starts the veto", async () => {
    const { t } = await setup();
    await t.mutation(api.tournament.join, { sessionId: a1, team: "teamA", nickname: " alpha " });
    expect(await t.query(api.tournament.me, { sessionId: a1 })).toEqual({
      team: "teamA",
      nickname: "alpha",
    });
    expect(await t.query(api.tournament.me, { sessionId: outsider })).toBeNull();
    await t.mutation(api.tournament.join, { sessionId: a2, team: "teamA", nickname: "bravo" });
    await t.mutation(api.tournament.join, { sessionId: b1, team: "teamB", nickname: "charlie" });
    await t.mutation(api.tournament.join, { sessionId: b2, team: "teamB", nickname: "delta" });
    expect(await t.query(api.tournament.get, {})).toMatchObject({
      status: "in_progress",
      turn: "teamA",
      phase: "Ban",
      currentStep: 0,
    });
  });

  test("refuses a double join, a second team, a full team and a blank nickname", async () => {
    const { t } = await setup();
    await t.mutation(api.tournament.join, { sessionId: a1, team: "teamA", nickname: "alpha" });
    const again = { sessionId: a1, nickname: "other" };
    await expect(
      t.mutation(api.tournament.join, { ...again, team: "teamA" }),
    ).rejects.toMatchObject(refused(M.alreadyJoined));
    await expect(
      t.mutation(api.tournament.join, { ...again, team: "teamB" }),
    ).rejects.toMatchObject(refused(M.alreadyJoined));
    await t.mutation(api.tournament.join, { sessionId: a2, team: "teamA", nickname: "bravo" });
    await expect(
      t.mutation(api.tournament.join, { sessionId: b1, team: "teamA", nickname: "charlie" }),
    ).rejects.toMatchObject(refused(M.teamFull));
    await expect(
      t.mutation(api.tournament.join, { sessionId: b1, team: "teamB", nickname: "  " }),
    ).rejects.toMatchObject(refused(M.nicknameBlank));
  });
});

describe("banning and picking", () => {
  test("refuses the wrong team, an outsider, a banned map and a ban during the side pick", async () => {
    const { t, asAdmin } = await setup();
    await fillTeams(t);
    const ban = (sessionId: SessionId, map: string, expectedStep: number) =>
      t.mutation(api.tournament.ban, { sessionId, map, expectedStep });
    await expect(ban(b1, "de_nuke", 0)).rejects.toMatchObject(refused(M.notYourTurn));
    await expect(ban(outsider, "de_nuke", 0)).rejects.toMatchObject(refused(M.notMember));
    await expect(
      asAdmin.mutation(api.tournament.ban, {
        sessionId: outsider,
        map: "de_nuke",
        expectedStep: 0,
      }),
    ).rejects.toMatchObject(refused(M.notMember));
    await ban(a1, "de_nuke", 0);
    await expect(ban(b1, "de_nuke", 1)).rejects.toMatchObject(refused(M.mapBanned));
    await expect(ban(a2, "de_inferno", 0)).rejects.toMatchObject(refused(M.staleStep));
  });

  test("the decider and side complete the match; an admin's pick is audited", async () => {
    const { t, asAdmin } = await setup();
    await fillTeams(t);
    await banToSidePick(t);
    expect(await t.query(api.tournament.get, {})).toMatchObject({
      phase: "SidePick",
      turn: "teamA",
      finalMap: "de_brewery",
      serverMap: "de_brewery",
      remainingMaps: ["de_brewery"],
    });
    await expect(
      t.mutation(api.tournament.ban, { sessionId: a1, map: "de_brewery", expectedStep: 5 }),
    ).rejects.toMatchObject(refused(M.notBanPhase));
    await expect(
      t.mutation(api.tournament.pickSide, { sessionId: b1, side: "CT", expectedStep: 5 }),
    ).rejects.toMatchObject(refused(M.notYourTurn));
    await asAdmin.mutation(api.tournament.pickSide, {
      sessionId: outsider,
      side: "T",
      expectedStep: 5,
    });
    const done = await t.query(api.tournament.get, {});
    expect(done).toMatchObject({ status: "finished", finalSide: "T", currentStep: 6 });
    expect(done!.turn ?? done!.phase).toBeUndefined();
    const log = await t.run(async (ctx) => await ctx.db.query("auditLog").collect());
    expect(log.at(-1)).toMatchObject({ username: "Olena", action: "tournament_pick_side" });
  });

  test("two racing bans for the same step: exactly one wins, the other is told why", async () => {
    const { t } = await setup();
    await fillTeams(t);
    const results = await Promise.allSettled([
      t.mutation(api.tournament.ban, { sessionId: a1, map: "de_nuke", expectedStep: 0 }),
      t.mutation(api.tournament.ban, { sessionId: a2, map: "de_vertigo", expectedStep: 0 }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [lost] = results.filter((r) => r.status === "rejected");
    expect(lost!.reason).toMatchObject(refused(M.staleStep));
    const view = await t.query(api.tournament.get, {});
    expect(view).toMatchObject({ currentStep: 1, turn: "teamB" });
    expect(view!.bannedMaps).toHaveLength(1);
  });
});

describe("privacy and limits", () => {
  test("session ids never appear in what clients can read", async () => {
    const { t } = await setup();
    await fillTeams(t);
    await banToSidePick(t);
    await t.mutation(api.tournament.pickSide, { sessionId: a2, side: "CT", expectedStep: 5 });
    const seen = JSON.stringify([
      await t.query(api.tournament.get, {}),
      await t.query(api.tournament.me, { sessionId: a1 }),
    ]);
    expect(seen).not.toContain("secret-session");
  });

  test("a burst of writes from one session is refused after the per-session budget", async () => {
    const { t, asAdmin } = await setup();
    // Each new tournament lets the same session join once more; refusals would roll back.
    for (let round = 0; round < 6; round++) {
      await t.mutation(api.tournament.join, { sessionId: a1, team: "teamA", nickname: "alpha" });
      await asAdmin.action(api.tournament.reset, {});
    }
    await expect(
      t.mutation(api.tournament.join, { sessionId: a1, team: "teamA", nickname: "alpha" }),
    ).rejects.toMatchObject({ data: { code: "RATE_LIMITED", message: RATE_LIMITED_MESSAGE } });
    await t.mutation(api.tournament.join, { sessionId: a2, team: "teamA", nickname: "bravo" });
  });

  test("refused attempts count against the budget too: spam of refused bans is throttled", async () => {
    const { t } = await setup();
    await fillTeams(t); // a1 used one write
    const outcomes: string[] = [];
    const started = Date.now();
    for (let i = 0; i < 8; i++) {
      // Not a1's turn? It is team A's turn, but the map is not in the pool: refused every time.
      outcomes.push(
        await t
          .mutation(api.tournament.ban, { sessionId: a1, map: "de_nothing", expectedStep: 0 })
          .then(
            () => "ok",
            (e: { data?: { code?: string } }) => e.data?.code ?? "error",
          ),
      );
    }
    // The session's bucket holds 6 and refills one every 5 s: 5 refusals used the rest.
    const refills = Math.floor((Date.now() - started) / 5_000);
    expect(outcomes.slice(0, 5).every((c) => c === "INVALID_INPUT" || c === "CONFLICT")).toBe(true);
    expect(outcomes.filter((c) => c === "RATE_LIMITED").length).toBeGreaterThanOrEqual(3 - refills);
  });
});

describe("launch", () => {
  test("gives the payload only for a finished, unlaunched tournament and records the launch", async () => {
    const { t } = await setup();
    const info = () => t.query(internal.tournament.launchInfo, { mode: "wingman" });
    expect(await info()).toEqual({ ok: false, code: "CONFLICT", message: M.launchIncomplete });
    await fillTeams(t);
    await banToSidePick(t);
    await t.mutation(api.tournament.pickSide, { sessionId: a1, side: "CT", expectedStep: 5 });
    expect(await t.query(internal.tournament.launchInfo, { mode: "custom" })).toMatchObject({
      ok: false,
      code: "INVALID_INPUT",
      message: M.unknownMode("custom"),
    });
    const ready = await info();
    expect(ready).toMatchObject({
      ok: true,
      payload: {
        Mode: "wingman",
        Map: "de_brewery",
        TeamA: { Side: "CT", Players: ["alpha", "bravo"] },
        TeamB: { Side: "T", Players: ["charlie", "delta"] },
      },
    });
    if (!ready.ok) throw new Error("unreachable");
    await t.mutation(internal.tournament.markLaunched, {
      tournamentId: ready.tournamentId,
      mode: "wingman",
      username: "Olena",
    });
    expect(await t.query(api.tournament.get, {})).toMatchObject({
      isLaunched: true,
      launchedMode: "wingman",
    });
    expect(await info()).toMatchObject({ ok: false, message: M.alreadyLaunched });
  });
});
