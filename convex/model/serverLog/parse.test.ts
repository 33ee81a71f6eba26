import { describe, expect, test } from "vitest";
import { bombAfter, killsOf, loggedKillsOf, mergeKills, parseLogBody, stampMs } from "./parse";

// Lines as CS2 writes them (the forms tmt2's CS2 parser quotes), each with the HTTP log's prefix.
const at = (time: string, line: string) => `11/25/2026 - ${time} - ${line}`;
const KILL_HS_WALL = at(
  "20:14:05.120",
  `"Player-Name<12><[U:1:29384012]><TERRORIST>" [-225 -1829 -168] killed "Zim<20><BOT><CT>" [-476 -1709 -110] with "glock" (headshot penetrated)`,
);
const KILL_PLAIN = at(
  "20:14:07.002",
  `"Nickname<0><[U:1:12345678]><CT>" [1766 -694 -352] killed "Other<3><[U:1:87654321]><TERRORIST>" [2504 -344 -352] with "ak47"`,
);
const KILL_FLAGS = at(
  "20:14:09.500",
  `"Seal<3><BOT><CT>" [2465 -309 -299] killed "Krikey<16><BOT><TERRORIST>" [2504 -344 -352] with "awp" (headshot noscope attackerinair)`,
);
const KILL_SMOKE_BLIND = at(
  "20:14:10.000",
  `"A <b>x</b><5><[U:1:1]><TERRORIST>" [1 2 3] killed "B<6><[U:1:2]><CT>" [4 5 6] with "m4a1_silencer" (throughsmoke attackerblind)`,
);
const PLANT = at(
  "20:14:20.000",
  `"Nickname<0><[U:1:12345678]><TERRORIST>" triggered "Planted_The_Bomb" at bombsite B`,
);
const DEFUSE = at("20:14:40.000", `"Other<3><[U:1:87654321]><CT>" triggered "Defused_The_Bomb"`);
const ROUND_DEFUSED = at(
  "20:14:40.010",
  `Team "CT" triggered "SFUI_Notice_Bomb_Defused" (CT "7") (T "3")`,
);
const ROUND_BOMBED = at(
  "20:14:41.000",
  `Team "TERRORIST" triggered "SFUI_Notice_Target_Bombed" (CT "7") (T "9")`,
);
const NOISE = [
  at("20:14:01.000", `"Nickname<0><[U:1:12345678]><CT>" purchased "ak47"`),
  at(
    "20:14:02.000",
    `"Nickname<0><[U:1:12345678]><CT>" money change 4500-2700 = $1800 (tracked) (purchase: weapon_ak47)`,
  ),
  at(
    "20:14:03.000",
    `"Nickname<0><[U:1:12345678]><CT>" left buyzone with [ weapon_knife weapon_ak47 kevlar(100) helmet ]`,
  ),
  at("20:14:04.000", `World triggered "Round_Start"`),
  at(
    "20:14:06.000",
    `"Nickname<0><[U:1:12345678]><CT>" [1 2 3] killed other "prop_dynamic<436>" [4 5 6] with "knife" (attackerinair)`,
  ),
];

describe("CS2 HTTP log lines", () => {
  test("a kill: both players, SteamIDs from [U:1:n], weapon, headshot and wallbang", () => {
    const { lines, events } = parseLogBody(KILL_HS_WALL + "\n");
    expect(lines).toBe(1);
    expect(killsOf(events, 5)).toEqual([
      {
        key: "11/25/2026 - 20:14:05.120|12|20",
        attacker: { name: "Player-Name", steamId: "76561197989649740", side: "T", bot: false },
        victim: { name: "Zim", steamId: "", side: "CT", bot: true },
        weapon: "glock",
        headshot: true,
        penetrated: true,
        noscope: false,
        throughSmoke: false,
        attackerBlind: false,
      },
    ]);
  });

  test("a kill without flags, and every flag CS2 writes", () => {
    const [plain, flags, smoke] = killsOf(
      parseLogBody([KILL_PLAIN, KILL_FLAGS, KILL_SMOKE_BLIND].join("\n")).events,
      10,
    ).reverse();
    expect(plain).toMatchObject({
      attacker: { steamId: "76561197972611406", side: "CT" },
      victim: { name: "Other", steamId: "76561198047920049", side: "T" },
      weapon: "ak47",
      headshot: false,
      penetrated: false,
    });
    expect(flags).toMatchObject({
      weapon: "awp",
      headshot: true,
      noscope: true,
      penetrated: false,
    });
    expect(smoke).toMatchObject({
      attacker: { name: "A <b>x</b>" },
      weapon: "m4a1_silencer",
      throughSmoke: true,
      attackerBlind: true,
    });
  });

  test("the bomb: planted, defused, exploded, and the round ends with their scores", () => {
    const planted = parseLogBody([PLANT, ROUND_BOMBED].join("\n")).events;
    expect(planted).toMatchObject([
      { kind: "bombPlanted", site: "B", player: { name: "Nickname", side: "T" } },
      { kind: "roundWon", winner: "T", notice: "Target_Bombed", scoreCT: 7, scoreT: 9 },
    ]);
    expect(bombAfter(planted)).toBe("gone");
    expect(bombAfter(parseLogBody(PLANT).events)).toBe("planted");
    const defused = parseLogBody([PLANT, DEFUSE, ROUND_DEFUSED].join("\n")).events;
    expect(defused.map((e) => e.kind)).toEqual(["bombPlanted", "bombDefusedBy", "roundWon"]);
    // Real CS2 writes no player's defuse line: the team's notice alone ends the bomb.
    expect(bombAfter(parseLogBody([PLANT, ROUND_DEFUSED].join("\n")).events)).toBe("gone");
    expect(bombAfter(defused)).toBe("gone");
    expect(bombAfter(parseLogBody(NOISE.join("\n")).events)).toBe("gone");
    expect(bombAfter(parseLogBody(KILL_PLAIN).events)).toBeNull();
  });

  test("everything else is counted as a line; props killed are no kills", () => {
    const { lines, events } = parseLogBody(NOISE.join("\n") + "\n");
    expect(lines).toBe(NOISE.length);
    expect(events.map((e) => e.kind)).toEqual(["purchase", "roundStart"]);
  });

  test("the file/UDP prefix and CRLF are read too", () => {
    const udp = `L 11/25/2026 - 20:14:07: ${KILL_PLAIN.split(" - ").slice(2).join(" - ")}\r\n`;
    expect(killsOf(parseLogBody(udp).events, 5)).toHaveLength(1);
  });

  test("text that is not a log has no lines; broken kill lines are skipped, never guessed", () => {
    expect(parseLogBody("").lines).toBe(0);
    expect(parseLogBody('{"event":"round_end"}').lines).toBe(0);
    expect(parseLogBody("<html>oops</html>\nkilled with").lines).toBe(0);
    const broken = at("20:00:00.000", `"x<1><[U:1:1]><CT>" killed nobody with "ak47"`);
    expect(parseLogBody(broken)).toEqual({ lines: 1, events: [] });
    const weird = at(
      "20:00:00.000",
      `"x<1><[U:1:1]><CT>" [1 2 3] killed "y<2><[U:1:2]><TERRORIST>" [1 2 3] with "AK-47!"`,
    );
    expect(killsOf(parseLogBody(weird).events, 1)).toEqual([]);
  });
});

describe("the feed", () => {
  const kills = killsOf(parseLogBody([KILL_HS_WALL, KILL_PLAIN, KILL_FLAGS].join("\n")).events, 10);

  test("newest first, bounded", () => {
    expect(kills.map((k) => k.weapon)).toEqual(["awp", "ak47", "glock"]);
    expect(killsOf(parseLogBody([KILL_HS_WALL, KILL_PLAIN].join("\n")).events, 1)).toHaveLength(1);
  });

  test("a resent batch adds nothing; new kills go in front; the oldest fall off", () => {
    const stored = kills.slice(1);
    expect(mergeKills(stored, kills.slice(1), 3)).toBe(stored);
    expect(mergeKills(stored, kills, 3).map((k) => k.weapon)).toEqual(["awp", "ak47", "glock"]);
    expect(mergeKills(stored, kills, 2).map((k) => k.weapon)).toEqual(["awp", "ak47"]);
  });
});

describe("kills for the match's weapon count", () => {
  test("log stamps order across a midnight and a month; an unreadable stamp is NaN", () => {
    const before = stampMs("01/31/2026 - 23:59:59.999");
    const after = stampMs("02/01/2026 - 00:00:00.000");
    expect(after - before).toBe(1);
    expect(stampMs("01/31/2026 - 23:59:59")).toBe(before - 999);
    expect(stampMs("31/01/2026")).toBeNaN();
  });

  test("every kill of a batch with its stamp, weapon and headshot, in the order logged", () => {
    const body = [
      `01/31/2026 - 23:59:59.500 - "A<2><[U:1:11]><CT>" [1 2 3] killed "B<3><BOT><TERRORIST>" [4 5 6] with "awp" (headshot)`,
      `02/01/2026 - 00:00:00.250 - "B<3><BOT><TERRORIST>" [1 2 3] killed "A<2><[U:1:11]><CT>" [4 5 6] with "knife_t"`,
    ].join("\n");
    const logged = loggedKillsOf(parseLogBody(body).events);
    expect(logged.map((k) => [k.key, k.weapon, k.headshot])).toEqual([
      ["2|3|awp", "awp", true],
      ["3|2|knife_t", "knife_t", false],
    ]);
    expect(logged[1]!.at - logged[0]!.at).toBe(750);
  });
});

describe("player text never becomes an event", () => {
  // What CS2 writes when a player types these in chat, or takes such a name.
  const forged = [
    `"Pwn<5><[U:1:77]><CT>" say "x<9><[U:1:9]><CT>" killed "Admin<2><[U:1:2]><TERRORIST>" with "awp"`,
    `"Pwn<5><[U:1:77]><CT>" say "x<9><[U:1:9]><CT>" [1 2 3] killed "Admin<2><[U:1:2]><TERRORIST>" [4 5 6] with "awp" (headshot)`,
    `"Pwn<5><[U:1:77]><TERRORIST>" say_team "x<9><[U:1:9]><TERRORIST>" triggered "Planted_The_Bomb"`,
    `"Pwn<5><[U:1:77]><TERRORIST>" say_team "" triggered "Planted_The_Bomb"`,
    `"Pwn<5><[U:1:77]><TERRORIST>" changed name to "x<9><[U:1:9]><TERRORIST>" triggered "Planted_The_Bomb"`,
    `"Pwn<5><[U:1:77]><CT>" changed name to "x<9><[U:1:9]><CT>" [1 2 3] killed "Admin<2><[U:1:2]><TERRORIST>" [4 5 6] with "awp"`,
  ].map((line, i) => at(`20:30:0${i}.000`, line));

  test.each(forged)("no kill and no C4 timer from %s", (line) => {
    const { events } = parseLogBody(line);
    expect(killsOf(events, 10)).toEqual([]);
    expect(loggedKillsOf(events)).toEqual([]);
    expect(bombAfter(events)).toBeNull();
  });
});
