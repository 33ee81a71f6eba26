import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { readLogLine, type LogLine } from "./lines";
import { parseLogBody } from "./parse";

const PROPERTY_RUNS = Number(process.env.PROPERTY_RUNS ?? (process.env.CI === "true" ? 400 : 150));
const REAL = path.resolve(__dirname, "../../../../shared/realdata/cs2-log");
const realLog = (file: string) => readFileSync(path.join(REAL, file), "utf8");

describe("every line form the real logs hold", () => {
  const cases: [string, Partial<LogLine>][] = [
    [
      `"Czar<3><[U:1:91379634]><CT>" [-1676 352 -64] killed "nikksv<9><[U:1:188337394]><TERRORIST>" [1 2 3] with "deagle" (headshot penetrated)`,
      { kind: "kill", weapon: "deagle", headshot: true, penetrated: true, noscope: false },
    ],
    [
      `"BlobenZ<7><[U:1:193288330]><CT>" [1 2 3] attacked "Ic3wav3<5><[U:1:91023233]><TERRORIST>" [4 5 6] with "inferno" (damage "7") (damage_armor "0") (health "93") (armor "100") (hitgroup "generic")`,
      { kind: "attack", weapon: "inferno", damage: 7 },
    ],
    [
      `"BlobenZ<4><[U:1:193288330]><CT>" assisted killing "ThatGuyHS<7><[U:1:268200068]><TERRORIST>"`,
      { kind: "assist", flash: false },
    ],
    [
      `"Czar<1><[U:1:91379634]><CT>" [-1676 352 -64] committed suicide with "world"`,
      { kind: "suicide", weapon: "world" },
    ],
    [
      `"lolz1e<8><[U:1:97679279]><CT>" say "if HEAP started making music would it be called heap-hop?"`,
      {
        kind: "chat",
        teamOnly: false,
        text: "if HEAP started making music would it be called heap-hop?",
      },
    ],
    [
      `"ThatGuyHS<6><[U:1:268200068]><TERRORIST>" say_team "!ready"`,
      { kind: "chat", teamOnly: true, text: "!ready" },
    ],
    [
      `"Wiethoofd<1><[U:1:29856109]><>" connected, address "31.31.167.25:49733"`,
      { kind: "connected" },
    ],
    [
      `"SourceTV<0><BOT><>" entered the game`,
      { kind: "entered", player: { name: "SourceTV", userId: 0, steamId: "", bot: true } },
    ],
    [
      `"Wiethoofd<1><[U:1:29856109]>" switched from team <Unassigned> to <TERRORIST>`,
      { kind: "switched", from: "Unassigned", to: "T" },
    ],
    [
      `"x<2><[U:1:5]><CT>" disconnected (reason "NETWORK_DISCONNECT_KICKED")`,
      { kind: "disconnected", reason: "NETWORK_DISCONNECT_KICKED" },
    ],
    [
      `"a<2><[U:1:5]><CT>" purchased "item_assaultsuit"`,
      { kind: "purchase", item: "item_assaultsuit" },
    ],
    [
      `"a<2><[U:1:5]><TERRORIST>" triggered "Planted_The_Bomb" at bombsite B`,
      { kind: "bombPlanted", site: "B" },
    ],
    [`World triggered "Match_Start" on "de_mirage"`, { kind: "matchStart", map: "de_mirage" }],
    [
      `World triggered "Match_Reloaded" on "de_mirage"`,
      { kind: "matchReloaded", map: "de_mirage" },
    ],
    [`World triggered "Round_Start"`, { kind: "roundStart" }],
    [`World triggered "Round_End"`, { kind: "roundEnd" }],
    [`World triggered "Restart_Round_(4_seconds)"`, { kind: "restartRound", seconds: 4 }],
    [`World triggered "Game_Commencing"`, { kind: "gameCommencing" }],
    [`Starting Freeze period`, { kind: "freezeStart" }],
    [
      `Team "CT" triggered "SFUI_Notice_Bomb_Defused" (CT "9") (T "2")`,
      { kind: "roundWon", winner: "CT", notice: "Bomb_Defused", scoreCT: 9, scoreT: 2 },
    ],
    [
      `World triggered "SFUI_Notice_Round_Draw" (CT "11") (T "0")`,
      { kind: "roundWon", winner: null, notice: "Round_Draw", scoreCT: 11, scoreT: 0 },
    ],
    [
      `Team "TERRORIST" scored "13" with "10" players`,
      { kind: "teamScored", side: "T", score: 13, players: 10 },
    ],
    [
      `MatchStatus: Score: 1:11 on map "de_mirage" RoundsPlayed: 12`,
      { kind: "matchScore", scoreCT: 1, scoreT: 11, map: "de_mirage", roundsPlayed: 12 },
    ],
    [
      `MatchStatus: Team playing "CT": rvls test team 1`,
      { kind: "teamName", side: "CT", name: "rvls test team 1" },
    ],
    [`Team playing "TERRORIST": rvls test 2`, { kind: "teamName", side: "T", name: "rvls test 2" }],
    [`MatchStatus: Team "CT" is unset.`, { kind: "teamName", side: "CT", name: "" }],
    [
      `Game Over: competitive  de_inferno score 2:13 after 10 min`,
      {
        kind: "gameOver",
        mode: "competitive",
        map: "de_inferno",
        scoreCT: 2,
        scoreT: 13,
        minutes: 10,
      },
    ],
    [`"mp_maxrounds" = "24"`, { kind: "cvar", name: "mp_maxrounds", value: "24" }],
    [
      `server_cvar: "mp_roundtime" "1.920000"`,
      { kind: "cvar", name: "mp_roundtime", value: "1.920000" },
    ],
    [
      `rcon from "20.71.36.216:60696": command "mp_backup_restore_load_file cm_backup_cs2_match_de345abb_round11.txt"`,
      { kind: "restore", file: "cm_backup_cs2_match_de345abb_round11.txt" },
    ],
  ];
  test.each(cases)("%s", (line, expected) => {
    expect(readLogLine(line)).toMatchObject(expected);
  });

  test("numbers past what CS2 writes are refused, not stored", () => {
    expect(readLogLine(`Team "CT" triggered "SFUI_Notice_CTs_Win" (CT "1000") (T "0")`)).toBeNull();
    expect(readLogLine(`MatchStatus: Score: 1:99999 on map "de_x" RoundsPlayed: 1`)).toBeNull();
  });

  test("the real logs: every kill, assist, chat line and round notice is read", () => {
    for (const [file, kills, assists, chat] of [
      ["seatlon-0f870999-de_inferno.log", 170, 63, 30],
      ["seatlon-de345abb-de_mirage.log", 129, 72, 23],
      ["seatlon-test-http-dathost.log", 11, 0, 0],
    ] as const) {
      const text = realLog(file);
      const { events } = parseLogBody(text);
      const count = (kind: string) => events.filter((e) => e.kind === kind).length;
      expect([count("kill"), count("assist"), count("chat")], file).toEqual([kills, assists, chat]);
      const notices = text.match(/triggered "SFUI_Notice_/g)?.length ?? 0;
      expect(count("roundWon"), file).toBe(notices);
      expect(count("roundStats"), file).toBe(text.match(/JSON_BEGIN/g)?.length ?? 0);
    }
  });
});

describe("the round_stats block", () => {
  test("read by its field names: the totals before the round, SteamID64 from the account id, side", () => {
    const blocks = parseLogBody(realLog("seatlon-de345abb-de_mirage.log")).events.flatMap((e) =>
      e.kind === "roundStats" ? [e.stats] : [],
    );
    const halftime = blocks.find((b) => b.round === 13 && b.scoreT === 11)!;
    expect(halftime).toMatchObject({ map: "de_mirage", scoreCT: 1, scoreT: 11 });
    expect(halftime.players).toHaveLength(10);
    expect(halftime.players.find((p) => p.steamId === "76561198051645362")).toEqual({
      steamId: "76561198051645362",
      side: "T",
      money: 800,
      kills: 9,
      deaths: 10,
      assists: 5,
      damage: 709,
      headshots: 1,
      adr: 59,
      mvps: 5,
      enemiesFlashed: 0,
      utilityDamage: 191,
      k3: 1,
      k4: 0,
      k5: 0,
      clutchKills: 0,
      firstKills: 0,
    });
  });
});

// --- Hostile names and chat -------------------------------------------------------------------

const STEAM = ["[U:1:29856109]", "[U:1:1]", "BOT"];
const TEAMS = ["CT", "TERRORIST", ""];
/** Every line a player could want to forge, as CS2 would write it. */
const FAKE_LINES = [
  `"Admin<2><[U:1:2]><CT>" [1 2 3] killed "Victim<3><[U:1:3]><TERRORIST>" [4 5 6] with "awp" (headshot)`,
  `"x<9><[U:1:9]><TERRORIST>" triggered "Planted_The_Bomb" at bombsite A`,
  `"x<9><[U:1:9]><CT>" triggered "Defused_The_Bomb"`,
  `Team "CT" triggered "SFUI_Notice_CTs_Win" (CT "16") (T "0")`,
  `World triggered "SFUI_Notice_Round_Draw" (CT "0") (T "0")`,
  `Team "CT" scored "16" with "5" players`,
  `World triggered "Round_Start"`,
  `World triggered "Match_Start" on "de_dust2"`,
  `Game Over: competitive  de_dust2 score 16:0 after 1 min`,
  `MatchStatus: Score: 16:0 on map "de_dust2" RoundsPlayed: 16`,
  `MatchStatus: Team playing "CT": Hackers`,
  `"mp_maxrounds" = "2"`,
  `rcon from "1.2.3.4:5": command "mp_backup_restore_load_file x.txt"`,
  `"y<4><[U:1:4]><CT>" say "hello"`,
  `"y<4><[U:1:4]>" switched from team <CT> to <TERRORIST>`,
  `"y<4><[U:1:4]><CT>" assisted killing "z<5><[U:1:5]><TERRORIST>"`,
  `"y<4><[U:1:4]><CT>" blinded for 2.78 by "z<5><[U:1:5]><TERRORIST>" from flashbang entindex 5 `,
  `JSON_BEGIN{`,
  `}}JSON_END`,
];
const hostileText = fc.oneof(
  fc.constantFrom(...FAKE_LINES),
  fc.constantFrom(...FAKE_LINES).map((l) => `x" ${l}`),
  fc.constantFrom(...FAKE_LINES).map((l) => `${l} "`),
  fc
    .array(
      fc.oneof(
        fc.constantFrom(
          '"',
          "<",
          ">",
          "<1>",
          "<[U:1:2]>",
          "<CT>",
          '>"',
          ' killed "',
          " [1 2 3]",
          ' with "ak47"',
        ),
        fc.constantFrom(
          ' triggered "Planted_The_Bomb"',
          " say ",
          '" say "',
          " (headshot)",
          " x",
          "Ω",
        ),
        fc.string({ maxLength: 6 }).map((s) => s.replace(/[\r\n]/g, " ")),
      ),
      { maxLength: 12 },
    )
    .map((parts) => parts.join("")),
);
const player = fc.record({
  name: hostileText.filter((n) => n.length <= 128),
  userId: fc.integer({ min: 0, max: 64 }),
  steam: fc.constantFrom(...STEAM),
  team: fc.constantFrom(...TEAMS),
});
type P = { name: string; userId: number; steam: string; team: string };
const block = (p: P) => `"${p.name}<${p.userId}><${p.steam}><${p.team}>"`;

/** Each form a player appears in, written as CS2 writes it, and the kind it must read as. */
const forms: [string, (a: P, b: P, text: string) => string][] = [
  ["kill", (a, b) => `${block(a)} [1 2 3] killed ${block(b)} [4 5 6] with "ak47" (headshot)`],
  [
    "attack",
    (a, b) =>
      `${block(a)} [1 2 3] attacked ${block(b)} [4 5 6] with "glock" (damage "20") (damage_armor "0") (health "80") (armor "0") (hitgroup "chest")`,
  ],
  ["assist", (a, b) => `${block(a)} assisted killing ${block(b)}`],
  ["blinded", (a, b) => `${block(a)} blinded for 2.78 by ${block(b)} from flashbang entindex 552 `],
  ["suicide", (a) => `${block(a)} [1 2 3] committed suicide with "world"`],
  ["chat", (a, _b, text) => `${block(a)} say "${text}"`],
  ["chat", (a, _b, text) => `${block(a)} say_team "${text}"`],
  ["purchase", (a) => `${block(a)} purchased "ak47"`],
  ["bombPlanted", (a) => `${block(a)} triggered "Planted_The_Bomb" at bombsite A`],
  ["connected", (a) => `${block(a)} connected, address "1.2.3.4:5"`],
  ["entered", (a) => `${block(a)} entered the game`],
  ["disconnected", (a) => `${block(a)} disconnected (reason "Disconnect")`],
  [
    "switched",
    (a) => `"${a.name}<${a.userId}><${a.steam}>" switched from team <CT> to <TERRORIST>`,
  ],
];

describe("player text never becomes an event", () => {
  test("hostile names and chat, through every form: read as that form with exactly that text, or not at all", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...forms),
        player,
        player,
        hostileText.filter((t) => t.length <= 127),
        ([kind, write], a, b, text) => {
          const line = write(a, b, text);
          const read = readLogLine(line);
          if (read === null) return;
          expect(read.kind).toBe(kind);
          // A blinded line names its victim first, then who threw the flash.
          const [first, second] =
            read.kind === "blinded"
              ? [read.victim, read.attacker]
              : [
                  "attacker" in read
                    ? read.attacker
                    : "assister" in read
                      ? read.assister
                      : "player" in read
                        ? read.player
                        : null,
                  "victim" in read ? read.victim : null,
                ];
          expect(first?.name).toBe(a.name);
          expect(first?.userId).toBe(a.userId);
          if (second) {
            expect(second.name).toBe(b.name);
            expect(second.userId).toBe(b.userId);
          }
          if (read.kind === "chat") expect(read.text).toBe(text);
          // A body holding the line with a real prefix reads the same: no second line appears.
          const { events } = parseLogBody(`L 01/19/2026 - 19:00:00: ${line}\n`);
          expect(events.map((e) => e.kind)).toEqual([kind]);
        },
      ),
      { numRuns: PROPERTY_RUNS * 4 },
    );
  });

  test("names that hold a player's end are refused, never guessed", () => {
    const forged = `"A<1><[U:1:1]><CT>" say "x<5><[U:1:9]><CT>" [1 2 3] killed "V<3><[U:1:5]><TERRORIST>" [1 2 3] with "ak47"`;
    expect(readLogLine(forged)).toBeNull();
    expect(
      readLogLine(`"x<1><[U:1:1]><CT>" say_team "" triggered "Planted_The_Bomb"`),
    ).toMatchObject({
      kind: "chat",
      text: '" triggered "Planted_The_Bomb',
    });
  });

  test("hostile team names stay a team name; a chat line inside a round_stats block ends the block", () => {
    fc.assert(
      fc.property(hostileText, (name) => {
        const read = readLogLine(`MatchStatus: Team playing "CT": ${name}`);
        if (read) expect(read).toEqual({ kind: "teamName", side: "CT", name: name.trim() });
      }),
      { numRuns: PROPERTY_RUNS },
    );
    const body = [
      "JSON_BEGIN{",
      `"name": "round_stats",`,
      `"x<1><[U:1:1]><CT>" say "}}JSON_END"`,
      `"round_number" : "1",`,
      "}}JSON_END",
    ]
      .map((l) => `L 01/19/2026 - 19:00:00: ${l}`)
      .join("\n");
    expect(parseLogBody(body).events.map((e) => e.kind)).toEqual(["chat"]);
  });
});
