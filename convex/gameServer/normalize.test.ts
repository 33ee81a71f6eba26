import { describe, expect, test } from "vitest";
import {
  normalizeLastMap,
  normalizeMatch,
  normalizePlayers,
  normalizeSummary,
  normalizeTvPort,
} from "./normalize";
import {
  apiErrorMessage,
  proxyErrorMessage,
  requestHeaders,
  requestUrl,
  type GameServerTarget,
} from "./request";

const http: GameServerTarget = { connectionType: "HTTP", baseUrl: "http://h:1/", apiKey: "k" };
const proxy: GameServerTarget = {
  connectionType: "RCON_PROXY",
  baseUrl: "http://p:2",
  proxyTargetHost: "10.0.0.5",
  proxyTargetPort: 27015,
  rconPassword: "pw",
};

describe("request building", () => {
  test("plugin API lives under /api, proxy under /rcon", () => {
    expect(requestUrl(http, "/match")).toBe("http://h:1/api/match");
    expect(requestUrl(proxy, "/command")).toBe("http://p:2/rcon/command");
  });
  test("the API key goes only on private plugin calls", () => {
    expect(requestHeaders(http, { path: "/match" })["X-API-Key"]).toBeUndefined();
    expect(requestHeaders(http, { path: "/private/banlist", isPrivate: true })["X-API-Key"]).toBe(
      "k",
    );
  });
  test("proxy calls always carry target and password headers", () => {
    const h = requestHeaders(proxy, { path: "/match" });
    expect(h).toMatchObject({
      "X-Target-Host": "10.0.0.5",
      "X-Target-Port": "27015",
      "X-Rcon-Password": "pw",
    });
  });
  test("errors read details, then error, then the status text", () => {
    expect(apiErrorMessage(403, "Forbidden", { error: "Command blocked", details: "quit" })).toBe(
      "API Error 403: quit",
    );
    expect(apiErrorMessage(401, "Unauthorized", { error: "Unauthorized" })).toBe(
      "API Error 401: Unauthorized",
    );
    expect(apiErrorMessage(500, "Internal Server Error", {})).toBe(
      "API Error 500: Internal Server Error",
    );
  });
});

describe("normalizers", () => {
  const wirePlayer = {
    steamId: "76561198000000001",
    name: "Neo",
    kills: 10,
    deaths: 4,
    assists: 2,
    firstSeen: "2026-11-22T10:00:00.000Z",
  };

  test("players take their team from the group they are listed in", () => {
    const players = normalizePlayers({
      terrorists: [wirePlayer],
      counterTerrorists: [{ ...wirePlayer, steamId: "76561198000000002" }],
      spectators: [],
      offline: [{ ...wirePlayer, steamId: "76561198000000003", team: "Terrorist" }],
    });
    expect(players.map((p) => p.team)).toEqual(["Terrorist", "Counter-Terrorist", "Offline"]);
    expect(players[0]).toMatchObject({ kdRatio: 2.5, mvp: 0, lastWeaponUsed: "" });
  });

  test("malformed payloads are rejected, not stored", () => {
    expect(() => normalizePlayers([])).toThrow("Unexpected response shape");
    expect(() => normalizePlayers({ terrorists: "x" })).toThrow("Unexpected response shape");
    expect(() => normalizeMatch({ scoreCT: 1 })).toThrow("Unexpected response shape");
    expect(() => normalizeSummary("nope")).toThrow("Unexpected response shape");
  });

  test("garbage fields degrade to safe values", () => {
    const m = normalizeMatch({
      mapName: "de_dust2",
      scoreCT: "7",
      scoreT: null,
      roundPhase: "exploding",
      gameMode: "x",
    });
    expect(m).toEqual({
      serverName: "",
      mapName: "de_dust2",
      scoreCT: 7,
      scoreT: 0,
      playersOnline: 0,
      roundPhase: "live",
    });
    const [p] = normalizePlayers({
      terrorists: [{ steamId: 12345, name: "x".repeat(500), kills: "NaN" }],
    });
    expect(p!.name).toHaveLength(128);
    expect(p!.steamId).toBe("12345");
    expect(p!.kills).toBe(0);
  });

  test("team names and clocks: time left becomes when it runs out; junk and paused clocks are dropped", () => {
    const now = 1_000_000;
    const base = { mapName: "de_nuke", roundPhase: "live", teamCT: " Alpha ", teamT: "" };
    expect(normalizeMatch({ ...base, timeLeftSec: 87, bombTimeLeftSec: 30.5 }, now)).toMatchObject({
      teamCT: "Alpha",
      phaseEndsAt: now + 87_000,
      bombEndsAt: now + 30_500,
    });
    const junk = normalizeMatch({ ...base, timeLeftSec: -1, bombTimeLeftSec: "soon" }, now);
    expect(junk).not.toHaveProperty("phaseEndsAt");
    expect(junk).not.toHaveProperty("bombEndsAt");
    expect(junk).not.toHaveProperty("teamT");
    const paused = normalizeMatch({ ...base, roundPhase: "paused", timeLeftSec: 40 }, now);
    expect(paused).not.toHaveProperty("phaseEndsAt");
    // A bomb outside the live phase is stale (the round is over).
    const over = normalizeMatch(
      { ...base, roundPhase: "over", timeLeftSec: 5, bombTimeLeftSec: 9 },
      now,
    );
    expect(over).toMatchObject({ phaseEndsAt: now + 5_000 });
    expect(over).not.toHaveProperty("bombEndsAt");
  });
});

describe("GOTV in /match", () => {
  test("a port while on, null while off, undefined when the plugin does not say or says junk", () => {
    expect(normalizeTvPort({ mapName: "de_nuke", tvPort: 27020 })).toBe(27020);
    expect(normalizeTvPort({ mapName: "de_nuke", tvPort: "27021" })).toBe(27021);
    expect(normalizeTvPort({ mapName: "de_nuke", tvPort: null })).toBeNull();
    expect(normalizeTvPort({ mapName: "de_nuke" })).toBeUndefined();
    for (const junk of [0, 70000, -1, 1.5, "27020; quit", {}, []]) {
      expect(normalizeTvPort({ mapName: "de_nuke", tvPort: junk })).toBeUndefined();
    }
    expect(normalizeTvPort("not an object")).toBeUndefined();
  });
});

describe("the last map played to its end, in /match", () => {
  test("read and bounded; null for none; undefined when the plugin does not say or says junk", () => {
    const at = "2026-11-29T09:00:00.000Z";
    expect(
      normalizeLastMap({ lastMap: { mapName: "de_nuke", scoreCT: 5, scoreT: "2", endedAt: at } }),
    ).toEqual({ mapName: "de_nuke", scoreCT: 5, scoreT: 2, endedAt: at });
    expect(normalizeLastMap({ lastMap: null })).toBeNull();
    expect(normalizeLastMap({ mapName: "de_nuke" })).toBeUndefined();
    for (const junk of [[], "de_nuke", 5, { scoreCT: 1 }, { mapName: "de_nuke", scoreCT: 1 }]) {
      expect(normalizeLastMap({ lastMap: junk })).toBeUndefined();
    }
    const hostile = normalizeLastMap({
      lastMap: {
        mapName: `de_${"x".repeat(500)}\u0000`,
        scoreCT: 1e15,
        scoreT: -4,
        endedAt: at.repeat(9),
      },
    })!;
    expect(hostile.mapName.length).toBeLessThanOrEqual(128);
    expect(hostile).toMatchObject({ scoreCT: 999, scoreT: 0 });
    expect(hostile.endedAt.length).toBeLessThanOrEqual(40);
  });
});

describe("a hostile game server's numbers and strings are bounded to what CS2 can produce", () => {
  test("extreme scores, counts and a long hostname with control characters", () => {
    const m = normalizeMatch({
      mapName: "de_dust2\u0000<b>",
      serverName: "\u001b[2J" + "H".repeat(200_000),
      scoreCT: 1e308,
      scoreT: -7,
      playersOnline: 1e9,
      round: Infinity,
      maxRounds: 1e12,
      roundPhase: "live",
    });
    expect(m).toMatchObject({ scoreCT: 999, scoreT: 0, playersOnline: 64, maxRounds: 999 });
    expect(m.round).toBe(0);
    expect(m.serverName).toHaveLength(128);
    expect(m.serverName).toBe("[2J" + "H".repeat(125));
    expect(m.mapName).toBe("de_dust2<b>");
  });

  test("players: a 1e15-kill line, negative kills, at most 256 players kept", () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({
      steamId: String(76561198000000000 + i),
      name: `p${i}\u0007`,
      kills: i === 0 ? 1e15 : -3,
      deaths: -1e308,
      totalDamage: 1e300,
      score: -1e9,
      kdRatio: 1e300,
    }));
    const players = normalizePlayers({ terrorists: many, counterTerrorists: many });
    expect(players).toHaveLength(256);
    expect(players[0]).toMatchObject({
      kills: 9_999,
      deaths: 0,
      totalDamage: 9_999_999,
      score: -9_999,
      kdRatio: 9_999,
      name: "p0",
    });
    expect(players[1]!.kills).toBe(0);
  });

  test("summary totals are bounded", () => {
    expect(normalizeSummary({ totalKills: 1e308, totalDeaths: -1, totalDamage: 1e20 })).toEqual({
      totalPlayers: 0,
      totalKills: 9_999_999,
      totalDeaths: 0,
      totalDamage: 999_999_999,
      totalBombsPlanted: 0,
      totalBombsDefused: 0,
    });
  });
});

describe("the RCON proxy's errors", () => {
  test("said in Ukrainian by cause, never its English details", () => {
    const unreachable = {
      error: "Bad Gateway",
      details: "Cannot reach RCON target 127.0.0.1:27016: connect ECONNREFUSED 127.0.0.1:27016",
    };
    expect(proxyErrorMessage(502, unreachable)).toBe(
      "RCON-проксі не дістався до сервера гри: з'єднання відхилено",
    );
    expect(proxyErrorMessage(504, { details: "RCON target x did not answer: timeout" })).toBe(
      "RCON-проксі: сервер гри не відповів вчасно: немає відповіді",
    );
    expect(proxyErrorMessage(401, { error: "Unauthorized", details: "RCON auth failed" })).toBe(
      "RCON-проксі: сервер гри не прийняв пароль RCON",
    );
    expect(proxyErrorMessage(401, { error: "Unauthorized" })).toBe(
      "RCON-проксі відмовив у доступі: перевірте ключ проксі",
    );
    expect(proxyErrorMessage(500, "<html>")).toBe("RCON-проксі відповів помилкою 500");
    for (const status of [400, 401, 404, 500, 502, 504]) {
      expect(proxyErrorMessage(status, unreachable).replace(/RCON/g, "")).not.toMatch(
        /[A-Za-z]{3,}/,
      );
    }
  });
});
