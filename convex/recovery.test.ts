/**
 * A crash in the middle of a map: the live match becomes «перервано» (held, not recorded), comes
 * back as the same match when the server shows it again at its score, or is kept as abandoned
 * with its rounds, never counted in careers.
 */
import { describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Match, Player, PollResult } from "./lib/validators";
import { trackPoll } from "./model/history/detect";
import { ABANDON_AFTER_MS } from "./model/history/interruptions";
import { formatMessage } from "./model/notifications/format";
import { playerOnServer } from "./testing/live.fixtures";
import { personas, serverRow, setupTest } from "./test.setup";

const A = "76561198000000401";
const B = "76561198000000402";
const player = (steamId: string, team: Player["team"], kills: number): Player => ({
  ...playerOnServer(steamId, steamId === A ? "Олег" : "Ірина"),
  team,
  kills,
  deaths: 2,
  roundsPlayed: 13,
});
const players = [player(A, "Counter-Terrorist", 9), player(B, "Terrorist", 6)];
const match = (over: Partial<Match>): Match => ({
  serverName: "s",
  mapName: "de_mirage",
  scoreCT: 0,
  scoreT: 0,
  playersOnline: 2,
  roundPhase: "live",
  maxRounds: 24,
  gameMode: "competitive",
  ...over,
});
const poll = (m: Partial<Match>, withPlayers = true): PollResult => ({
  ok: true,
  match: match(m),
  summary: {
    totalPlayers: 2,
    totalKills: 0,
    totalDeaths: 0,
    totalDamage: 0,
    totalBombsPlanted: 0,
    totalBombsDefused: 0,
  },
  ...(withPlayers ? { players } : {}),
});
const OFFLINE: PollResult = { ok: false, error: "Сервер недоступний: з'єднання відхилено" };

async function liveAt13() {
  const t = setupTest();
  const who = await personas(t);
  const serverId = await t.run((ctx) => ctx.db.insert("servers", serverRow()));
  const step = (result: PollResult, at: number) =>
    t.run((ctx) => trackPoll(ctx, serverId, result, at, true));
  // Rounds 1..13 seen one by one: the round log holds each.
  for (let r = 1; r <= 13; r++) {
    await step(poll({ scoreCT: Math.ceil(r / 2), scoreT: Math.floor(r / 2) }), 1_000 * r);
  }
  const held = () =>
    t.run((ctx) =>
      ctx.db
        .query("interruptions")
        .withIndex("by_serverId_and_state", (q) => q.eq("serverId", serverId))
        .collect(),
    );
  return { t, serverId, step, held, ...who };
}

describe("a round backup loaded during a live map", () => {
  test("the score going back 4 rounds is the same match rolled back: round log cut, replayed rounds marked, recorded once", async () => {
    const { t, step, held } = await liveAt13();
    // The admin loads the backup written at the start of round 10 (9 played, 5:4).
    await step(poll({ scoreCT: 5, scoreT: 4, roundPhase: "freezetime" }), 14_000);
    expect(await held()).toEqual([]);
    const tracker = await t.run((ctx) => ctx.db.query("historyTrackers").first());
    expect(tracker!.match).toMatchObject({ startedAt: 1_000, rounds: 9, scoreCT: 5, scoreT: 4 });
    expect(tracker!.match!.restored).toEqual([{ at: 14_000, fromRounds: 13, toRounds: 9 }]);
    const log = async () => (await t.run((ctx) => ctx.db.query("roundLogs").first()))!;
    expect((await log()).rounds.map((r) => r.round)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // Rounds 10 and 11 played again, then one never played before.
    await step(poll({ scoreCT: 6, scoreT: 4 }), 20_000);
    await step(poll({ scoreCT: 6, scoreT: 5 }), 30_000);
    await step(poll({ scoreCT: 6, scoreT: 6 }), 40_000);
    await step(poll({ scoreCT: 6, scoreT: 7 }), 50_000);
    await step(poll({ scoreCT: 6, scoreT: 8 }), 60_000);
    const marks = (await log()).rounds;
    expect(marks.map((r) => [r.round, r.restored ?? false])).toEqual([
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((r) => [r, false]),
      [10, true],
      [11, true],
      [12, true],
      [13, true],
      [14, false],
    ]);
    // Played to the end: one match, from the first round, with the restore on its strip.
    await step(poll({ scoreCT: 8, scoreT: 13, roundPhase: "over" }), 90_000);
    const matches = await t.run((ctx) => ctx.db.query("matches").collect());
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject({ startedAt: 1_000, rounds: 21, counted: true });
    expect(matches[0]!.timeline!.filter((r) => r.restored).map((r) => r.round)).toEqual([
      10, 11, 12, 13,
    ]);
  });

  test("a score back to 0:0 is still a restart, not a restore", async () => {
    const { step, held } = await liveAt13();
    await step(poll({ scoreCT: 0, scoreT: 0 }), 14_000);
    expect((await held())[0]).toMatchObject({ state: "open", reason: "reset" });
  });
});

describe("a match interrupted mid-map", () => {
  test("a restart into warmup: «перервано на раунді 13 (7:6)», nothing recorded", async () => {
    const { t, serverId, step, held, asAdmin } = await liveAt13();
    await step(OFFLINE, 14_000);
    await step(poll({ roundPhase: "warmup" }), 15_000);
    const rows = await held();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      state: "open",
      reason: "offline",
      match: { mapName: "de_mirage", rounds: 13, scoreCT: 7, scoreT: 6 },
    });
    expect(rows[0]!.timeline).toHaveLength(13);
    expect(await t.run((ctx) => ctx.db.query("matches").collect())).toEqual([]);
    const seen = await asAdmin.query(api.recovery.latest, { serverId });
    expect(seen).toMatchObject({
      state: "open",
      round: 13,
      scoreCT: 7,
      scoreT: 6,
      reason: "offline",
    });
  });

  test("shown again at its score (the last round backup): the same match carries on, recorded once", async () => {
    const { t, step, held } = await liveAt13();
    await step(poll({ roundPhase: "warmup" }), 14_000);
    expect((await held())[0]).toMatchObject({ state: "open", reason: "warmup" });
    // The admin's recovery: map, then the backup of round 12 (one round behind).
    await step(poll({ scoreCT: 6, scoreT: 6, roundPhase: "freezetime" }), 20_000);
    expect((await held())[0]).toMatchObject({ state: "recovered", resolvedAt: 20_000 });
    const tracker = await t.run((ctx) => ctx.db.query("historyTrackers").first());
    expect(tracker!.match).toMatchObject({ startedAt: 1_000, rounds: 12, state: "open" });
    const log = await t.run((ctx) => ctx.db.query("roundLogs").first());
    expect(log).toMatchObject({ startedAt: 1_000 });
    expect(log!.rounds.map((r) => r.round)).toEqual([...Array(12).keys()].map((i) => i + 1));
    // Played to the end: one match, from the first round.
    await step(poll({ scoreCT: 13, scoreT: 8, roundPhase: "over" }), 90_000);
    const matches = await t.run((ctx) => ctx.db.query("matches").collect());
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject({ startedAt: 1_000, rounds: 21, counted: true });
    expect(matches[0]!.abandoned).toBeUndefined();
  });

  test("never brought back: kept as abandoned with its rounds, not in careers", async () => {
    vi.useFakeTimers();
    try {
      const { t, step, held } = await liveAt13();
      await step(poll({ mapName: "de_nuke", roundPhase: "warmup" }), 14_000);
      await t.finishAllScheduledFunctions(() => vi.advanceTimersByTime(ABANDON_AFTER_MS + 1));
      const [row] = await held();
      expect(row).toMatchObject({ state: "abandoned", reason: "map" });
      const matches = await t.run((ctx) => ctx.db.query("matches").collect());
      expect(matches).toHaveLength(1);
      expect(matches[0]).toMatchObject({
        _id: row!.matchId,
        abandoned: true,
        counted: false,
        rounds: 13,
        scoreCT: 7,
        scoreT: 6,
      });
      expect(matches[0]!.timeline).toHaveLength(13);
      expect(await t.query(api.history.career, { steamId: A })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  test("visitors cannot read interruptions", async () => {
    const { serverId, anonymous } = await liveAt13();
    await expect(anonymous.query(api.recovery.latest, { serverId })).rejects.toMatchObject({
      data: { code: "FORBIDDEN" },
    });
  });

  test("the server-state channel's message says where it stopped, what happened and when", () => {
    const message = formatMessage(
      {
        kind: "matchInterrupted",
        serverName: "Server #1",
        map: "de_mirage",
        round: 14,
        scoreCT: 7,
        scoreT: 6,
        reason: "warmup",
        at: Date.now() - 60_000,
      },
      { at: Date.now() },
    );
    const text = JSON.stringify(message);
    expect(text).toContain("Матч перервано на раунді 14 (7:6)");
    expect(text).toContain("сервер повернувся до розминки (перезапуск)");
    expect(text).toMatch(/de\\*_mirage/);
  });
});
