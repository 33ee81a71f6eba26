/**
 * Seats whose holders went away: the page of a seated player says "still here" once a minute,
 * moves count too, and an admin frees the seats of holders not seen for SEAT_IDLE_MS before the
 * veto starts (audited); nobody else can, and nothing of it is written for callers without a seat.
 */
import type { SessionId } from "convex-helpers/server/sessions";
import { afterEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import { MAP_POOL, presetFormat } from "./lib/tournamentPresets";
import { SEAT_IDLE_MS, SEAT_MESSAGES, SEEN_REFRESH_MS } from "./model/tournament/seats";
import { personas, setupTest, throwingRefusals } from "./test.setup";

const sid = (id: string) => `secret-session-${id}` as SessionId;
const [a1, a2, b1, outsider] = ["a1", "a2", "b1", "x"].map(sid) as [
  SessionId,
  SessionId,
  SessionId,
  SessionId,
];

afterEach(() => {
  vi.useRealTimers();
});

async function setup() {
  vi.useFakeTimers();
  const t = throwingRefusals(setupTest());
  const people = await personas(t);
  const { id, slug } = await people.asAdmin.action(api.tournamentAdmin.create, {
    format: presetFormat("default"),
  });
  const join = async (sessionId: SessionId, team: "teamA" | "teamB", nickname: string) =>
    await t.mutation(api.tournament.join, { tournamentId: id, sessionId, team, nickname });
  return { t, ...people, id, slug, join };
}

const seenRows = async (t: Awaited<ReturnType<typeof setup>>["t"]) =>
  await t.run(async (ctx) => await ctx.db.query("tournamentSeen").collect());

describe("seats whose holders went away", () => {
  test("the page heartbeat and moves keep a seat seen; strangers write nothing", async () => {
    const { t, asAdmin, id, join } = await setup();
    await join(a1, "teamA", "alpha");
    const joinedAt = Date.now();
    // Someone without a seat: nothing is written, whatever they send.
    for (let i = 0; i < 5; i++) {
      await t.mutation(api.tournament.seen, { tournamentId: id, sessionId: sid(`stranger-${i}`) });
    }
    expect(await seenRows(t)).toEqual([]);

    vi.advanceTimersByTime(5 * 60_000);
    await t.mutation(api.tournament.seen, { tournamentId: id, sessionId: a1 });
    const seenAt = Date.now();
    // Again within the minute: not written again.
    vi.advanceTimersByTime(SEEN_REFRESH_MS / 2);
    await t.mutation(api.tournament.seen, { tournamentId: id, sessionId: a1 });
    let activity = await asAdmin.query(api.tournamentAdmin.seatActivity, { tournamentId: id });
    expect(activity).toEqual({
      seats: [{ team: "teamA", nickname: "alpha", lastSeen: seenAt }],
      idleAfterMs: SEAT_IDLE_MS,
    });
    expect(seenAt).toBeGreaterThan(joinedAt);

    // A second player joins (taking the seat is a sign of life) and leaves the page.
    await join(a2, "teamA", "bravo");
    const bravoJoined = Date.now();
    activity = await asAdmin.query(api.tournamentAdmin.seatActivity, { tournamentId: id });
    expect(activity.seats[1]).toEqual({ team: "teamA", nickname: "bravo", lastSeen: bravoJoined });
    // Only admins read who was seen when.
    await expect(
      t.query(api.tournamentAdmin.seatActivity, { tournamentId: id }),
    ).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
  });

  test("an admin frees exactly the idle seats before the veto (audited), not after", async () => {
    const { t, asAdmin, asUser, id, slug, join } = await setup();
    await join(a1, "teamA", "alpha");
    await join(a2, "teamA", "bravo");
    await expect(
      asAdmin.action(api.tournamentAdmin.freeIdleSeats, { tournamentId: id }),
    ).rejects.toMatchObject({ data: { code: "CONFLICT", message: SEAT_MESSAGES.noIdleSeats } });

    // alpha keeps the page open; bravo closed the browser.
    for (let minute = 0; minute < 11; minute++) {
      vi.advanceTimersByTime(60_000);
      await t.mutation(api.tournament.seen, { tournamentId: id, sessionId: a1 });
    }
    // Not an admin: refused and audited, nothing freed.
    await expect(
      asUser.action(api.tournamentAdmin.freeIdleSeats, { tournamentId: id }),
    ).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
    const { freed } = await asAdmin.action(api.tournamentAdmin.freeIdleSeats, {
      tournamentId: id,
    });
    expect(freed).toEqual(["bravo"]);
    const view = (await t.query(api.tournament.get, { slug }))!;
    expect(view.teamA.players.map((p) => p.nickname)).toEqual(["alpha"]);
    // bravo's browser holds no seat any more; the seat can be taken again.
    expect(await t.query(api.tournament.me, { tournamentId: id, sessionId: a2 })).toBeNull();
    await join(outsider, "teamA", "charlie");
    const audit = await t.run(async (ctx) => await ctx.db.query("auditLog").collect());
    expect(audit.map((e) => [e.action, e.outcome])).toEqual(
      expect.arrayContaining([
        ["tournament_seat_free_idle", "unauthorized"],
        ["tournament_seat_free_idle", "success"],
      ]),
    );
    expect(
      audit.find((e) => e.outcome === "success" && e.action === "tournament_seat_free_idle"),
    ).toMatchObject({ details: expect.stringContaining("bravo") });

    // Once the veto runs, a seat is no longer freed as idle (the admin may still replace it).
    await join(b1, "teamB", "delta");
    await join(sid("b2"), "teamB", "echo");
    expect((await t.query(api.tournament.get, { slug }))!.status).toBe("in_progress");
    vi.advanceTimersByTime(SEAT_IDLE_MS + 1);
    await expect(
      asAdmin.action(api.tournamentAdmin.freeIdleSeats, { tournamentId: id }),
    ).rejects.toMatchObject({ data: { code: "CONFLICT", message: SEAT_MESSAGES.idleTooLate } });
    // A move is a sign of life too.
    await t.mutation(api.tournament.ban, {
      tournamentId: id,
      sessionId: a1,
      map: MAP_POOL[0]!,
      expectedStep: 0,
    });
    const activity = await asAdmin.query(api.tournamentAdmin.seatActivity, { tournamentId: id });
    expect(activity.seats.find((s) => s.nickname === "alpha")?.lastSeen).toBe(Date.now());
  });

  test("a flood of heartbeats from a seat never fails and writes at most once a minute", async () => {
    const { t, id, join } = await setup();
    await join(a1, "teamA", "alpha");
    vi.advanceTimersByTime(SEEN_REFRESH_MS);
    const start = Date.now();
    for (let i = 0; i < 30; i++) {
      await t.mutation(api.tournament.seen, { tournamentId: id, sessionId: a1 });
      vi.advanceTimersByTime(1_000);
    }
    const rows = await seenRows(t);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.at).toBe(start);
  });
});
