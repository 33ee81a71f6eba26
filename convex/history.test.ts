/** The public history functions: the admin's audited void, and bad input refused in Ukrainian. */
import { describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import { recordMatch } from "./model/history/record";
import { personas, serverRow, setupTest } from "./test.setup";

const A = "76561198000000301";
const B = "76561198000000302";
const line = (steamId: string, kills: number) => ({
  steamId,
  name: `P${kills}`,
  side: "CT" as const,
  kills,
  deaths: 3,
  assists: 0,
  headshots: 1,
  damage: 500,
  mvps: 0,
  rounds: 6,
});

async function oneMatch() {
  const t = setupTest();
  const who = await personas(t);
  const matchId = await t.run(async (ctx) => {
    const serverId = await ctx.db.insert("servers", serverRow());
    return (await recordMatch(ctx, serverId, {
      startedAt: 1_000,
      endedAt: Date.UTC(2026, 10, 5),
      mapName: "de_inferno",
      scoreCT: 4,
      scoreT: 2,
      rounds: 6,
      lines: [line(A, 7), line(B, 2)],
      source: "push",
    }))!;
  });
  return { t, matchId, ...who };
}

describe("history functions", () => {
  test("an admin voids a match: careers and rankings empty, the list hides it, audited", async () => {
    const { t, matchId, asAdmin } = await oneMatch();
    expect((await t.query(api.history.career, { steamId: A }))?.career.matches).toBe(1);
    expect(await t.query(api.history.seasonList, {})).toEqual(["2026-11"]);
    await asAdmin.action(api.history.voidMatch, { matchId });
    expect(await t.query(api.history.career, { steamId: A })).toBeNull();
    // Its month had nothing else: no longer offered as a season.
    expect(await t.query(api.history.seasonList, {})).toEqual([]);
    const board = await t.query(api.history.leaderboard, {
      criterion: "kills",
      season: "all",
      offset: 0,
      limit: 10,
    });
    expect(board).toEqual({ rows: [], total: 0, nextOffset: null });
    const list = await t.query(api.history.matches, {
      paginationOpts: { numItems: 10, cursor: null },
    });
    expect(list.page).toEqual([]);
    expect(await t.query(api.history.match, { id: matchId })).toMatchObject({ voided: true });
    const audit = await t.run((ctx) => ctx.db.query("auditLog").collect());
    expect(audit).toEqual([
      expect.objectContaining({ action: "match_void", outcome: "success", username: "Olena" }),
    ]);
    await expect(asAdmin.action(api.history.voidMatch, { matchId })).rejects.toMatchObject({
      data: { code: "CONFLICT" },
    });
  });

  test("a visitor cannot void; the refusal is audited", async () => {
    const { t, matchId, anonymous } = await oneMatch();
    await expect(anonymous.action(api.history.voidMatch, { matchId })).rejects.toMatchObject({
      data: { code: "FORBIDDEN" },
    });
    expect((await t.query(api.history.career, { steamId: A }))?.career.matches).toBe(1);
    const audit = await t.run((ctx) => ctx.db.query("auditLog").collect());
    expect(audit[0]).toMatchObject({ action: "match_void", outcome: "unauthorized" });
  });

  test("bad input gets a clear Ukrainian error, never a crash", async () => {
    const { t } = await oneMatch();
    await expect(t.query(api.history.career, { steamId: "<b>x</b>" })).rejects.toMatchObject({
      data: { code: "INVALID_INPUT", message: "Це не SteamID64." },
    });
    await expect(
      t.query(api.history.leaderboard, { criterion: "kd", season: "2026-13", offset: 0, limit: 5 }),
    ).rejects.toMatchObject({ data: { code: "INVALID_INPUT" } });
    expect(await t.query(api.history.match, { id: "__proto__" })).toBeNull();
    const huge = await t.query(api.history.leaderboard, {
      criterion: "kills",
      season: "all",
      offset: -5,
      limit: 1e9,
    });
    expect(huge.rows.map((r) => r.steamId)).toEqual([A, B]);
  });
});

describe("career by season", () => {
  test("a season selects that month's totals, ranks and matches; the list of seasons is the player's", async () => {
    const { t } = await oneMatch();
    await t.run(async (ctx) => {
      const serverId = (await ctx.db.query("servers").first())!._id;
      await recordMatch(ctx, serverId, {
        startedAt: 2_000,
        endedAt: Date.UTC(2026, 11, 2),
        mapName: "de_nuke",
        scoreCT: 2,
        scoreT: 4,
        rounds: 6,
        // B outkills A in December only.
        lines: [line(A, 1), line(B, 9)],
        source: "push",
      });
    });
    expect(await t.query(api.history.careerSeasonList, { steamId: A })).toEqual([
      "2026-12",
      "2026-11",
    ]);
    const all = await t.query(api.history.career, { steamId: A });
    expect(all?.career).toMatchObject({ season: "all", matches: 2, kills: 8 });
    expect(all?.ranks.kills).toBe(2);
    const november = await t.query(api.history.career, { steamId: A, season: "2026-11" });
    expect(november?.ranks.kills).toBe(1);
    const december = await t.query(api.history.career, { steamId: A, season: "2026-12" });
    expect(december?.career).toMatchObject({ season: "2026-12", matches: 1, kills: 1, wins: 0 });
    expect(december?.ranks.kills).toBe(2);
    expect(await t.query(api.history.career, { steamId: A, season: "2026-10" })).toBeNull();
    const page = { numItems: 10, cursor: null };
    const novMatches = await t.query(api.history.careerMatchList, {
      steamId: A,
      season: "2026-11",
      paginationOpts: page,
    });
    expect(novMatches.page.map((m) => m.map)).toEqual(["de_inferno"]);
    const allMatches = await t.query(api.history.careerMatchList, {
      steamId: A,
      paginationOpts: page,
    });
    expect(allMatches.page.map((m) => m.map)).toEqual(["de_nuke", "de_inferno"]);
    expect(await t.query(api.history.careerSeasonList, { steamId: "76561198000000399" })).toEqual(
      [],
    );
    // The leaderboard offers the months anybody played, not the empty ones between.
    expect(await t.query(api.history.seasonList, {})).toEqual(["2026-12", "2026-11"]);
  });

  test("a season that is not a month is refused in Ukrainian", async () => {
    const { t } = await oneMatch();
    for (const season of ["2026-13", "__proto__", ""]) {
      await expect(t.query(api.history.career, { steamId: A, season })).rejects.toMatchObject({
        data: { code: "INVALID_INPUT", message: expect.stringContaining("сезон") },
      });
      await expect(
        t.query(api.history.careerMatchList, {
          steamId: A,
          season,
          paginationOpts: { numItems: 5, cursor: null },
        }),
      ).rejects.toMatchObject({ data: { code: "INVALID_INPUT" } });
    }
  });
});
