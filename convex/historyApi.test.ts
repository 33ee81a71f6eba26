/** The history part of the public read API over `t.fetch` (convex/http.ts). */
import { describe, expect, test } from "vitest";
import { recordMatch } from "./model/history/record";
import type { Side } from "./lib/side";
import type { ClosedMatch } from "./model/history/tracker";
import { serverRow, setupTest } from "./test.setup";
import { historyLine } from "./testing/history.fixtures";

const A = "76561198000000101";
const B = "76561198000000102";
const line = (steamId: string, name: string, side: Side, kills: number) =>
  historyLine(steamId, name, side, kills);

function played(i: number): ClosedMatch {
  const startedAt = Date.UTC(2026, 10, 20, 12) + i * 3_600_000;
  return {
    startedAt,
    endedAt: startedAt + 1_800_000,
    mapName: i % 2 ? "de_nuke" : "de_dust2",
    mode: "competitive",
    scoreCT: 5,
    scoreT: 4,
    rounds: 9,
    lines: [line(A, "<script>Alpha</script>", "CT", 10 + i), line(B, "Бета", "T", 3)],
    source: "poll",
  };
}

async function world(matches = 3) {
  const t = setupTest();
  await t.run(async (ctx) => {
    const serverId = await ctx.db.insert("servers", serverRow());
    for (let i = 0; i < matches; i++) await recordMatch(ctx, serverId, played(i));
  });
  const get = async (path: string) => {
    const res = await t.fetch(path, { method: "GET", headers: { Origin: "https://bot.example" } });
    return {
      status: res.status,
      cors: res.headers.get("Access-Control-Allow-Origin"),
      body: (await res.json()) as Record<string, unknown>,
    };
  };
  return { t, get };
}

describe("history read API", () => {
  test("a server's matches, latest first, a page at a time", async () => {
    const { get } = await world(3);
    const first = await get("/api/servers/s1/matches?limit=2");
    expect(first.status).toBe(200);
    expect(first.cors).toBe("https://bot.example");
    const page = first.body.matches as { endedAt: string; map: string; winner: string }[];
    expect(page).toHaveLength(2);
    expect(page[0]).toMatchObject({ map: "de_dust2", winner: "CT", rounds: 9, scoreCT: 5 });
    expect(Date.parse(page[0]!.endedAt)).toBeGreaterThan(Date.parse(page[1]!.endedAt));
    const cursor = first.body.nextCursor as string;
    const second = await get(
      `/api/servers/s1/matches?limit=2&cursor=${encodeURIComponent(cursor)}`,
    );
    expect(second.body.matches).toHaveLength(1);
    expect(second.body.nextCursor).toBeNull();
    expect((await get("/api/servers/nope/matches")).status).toBe(404);
    expect((await get("/api/servers/s1/matches?limit=abc")).status).toBe(400);
    expect((await get("/api/servers/s1/matches?limit=0")).status).toBe(400);
    expect((await get("/api/servers/s1/matches?cursor=garbage")).status).toBe(400);
  });

  test("a match with its players; unknown ids are 404", async () => {
    const { get } = await world(1);
    const list = await get("/api/servers/s1/matches");
    const id = (list.body.matches as { id: string }[])[0]!.id;
    const match = await get(`/api/matches/${id}`);
    expect(match.status).toBe(200);
    expect(match.body).toMatchObject({ id, server: "s1", counted: true });
    expect((match.body.players as { name: string }[]).map((p) => p.name)).toEqual([
      "<script>Alpha</script>",
      "Бета",
    ]);
    expect((await get("/api/matches/not-an-id")).status).toBe(404);
    expect((await get("/api/matches/%E0%A4%A")).status).toBe(400);
  });

  test("a career: 404 when unknown, 400 when not a SteamID64", async () => {
    const { get } = await world(2);
    const career = await get(`/api/players/${A}`);
    expect(career.status).toBe(200);
    expect(career.body).toMatchObject({ steamId: A, matches: 2, wins: 2, kills: 21 });
    expect((await get("/api/players/76561198000009999")).status).toBe(404);
    expect((await get("/api/players/12345")).status).toBe(400);
    // Every valid account, above 76561199999999999 too; a lookalike digit is not one.
    expect((await get("/api/players/76561202255233023")).status).toBe(404);
    expect((await get(`/api/players/${encodeURIComponent("7656119800000000１")}`)).status).toBe(
      400,
    );
  });

  test("leaderboards: criterion, season and limit are checked", async () => {
    const { get } = await world(3);
    const board = await get("/api/leaderboard/kills?limit=1");
    expect(board.status).toBe(200);
    expect(board.body).toEqual({
      criterion: "kills",
      season: "all",
      players: [{ rank: 1, steamId: A, name: "<script>Alpha</script>", value: 33, matches: 3 }],
    });
    const month = await get("/api/leaderboard/kd?season=2026-11");
    expect((month.body.players as unknown[]).length).toBe(2);
    expect((await get("/api/leaderboard/kd?season=2026-10")).body.players).toEqual([]);
    expect((await get("/api/leaderboard/toString")).status).toBe(400);
    expect((await get("/api/leaderboard/kills?season=2026-13")).status).toBe(400);
    expect((await get("/api/leaderboard/kills?limit=-1")).status).toBe(400);
    expect((await get("/api/leaderboard/kills?limit=100")).status).toBe(200);
    expect(await get("/api/leaderboard/kills?limit=1000")).toMatchObject({
      status: 400,
      body: { error: "Invalid limit", details: "1..100" },
    });
    expect((await get("/api/servers/s1/matches?limit=101")).status).toBe(400);
  });
});
