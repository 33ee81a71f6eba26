import { describe, expect, test } from "vitest";
import { setupTest, type TestConvex, serverRow } from "./test.setup";
import type { Player } from "./lib/validators";
import { playerOnServer } from "./testing/live.fixtures";
import { storePollResult } from "./model/live/data";

function player(steamId: string, name: string, team: Player["team"], kills: number): Player {
  return {
    ...playerOnServer(steamId, name),
    team,
    score: kills * 2,
    kills,
    deaths: 3,
    assists: 1,
    kdRatio: kills / 3,
    headshots: 1,
    totalDamage: kills * 100,
    playTimeMinutes: 10,
    roundsPlayed: 5,
    lastWeaponUsed: "ak47",
  };
}

async function seed(t: TestConvex) {
  await t.run(async (ctx) => {
    const serverId = await ctx.db.insert(
      "servers",
      serverRow({ key: "server1", apiBaseUrl: "http://127.0.0.1:1" }),
    );
    await ctx.db.insert(
      "servers",
      serverRow({
        key: "hidden",
        name: "Hidden",
        apiBaseUrl: "http://127.0.0.1:2",
        connectAddress: "127.0.0.1:27016",
        disabled: true,
        order: 1,
      }),
    );
    await ctx.db.insert("serverSecrets", { serverId, apiKey: "top-secret-key" });
    await ctx.db.insert("serverStatus", {
      serverId,
      online: true,
      lastSuccessAt: 1,
      livenessAt: 1,
      changedAt: 1,
    });
    await ctx.db.insert("matchSnapshots", {
      serverId,
      updatedAt: 1,
      match: {
        serverName: "S1",
        mapName: "de_mirage",
        scoreCT: 5,
        scoreT: 7,
        playersOnline: 3,
        roundPhase: "live",
      },
      summary: {
        totalPlayers: 3,
        totalKills: 30,
        totalDeaths: 9,
        totalDamage: 3000,
        totalBombsPlanted: 2,
        totalBombsDefused: 1,
      },
    });
    await ctx.db.insert("playerSnapshots", {
      serverId,
      updatedAt: 1,
      players: [
        player("76561198000000001", "Олег", "Terrorist", 12),
        player("76561198000000002", "neo", "Counter-Terrorist", 20),
        player("76561198000000003", "Ghost", "Offline", 5),
      ],
    });
  });
}

/** Another site's page reading the API, as a browser sends it: with its origin. */
const OTHER_SITE = "https://stats.example.org";

async function get(t: TestConvex, path: string) {
  const res = await t.fetch(path, { method: "GET", headers: { Origin: OTHER_SITE } });
  return {
    status: res.status,
    body: await res.json(),
    cors: res.headers.get("Access-Control-Allow-Origin"),
  };
}

describe("public read API", () => {
  test("lists enabled servers only, without secrets, with CORS", async () => {
    const t = setupTest();
    await seed(t);
    const res = await get(t, "/api/servers");
    expect(res.status).toBe(200);
    expect(res.cors).toBe(OTHER_SITE);
    expect(res.body).toEqual([
      { key: "server1", name: "Server #1", connectAddress: "127.0.0.1:27015", online: true },
    ]);
    expect(JSON.stringify(res.body)).not.toContain("top-secret-key");
  });

  test("serves status, match, summary and grouped players from the cache", async () => {
    const t = setupTest();
    await seed(t);
    expect((await get(t, "/api/servers/server1/status")).body).toMatchObject({
      status: "Online",
      online: true,
    });
    expect((await get(t, "/api/servers/server1/match")).body).toMatchObject({
      mapName: "de_mirage",
      scoreT: 7,
    });
    expect((await get(t, "/api/servers/server1/summary")).body).toMatchObject({ totalKills: 30 });
    const players = (await get(t, "/api/servers/server1/players")).body;
    expect(players.terrorists).toHaveLength(1);
    expect(players.counterTerrorists[0].name).toBe("neo");
    expect(players.offline[0].name).toBe("Ghost");
  });

  test("finds a player by SteamID64 and refuses a malformed one", async () => {
    const t = setupTest();
    await seed(t);
    expect((await get(t, "/api/servers/server1/players/76561198000000002")).body.name).toBe("neo");
    expect(await get(t, "/api/servers/server1/players/123")).toMatchObject({ status: 400 });
    expect(await get(t, "/api/servers/server1/players/76561198999999999")).toMatchObject({
      status: 404,
      body: { error: "Player not found" },
    });
  });

  test("searches names case-insensitively, Cyrillic included, and requires q", async () => {
    const t = setupTest();
    await seed(t);
    expect(
      (await get(t, "/api/servers/server1/search?q=ОЛЕ")).body.map((p: Player) => p.name),
    ).toEqual(["Олег"]);
    expect(await get(t, "/api/servers/server1/search")).toMatchObject({ status: 400 });
    expect(await get(t, "/api/servers/server1/search?q=%20")).toMatchObject({ status: 400 });
  });

  test("ranks the top players, 5 by default, and refuses unknown criteria", async () => {
    const t = setupTest();
    await seed(t);
    const top = (await get(t, "/api/servers/server1/players/top/kills?limit=2")).body;
    expect(top.map((p: Player) => p.kills)).toEqual([20, 12]);
    expect((await get(t, "/api/servers/server1/players/top/kills")).body).toHaveLength(3);
    expect(await get(t, "/api/servers/server1/players/top/height")).toMatchObject({ status: 400 });
    expect(await get(t, "/api/servers/server1/players/top/kills?limit=abc")).toMatchObject({
      status: 400,
    });
    expect((await get(t, "/api/servers/server1/players/top/kills?limit=50")).status).toBe(200);
    // Past the documented 1–50 a caller is told, not quietly given fewer than asked.
    for (const bad of ["0", "51", "60", "200", "5abc", "-1", "2.5"]) {
      expect(await get(t, `/api/servers/server1/players/top/kills?limit=${bad}`)).toMatchObject({
        status: 400,
        body: { error: "Invalid limit", details: "1..50" },
      });
    }
  });

  test("answers 404 for unknown or disabled servers and unknown paths", async () => {
    const t = setupTest();
    await seed(t);
    expect(await get(t, "/api/servers/nope/match")).toMatchObject({
      status: 404,
      body: { error: "Server not found" },
    });
    expect(await get(t, "/api/servers/hidden/match")).toMatchObject({ status: 404 });
    expect(await get(t, "/api/servers/server1/whatever")).toMatchObject({ status: 404 });
  });

  test.each([
    "/api/servers/%E0%A4%A/status",
    "/api/servers/server1/players/%E0%A4%A",
    "/api/servers/server1/players/top/%",
    "/api/servers/%/match",
  ])("answers a malformed percent-escape (%s) with 400 JSON", async (path) => {
    const t = setupTest();
    await seed(t);
    expect(await get(t, path)).toMatchObject({ status: 400, body: { error: "Malformed path" } });
  });

  test.each(["__proto__", "constructor", "toString"])(
    "treats a prototype key (%s) as an unknown criterion or server",
    async (key) => {
      const t = setupTest();
      await seed(t);
      expect(await get(t, `/api/servers/server1/players/top/${key}`)).toMatchObject({
        status: 400,
      });
      expect(await get(t, `/api/servers/${key}/status`)).toMatchObject({ status: 404 });
    },
  );

  test("answers CORS preflight", async () => {
    const t = setupTest();
    const res = await t.fetch("/api/servers/server1/match", { method: "OPTIONS" });
    expect(res.status).toBe(204);
    expect(res.headers.get("Access-Control-Allow-Methods")).toContain("GET");
  });
});

describe("status: lastSuccessAt", () => {
  test("follows the polls while they keep the snapshot fresh (the status row then is not written)", async () => {
    const t = setupTest();
    await seed(t);
    const start = 1_000_000;
    const serverId = await t.run(async (ctx) => (await ctx.db.query("servers").first())!._id);
    // Seven minutes of polls every 10 s, each with a new score: the match snapshot is always
    // fresh, so the liveness write is skipped.
    for (let i = 0; i <= 42; i++) {
      await t.run(async (ctx) => {
        const match = {
          serverName: "S1",
          mapName: "de_mirage",
          scoreCT: i,
          scoreT: 7,
          playersOnline: 3,
          roundPhase: "live" as const,
        };
        const summary = {
          totalPlayers: 3,
          totalKills: i,
          totalDeaths: i,
          totalDamage: 100 * i,
          totalBombsPlanted: 0,
          totalBombsDefused: 0,
        };
        await storePollResult(ctx, serverId, { ok: true, match, summary }, start + i * 10_000);
      });
    }
    const body = (await get(t, "/api/servers/server1/status")).body as { lastSuccessAt: string };
    expect(Date.parse(body.lastSuccessAt)).toBe(start + 420_000);
  });
});

describe("badge.svg", () => {
  test("an SVG of the cached state with cache headers; the same badge again is a 304", async () => {
    const t = setupTest();
    await seed(t);
    const res = await t.fetch("/api/servers/server1/badge.svg", { method: "GET" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=60");
    const etag = res.headers.get("ETag")!;
    expect(etag).toMatch(/^W\/"[0-9a-f]{8}"$/);
    const svg = await res.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain("Mirage · 3 грав. · 5:7");
    expect(svg).not.toContain("de_mirage");
    const again = await t.fetch("/api/servers/server1/badge.svg", {
      method: "GET",
      headers: { "If-None-Match": etag },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    // A change on the server is a new badge under a new tag.
    await t.run(async (ctx) => {
      const row = (await ctx.db.query("matchSnapshots").first())!;
      await ctx.db.patch("matchSnapshots", row._id, { match: { ...row.match, scoreCT: 6 } });
    });
    const changed = await t.fetch("/api/servers/server1/badge.svg", {
      method: "GET",
      headers: { "If-None-Match": etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("ETag")).not.toBe(etag);
  });

  test("a server's name is text in the SVG, never markup; offline and unknown servers", async () => {
    const t = setupTest();
    await seed(t);
    await t.run(async (ctx) => {
      const server = (await ctx.db.query("servers").first())!;
      await ctx.db.patch("servers", server._id, { name: `<script>"&'` });
      const status = (await ctx.db.query("serverStatus").first())!;
      await ctx.db.patch("serverStatus", status._id, { online: false });
    });
    const svg = await (await t.fetch("/api/servers/server1/badge.svg", { method: "GET" })).text();
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&#60;script&#62;&#34;&#38;&#39;");
    expect(svg).toContain("офлайн");
    const unknown = await t.fetch("/api/servers/nope/badge.svg", { method: "GET" });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(await unknown.text()).toContain("сервер не знайдено");
    // ?lang=en words it in English; an unknown language (or "__proto__") stays Ukrainian.
    const en = await (
      await t.fetch("/api/servers/server1/badge.svg?lang=en", { method: "GET" })
    ).text();
    expect(en).toContain("offline");
    expect(
      await (await t.fetch("/api/servers/nope/badge.svg?lang=en", { method: "GET" })).text(),
    ).toContain("server not found");
    expect(
      await (
        await t.fetch("/api/servers/server1/badge.svg?lang=__proto__", { method: "GET" })
      ).text(),
    ).toContain("офлайн");
  });

  test("a score the server cannot report (plain CS2 over RCON) is unknown, never 0:0", async () => {
    const t = setupTest();
    await seed(t);
    await t.run(async (ctx) => {
      const row = (await ctx.db.query("matchSnapshots").first())!;
      const match = { ...row.match, scoreCT: 0, scoreT: 0, unknown: ["score" as const] };
      await ctx.db.patch("matchSnapshots", row._id, { match });
    });
    const svg = await (await t.fetch("/api/servers/server1/badge.svg", { method: "GET" })).text();
    expect(svg).toContain("Mirage · 3 грав. · рахунок ?:?");
    expect(svg).not.toContain("0:0");
  });

  test("control characters in a server's or map's name leave a valid SVG, sent as an image only", async () => {
    const t = setupTest();
    await seed(t);
    await t.run(async (ctx) => {
      const server = (await ctx.db.query("servers").first())!;
      await ctx.db.patch("servers", server._id, { name: "Козак\u0000\u0001\u001b[31m\ud800" });
      const row = (await ctx.db.query("matchSnapshots").first())!;
      await ctx.db.patch("matchSnapshots", row._id, {
        match: { ...row.match, mapName: "de_\u0008mirage\u000b\ufffe" },
      });
    });
    const res = await t.fetch("/api/servers/server1/badge.svg", { method: "GET" });
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Content-Security-Policy")).toMatch(/^default-src 'none';.*sandbox/);
    const svg = await res.text();
    // Every character an XML 1.0 document may hold (tab, newline, CR and from U+0020, no lone
    // surrogates, no U+FFFE/U+FFFF): a browser parses the badge instead of showing a broken image.
    const xmlChar = /^(?:[\t\n\r\u0020-\ud7ff\ue000-\ufffd]|[\ud800-\udbff][\udc00-\udfff])*$/;
    expect(svg).toMatch(xmlChar);
    expect(svg).toContain("Козак[31m");
    expect(svg).toContain("mirage · ");
  });
});

describe("one router: CORS on the read API only", () => {
  const READ_PATHS = [
    "/api/servers",
    "/api/servers/server1/status",
    "/api/servers/server1/badge.svg",
    "/api/matches/abc",
    "/api/players/76561198000000001",
    "/api/leaderboard/kills",
    "/api/bans",
  ];

  test.each(READ_PATHS)("%s: preflight and answer let another site read it", async (path) => {
    const t = setupTest();
    await seed(t);
    const preflight = await t.fetch(path, {
      method: "OPTIONS",
      headers: { Origin: OTHER_SITE, "Access-Control-Request-Method": "GET" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe(OTHER_SITE);
    expect(preflight.headers.get("Access-Control-Allow-Methods")).toBe("GET");
    expect(preflight.headers.get("Access-Control-Allow-Headers")).toBe("Content-Type");
    expect(preflight.headers.get("Access-Control-Max-Age")).toBe("86400");
    expect(preflight.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    const res = await t.fetch(path, { method: "GET", headers: { Origin: OTHER_SITE } });
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe(OTHER_SITE);
    expect(res.headers.get("Vary")).toBe("Origin");
    expect(res.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    // An answer that reflects live state is never cached; the badge is, for a few seconds.
    expect(res.headers.get("Cache-Control")).toMatch(/^(no-store|public, max-age=\d+)$/);
  });

  test("what game servers and Steam call has no CORS and no preflight, and keeps its answers", async () => {
    const t = setupTest();
    await seed(t);
    for (const path of ["/api/events/server1", "/api/log/server1/" + "0".repeat(64)]) {
      const preflight = await t.fetch(path, { method: "OPTIONS", headers: { Origin: OTHER_SITE } });
      expect(preflight.headers.get("Access-Control-Allow-Origin")).toBeNull();
      expect(preflight.status).toBe(404);
    }
    // MatchZy's push without its secret header, then with a path that does not decode.
    const push = await t.fetch("/api/events/server1", {
      method: "POST",
      headers: { Origin: OTHER_SITE },
      body: "{}",
    });
    expect(push.status).toBe(401);
    expect(await push.json()).toEqual({ error: "Unauthorized" });
    expect(push.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const malformedPush = await t.fetch("/api/events/%E0%A4%A", { method: "POST", body: "{}" });
    expect(malformedPush.status).toBe(400);
    expect(await malformedPush.json()).toEqual({ error: "Malformed path" });
    // CS2's log: a key the panel never issued is gone (CS2 stops sending), a bad path not ours.
    const log = await t.fetch(`/api/log/server1/${"0".repeat(64)}`, {
      method: "POST",
      headers: { Origin: OTHER_SITE },
      body: "L 01/01/2026 - 00:00:00: x",
    });
    expect(log.status).toBe(410);
    expect(log.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const malformedLog = await t.fetch("/api/log/%E0%A4%A/x", { method: "POST", body: "x" });
    expect(malformedLog.status).toBe(404);
    expect(await malformedLog.json()).toEqual({ error: "Not found" });
    const config = await t.fetch("/matchzy/match/nope", { method: "GET" });
    expect(config.status).toBe(401);
    expect(config.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });
});
