import { describe, expect, test } from "vitest";
import {
  CS2_STATUS,
  CS2_STATUS_GOTV_ONLY,
  CS2_STATUS_JSON,
  CS2_STATUS_JSON_LAN,
  CS2_STATUS_JSON_TOTALS,
  CS2_STATUS_LAN,
  CS2_STATUS_TOTALS,
  CS2_STATUS_WITH_HUMANS,
  CVAR_REPLIES,
  OLDER_SOURCE_STATUS,
} from "../testing/rcon.fixtures";
import { ConsoleKickError, kickBySteamId } from "./consoleKick";
import { pollOverRcon } from "./rconPoll";
import { modeOf, parseCvar, parseStatus, parseStatusJson } from "./rconStatus";

describe("status_json", () => {
  test("map and clients; bots as SteamID 0; a client still connecting is skipped", () => {
    expect(parseStatusJson(CS2_STATUS_JSON)).toEqual({
      map: "de_dust2",
      clients: [
        { name: "Soldier", steamId: "0", bot: true },
        { name: "Neo", steamId: "76561198012345678", bot: false },
        { name: "Тарас", steamId: "76561198000000042", bot: false },
      ],
      nameless: 1,
    });
  });

  test("its totals count nameless slots: the panel counts the 11 clients it can name, not 13", () => {
    const parsed = parseStatusJson(CS2_STATUS_JSON_TOTALS)!;
    expect(parsed.clients).toHaveLength(11);
    expect(parsed.nameless).toBe(2);
    // The same moment's text: the two nameless slots are its two ghost rows.
    expect(parseStatus(CS2_STATUS_TOTALS)?.clients).toHaveLength(11);
  });

  test("GOTV counted as a proxy is no player", () => {
    const json = JSON.parse(CS2_STATUS_JSON) as {
      server: { clients_proxies: number; clients: unknown[] };
    };
    json.server.clients_proxies = 1;
    json.server.clients.push({ steamid64: "0", steamid: "[A:1:1:1]", bot: true, name: "SourceTV" });
    expect(parseStatusJson(JSON.stringify(json))?.clients.map((c) => c.name)).toEqual([
      "Soldier",
      "Neo",
      "Тарас",
    ]);
  });

  test("anything else is not status_json", () => {
    for (const text of ['Unknown command "status_json"', "", "[]", '{"server":1}', CS2_STATUS]) {
      expect(parseStatusJson(text)).toBeNull();
    }
  });
});

describe("status", () => {
  test("CS2: hostname, the map from spawngroup 1 only, bots", () => {
    expect(parseStatus(CS2_STATUS)).toEqual({
      hostname: "sidearm",
      map: "de_mirage",
      clients: [{ name: "Mangos", steamId: "0", bot: true, userId: "0" }],
    });
  });

  test("CS2 with humans: names with spaces and Cyrillic, the ghost row skipped", () => {
    const parsed = parseStatus(CS2_STATUS_WITH_HUMANS);
    expect(parsed?.hostname).toBe("Козацький сервер | 5v5");
    expect(parsed?.map).toBe("de_inferno");
    expect(parsed?.clients).toEqual([
      { name: "Numeric 123", steamId: null, bot: false, userId: "2" },
      { name: "Оля", steamId: null, bot: false, userId: "3" },
      { name: "Rezan", steamId: "0", bot: true, userId: "4" },
    ]);
  });

  test("the older table", () => {
    expect(parseStatus(OLDER_SOURCE_STATUS)).toEqual({
      hostname: "Old Source server",
      map: "de_nuke",
      clients: [
        { name: "Player One", steamId: "76561197960290418", bot: false, userId: "2" },
        { name: "BOT Kim", steamId: "0", bot: true, userId: "3" },
      ],
    });
  });

  test("GOTV's row is no player: an empty server with GOTV up has nobody online", () => {
    expect(parseStatus(CS2_STATUS_GOTV_ONLY)).toEqual({
      hostname: "Counter-Strike 2 Dedicated Server",
      map: "de_dust2",
      clients: [],
    });
    // A bot that merely shares GOTV's name, on a server without GOTV, is a bot.
    const noTv = CS2_STATUS_GOTV_ONLY.replace(/^sourcetv.*$/m, "").replace(/--- SourceTV[^]*$/, "");
    expect(parseStatus(noTv)?.clients).toHaveLength(1);
    // The older table names GOTV "GOTV" and says `sourcetv:` too.
    const older = OLDER_SOURCE_STATUS.replace(
      "players :",
      "sourcetv:  port 27020, delay 90.0s, rate 64.0\nplayers :",
    ).replace("#end", '#  4 "GOTV" BOT active 64\n#end');
    expect(parseStatus(older)?.clients.map((c) => c.name)).toEqual(["Player One", "BOT Kim"]);
  });

  test("an error line is not status", () => {
    expect(parseStatus('Unknown command "status"')).toBeNull();
  });
});

describe("cvars and modes", () => {
  test("CS2's unquoted and the older quoted form", () => {
    expect(parseCvar(CVAR_REPLIES.cs2Number, "game_type")).toBe("0");
    expect(parseCvar(CVAR_REPLIES.cs2Bool, "sv_cheats")).toBe("false");
    expect(parseCvar(CVAR_REPLIES.cs2Text, "hostname")).toBe("Козацький сервер | 5v5");
    expect(parseCvar(CVAR_REPLIES.older, "game_mode")).toBe("1");
    expect(parseCvar('Unknown command "game_mode"', "game_mode")).toBeUndefined();
  });

  test("game_type/game_mode pairs", () => {
    expect(modeOf(0, 1)).toBe("competitive");
    expect(modeOf(0, 2)).toBe("wingman");
    expect(modeOf(1, 2)).toBe("deathmatch");
    expect(modeOf(6, 0)).toBeUndefined();
  });
});

describe("a poll over RCON", () => {
  // A moment with no slot still connecting (see below for one that has).
  const named = JSON.parse(CS2_STATUS_JSON) as { server: { clients: { name: string }[] } };
  named.server.clients = named.server.clients.filter((c) => c.name !== "");
  const replies: Record<string, string> = {
    status_json: JSON.stringify(named),
    status: CS2_STATUS,
    hostname: "hostname = Козацький сервер",
    game_type: "game_type = 0",
    game_mode: "game_mode = 2",
    mp_maxrounds: "mp_maxrounds = 16",
  };
  const exec = (overrides: Record<string, string> = {}) => {
    const sent: string[] = [];
    const run = async (command: string) => {
      sent.push(command);
      return overrides[command] ?? replies[command] ?? `Unknown command "${command}"`;
    };
    return { run, sent };
  };

  test("what CS2 tells is known; scores, phase, totals and player stats are marked unknown", async () => {
    const { run, sent } = exec();
    const result = await pollOverRcon(run, true);
    expect(sent).toEqual([
      "status_json",
      "hostname",
      "game_type",
      "game_mode",
      "mp_maxrounds",
      "tv_enable",
      "tv_port",
      // With the players: the version line, pings and frame rate for the health view.
      "status",
      "stats",
    ]);
    // Only every 5 s poll without players reads none of those two.
    const quick = exec();
    await pollOverRcon(quick.run, false);
    expect(quick.sent).not.toContain("stats");
    expect(quick.sent).not.toContain("status");
    // A server that answers neither GOTV read says nothing about GOTV.
    expect(result.tvPort).toBeUndefined();
    expect(result.match).toEqual({
      serverName: "Козацький сервер",
      mapName: "de_dust2",
      scoreCT: 0,
      scoreT: 0,
      playersOnline: 3,
      roundPhase: "live",
      gameMode: "wingman",
      maxRounds: 16,
      unknown: ["score", "phase", "totals"],
    });
    expect(result.players?.map((p) => [p.steamId, p.name, p.team, p.statsUnknown])).toEqual([
      ["0", "Soldier", "Unknown", true],
      ["76561198012345678", "Neo", "Unknown", true],
      ["76561198000000042", "Тарас", "Unknown", true],
    ]);
  });

  test("nameless clients in status_json: status says who is connected, with the SteamIDs status_json gave", async () => {
    const totals = exec({ status_json: CS2_STATUS_JSON_TOTALS, status: CS2_STATUS_TOTALS });
    const sample = await pollOverRcon(totals.run, false);
    expect(totals.sent.slice(0, 2)).toEqual(["status_json", "status"]);
    expect(sample.match.playersOnline).toBe(11);
    // An sv_lan 1 server: status_json names no human; the text does (without SteamIDs).
    const lan = await pollOverRcon(
      exec({ status_json: CS2_STATUS_JSON_LAN, status: CS2_STATUS_LAN }).run,
      true,
    );
    expect(lan.match.playersOnline).toBe(3);
    expect(lan.players?.map((p) => [p.name, p.steamId])).toEqual([
      ["Петро", ""],
      ["Anna", ""],
      ["Kim", "0"],
    ]);
    const humans = await pollOverRcon(
      exec({ status_json: CS2_STATUS_JSON_TOTALS, status: CS2_STATUS_TOTALS }).run,
      true,
    );
    expect(humans.players?.find((p) => p.name === "Larry")?.steamId).toBe("76561197997837923");
  });

  test("an empty server with GOTV up has 0 players online", async () => {
    const { run } = exec({
      status_json: 'Unknown command "status_json"',
      status: CS2_STATUS_GOTV_ONLY,
    });
    expect((await pollOverRcon(run, true)).match.playersOnline).toBe(0);
  });

  test("a hostile server's hostname, names and maxrounds are bounded to what CS2 can produce", async () => {
    const json = structuredClone(named);
    json.server.clients[1]!.name = "Neo\u0000\u001b[31m" + "N".repeat(10_000);
    const { run } = exec({
      status_json: JSON.stringify(json),
      hostname: "hostname = " + "H\u0007".repeat(100_000),
      mp_maxrounds: "mp_maxrounds = 1e308",
    });
    const result = await pollOverRcon(run, true);
    expect(result.match.serverName).toBe("H".repeat(128));
    expect(result.match.maxRounds).toBeUndefined();
    expect(result.players?.[1]?.name).toMatch(/^Neo\[31mN+$/);
    expect(result.players?.[1]?.name).toHaveLength(128);
  });

  test("without status_json, status is read instead; no players unless asked", async () => {
    const { run, sent } = exec({ status_json: 'Unknown command "status_json"' });
    const result = await pollOverRcon(run, false);
    expect(sent.slice(0, 2)).toEqual(["status_json", "status"]);
    expect(result.match.mapName).toBe("de_mirage");
    expect(result.players).toBeUndefined();
  });

  test("GOTV: its port while tv_enable is on, null while off, in CS2's and older forms", async () => {
    const on = await pollOverRcon(
      exec({ tv_enable: "tv_enable = true", tv_port: "tv_port = 27120" }).run,
      false,
    );
    expect(on.tvPort).toBe(27120);
    const older = await pollOverRcon(
      exec({ tv_enable: '"tv_enable" = "1" ( def. "0" )', tv_port: "garbage" }).run,
      false,
    );
    expect(older.tvPort).toBe(27020);
    const off = await pollOverRcon(exec({ tv_enable: "tv_enable = false" }).run, false);
    expect(off.tvPort).toBeNull();
  });

  test("a service that is not a CS2 server is refused", async () => {
    const { run } = exec({ status_json: "nope", status: "nope" });
    await expect(pollOverRcon(run, true)).rejects.toThrow(/CS2/);
  });
});

describe("a kick by SteamID through a plain console", () => {
  /** A console whose status_json lists Neo and Тарас and whose status numbers them. */
  function console(status: string) {
    const sent: string[] = [];
    const exec = (command: string) => {
      sent.push(command);
      if (command === "status_json") return Promise.resolve(CS2_STATUS_JSON);
      if (command === "status") return Promise.resolve(status);
      return Promise.resolve(`Dropped from server: ${command}`);
    };
    return { sent, exec };
  }
  const numbered = (rows: string) =>
    CS2_STATUS_WITH_HUMANS.replace(/ {3}2 .*'Numeric 123'\n {3}3 .*'Оля'/, rows);

  test("status_json names the player, status gives his userid, kickid takes it", async () => {
    const c = console(
      numbered(
        "   7    01:00   18    0     active 196608 192.0.2.5:57743 'Neo'\n" +
          "   9    02:00   20    0     active 196608 192.0.2.6:57743 'Тарас'",
      ),
    );
    await kickBySteamId(c.exec, "76561198000000042");
    expect(c.sent).toEqual(["status_json", "status", "kickid 9"]);
  });

  test("a player not connected, or a name two players share, is refused before any kick", async () => {
    const absent = console(numbered("   7    01:00   18    0     active 196608 1.2.3.4:5 'Neo'"));
    await expect(kickBySteamId(absent.exec, "76561198000000043")).rejects.toThrow(ConsoleKickError);
    const twins = console(
      numbered(
        "   7    01:00   18    0     active 196608 1.2.3.4:5 'Neo'\n" +
          "   8    01:00   18    0     active 196608 1.2.3.5:5 'Neo'",
      ),
    );
    await expect(kickBySteamId(twins.exec, "76561198012345678")).rejects.toThrow(/кілька гравців/);
    expect([...absent.sent, ...twins.sent].some((c) => c.startsWith("kickid"))).toBe(false);
    // Each refusal carries its key and parameters, so the panel words it in the reader's language.
    await expect(kickBySteamId(absent.exec, "76561198000000043")).rejects.toMatchObject({
      worded: {
        key: "refusal.actions.kickNotConnected",
        params: { steamId: "76561198000000043" },
        message: "гравця 76561198000000043 немає на сервері.",
      },
    });
    await expect(kickBySteamId(twins.exec, "76561198012345678")).rejects.toMatchObject({
      worded: { key: "refusal.actions.kickAmbiguous", params: { name: "Neo" } },
    });
  });
});
