/** Match detection rules (pure): what closes a match, what is not one, what is seen twice. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import type { WeaponKills } from "../../lib/history";
import type { EndedMap, Match, Player } from "../../lib/validators";
import { playerOnServer } from "../../testing/live.fixtures";
import { loggedKillsOf, parseLogBody } from "../serverLog/parse";
import { addWeaponKills, type KillsThrough } from "./detect";
import {
  closeEarly,
  endKeyOf,
  nearMatchEnd,
  observePoll,
  observePush,
  type PushSeen,
} from "./tracker";

const HUMAN = "76561198000000201";
const match = (over: Partial<Match> = {}): Match => ({
  serverName: "s",
  mapName: "de_dust2",
  scoreCT: 0,
  scoreT: 0,
  playersOnline: 4,
  roundPhase: "live",
  round: 1,
  maxRounds: 8,
  ...over,
});
const player = (steamId: string, kills: number, team: Player["team"] = "Terrorist"): Player => ({
  ...playerOnServer(steamId, steamId === "0" ? "BOT Ivan" : "Олег"),
  team,
  kills,
  deaths: 1,
  totalDamage: 100 * kills,
  roundsPlayed: 5,
  firstSeen: "",
  lastSeen: "",
});

describe("detection by polling", () => {
  test("the decided match closes with the polled lines; bots get none; seen again, nothing", () => {
    const open = observePoll(null, { match: match(), players: [player(HUMAN, 1)], at: 1 });
    expect(open.closed).toBeNull();
    const players = [player(HUMAN, 9), player("0", 30)];
    const end = match({ scoreT: 5, scoreCT: 2, roundPhase: "over" });
    const closed = observePoll(open.next, { match: end, players, at: 2 });
    expect(closed.closed).toMatchObject({ scoreT: 5, rounds: 7, startedAt: 1, endedAt: 2 });
    expect(closed.closed!.lines).toEqual([
      expect.objectContaining({ steamId: HUMAN, kills: 9, damage: 900, side: "T" }),
    ]);
    // The bot is kept apart, by name, to be shown but never counted.
    expect(closed.closed!.bots).toEqual([
      expect.objectContaining({ name: "BOT Ivan", kills: 30, side: "T", rounds: 5 }),
    ]);
    expect(closed.closed!.bots![0]).not.toHaveProperty("steamId");
    expect(observePoll(closed.next, { match: end, players, at: 3 }).closed).toBeNull();
    // The next match's warmup clears the tracker.
    expect(observePoll(closed.next, { match: match({ roundPhase: "warmup" }), at: 4 })).toEqual({
      next: null,
      closed: null,
    });
  });

  test("the decided match waits for a poll with players", () => {
    const open = observePoll(null, { match: match(), at: 1 });
    const end = match({ scoreT: 5, scoreCT: 0, roundPhase: "over" });
    const noPlayers = observePoll(open.next, { match: end, at: 2 });
    expect(noPlayers.closed).toBeNull();
    expect(
      observePoll(noPlayers.next, { match: end, players: [player(HUMAN, 4)], at: 3 }).closed,
    ).not.toBeNull();
  });

  test("a restart, map change or reset interrupts a match of 4+ rounds; a shorter one is no match", () => {
    const at3 = observePoll(null, { match: match({ scoreCT: 2, scoreT: 1 }), at: 1 });
    expect(observePoll(at3.next, { match: match(), at: 2 })).toMatchObject({ closed: null });
    expect(observePoll(at3.next, { match: match(), at: 2 }).interrupted).toBeUndefined();
    const at4 = observePoll(null, { match: match({ scoreCT: 2, scoreT: 2 }), at: 1 });
    const cases = [
      [match({ mapName: "de_nuke" }), "map"],
      [match({ roundPhase: "warmup" }), "warmup"],
      [match({ scoreCT: 0, scoreT: 0 }), "reset"],
    ] as const;
    for (const [shown, reason] of cases) {
      const step = observePoll(at4.next, { match: shown, at: 2 });
      // Held, not recorded: it may be brought back, or is kept as abandoned.
      expect(step.closed).toBeNull();
      expect(step.interrupted).toMatchObject({
        reason,
        match: { rounds: 4, mapName: "de_dust2", scoreCT: 2, scoreT: 2 },
      });
    }
  });

  test("humans played but no line was ever seen: never an empty scoreboard", () => {
    // The list was never fetched while live (a short map, nobody on the players tab).
    const live = observePoll(null, {
      match: match({ scoreCT: 2, scoreT: 1 }),
      humans: true,
      at: 1,
    });
    expect(live.next).toMatchObject({ humans: true, lines: [] });
    const end = match({ scoreT: 5, scoreCT: 2, roundPhase: "over" });
    // A players poll after the decision that lists nobody on a side does not close it…
    const empty = observePoll(live.next, { match: end, players: [], at: 2 });
    expect(empty.closed).toBeNull();
    // …one that shows the humans does, with their lines.
    const seen = observePoll(empty.next, { match: end, players: [player(HUMAN, 6)], at: 3 });
    expect(seen.closed).toMatchObject({
      scoreT: 5,
      lines: [expect.objectContaining({ kills: 6 })],
    });
    // The map is gone before any line was seen: nothing is recorded rather than an empty table.
    const gone = observePoll(empty.next, { match: match({ roundPhase: "warmup" }), at: 4 });
    expect(gone.closed).toBeNull();
    // Lines seen once are kept when a later list is empty.
    const withLines = observePoll(live.next, {
      match: match(),
      players: [player(HUMAN, 2)],
      at: 5,
    });
    const kept = observePoll(withLines.next, { match: end, players: [], at: 6 });
    expect(kept.closed!.lines).toEqual([expect.objectContaining({ steamId: HUMAN, kills: 2 })]);
  });

  test("a poll one round behind a pushed round end changes nothing", () => {
    const pushed = observePoll(null, { match: match({ scoreCT: 3, scoreT: 2 }), at: 1 });
    const behind = observePoll(pushed.next, { match: match({ scoreCT: 3, scoreT: 1 }), at: 2 });
    expect(behind).toEqual({ next: pushed.next, closed: null });
  });

  test("the poller is told to look closely one round from the end", () => {
    expect(nearMatchEnd(match({ scoreCT: 3, scoreT: 0 }))).toBe(false);
    expect(nearMatchEnd(match({ scoreCT: 4, scoreT: 0 }))).toBe(true);
    expect(nearMatchEnd(match({ scoreCT: 4, scoreT: 3 }))).toBe(true);
    expect(nearMatchEnd(match({ roundPhase: "warmup", scoreCT: 4 }))).toBe(false);
  });
});

describe("a polled map whose end falls between two polls", () => {
  const ended = (over: Partial<EndedMap> = {}): EndedMap => ({
    mapName: "de_dust2",
    scoreCT: 5,
    scoreT: 2,
    endedAt: "2026-11-29T09:00:00.000Z",
    ...over,
  });
  // Seen live at 2:1 with its players, on a server whose last ended map was an earlier one.
  const earlier = ended({ mapName: "de_nuke", endedAt: "2026-11-29T08:00:00.000Z" });
  const live = observePoll(null, {
    match: match({ scoreCT: 2, scoreT: 1 }),
    players: [player(HUMAN, 3, "Counter-Terrorist")],
    lastMap: earlier,
    at: 1,
  }).next!;

  test("the next match's warmup and the server's report of the end: recorded once, at the final score", () => {
    const warmup = { match: match({ roundPhase: "warmup" }), lastMap: ended(), at: 2 };
    const step = observePoll(live, warmup);
    expect(step.interrupted).toBeUndefined();
    expect(step.closed).toMatchObject({
      mapName: "de_dust2",
      scoreCT: 5,
      scoreT: 2,
      rounds: 7,
      startedAt: 1,
      endedAt: 2,
      source: "poll",
      lines: [expect.objectContaining({ steamId: HUMAN, kills: 3, side: "CT" })],
    });
    // The warmup clears the tracker; the report seen again by the next polls records nothing.
    expect(step.next).toBeNull();
    expect(observePoll(step.next, { ...warmup, at: 3 }).closed).toBeNull();
    // The next match on the same map starts with the report it had: its end is another one.
    const next = observePoll(null, { match: match({ scoreCT: 1 }), lastMap: ended(), at: 4 });
    expect(next.next).toMatchObject({ endedBefore: endKeyOf(ended()), rounds: 1 });
    expect(observePoll(next.next, { ...warmup, at: 5 }).closed).toBeNull();
  });

  test("the next map already live: the ended one recorded, the new one tracked", () => {
    const step = observePoll(live, {
      match: match({ mapName: "de_nuke", scoreCT: 1 }),
      lastMap: ended({ scoreCT: 1, scoreT: 5 }),
      at: 2,
    });
    expect(step.closed).toMatchObject({ mapName: "de_dust2", scoreCT: 1, scoreT: 5, rounds: 6 });
    expect(step.next).toMatchObject({
      state: "open",
      mapName: "de_nuke",
      rounds: 1,
      startedAt: 2,
      endedBefore: endKeyOf(ended({ scoreCT: 1, scoreT: 5 })),
    });
  });

  test("the same map's next match already two rounds in: still the ended one's record first", () => {
    const step = observePoll(live, { match: match({ scoreT: 2 }), lastMap: ended(), at: 2 });
    expect(step.closed).toMatchObject({ scoreCT: 5, scoreT: 2, startedAt: 1 });
    expect(step.next).toMatchObject({ state: "open", rounds: 2, scoreT: 2, startedAt: 2 });
  });

  test("a report that is not this match's end closes nothing", () => {
    // The report it started with, another map's end, or fewer rounds than the polls saw.
    for (const lastMap of [
      earlier,
      ended({ mapName: "de_inferno" }),
      ended({ scoreCT: 1, scoreT: 1 }),
    ]) {
      const step = observePoll(live, { match: match({ scoreCT: 3, scoreT: 1 }), lastMap, at: 2 });
      expect(step.closed).toBeNull();
      expect(step.next).toMatchObject({ state: "open", rounds: 4 });
    }
    // A tracker from a source that never reported ends adopts the report, closing nothing.
    const { endedBefore: _, ...unreported } = live;
    const adopted = observePoll(unreported, {
      match: match({ scoreCT: 3 }),
      lastMap: ended(),
      at: 2,
    });
    expect(adopted.closed).toBeNull();
    expect(adopted.next).toMatchObject({ endedBefore: endKeyOf(ended()) });
  });

  test("still on its end screen: closed by the poll that lists the players, once", () => {
    const screen = match({ scoreCT: 5, scoreT: 2, roundPhase: "over", maxRounds: undefined });
    const noList = observePoll(live, { match: screen, lastMap: ended(), at: 2 });
    expect(noList.closed).toBeNull();
    expect(noList.next).toMatchObject({ state: "open", mapEnd: 7 });
    const players = [player(HUMAN, 8, "Counter-Terrorist")];
    const listed = observePoll(noList.next, { match: screen, players, lastMap: ended(), at: 3 });
    expect(listed.closed).toMatchObject({
      scoreCT: 5,
      rounds: 7,
      lines: [expect.objectContaining({ kills: 8 })],
    });
    expect(
      observePoll(listed.next, { match: screen, players, lastMap: ended(), at: 4 }).closed,
    ).toBeNull();
    expect(
      observePoll(listed.next, { match: match({ roundPhase: "warmup" }), lastMap: ended(), at: 5 })
        .closed,
    ).toBeNull();
  });

  test("seen decided without the player list, then gone: recorded as the poll saw it", () => {
    // A server that reports no ends: the decided score the poll saw is kept for the close.
    const open = observePoll(null, {
      match: match({ scoreCT: 3, scoreT: 1 }),
      players: [player(HUMAN, 2)],
      at: 1,
    });
    const end = observePoll(open.next, {
      match: match({ scoreCT: 5, scoreT: 1, roundPhase: "over" }),
      at: 2,
    });
    expect(end.closed).toBeNull();
    expect(end.next).toMatchObject({ mapEnd: 6 });
    const gone = observePoll(end.next, { match: match({ mapName: "de_nuke" }), at: 3 });
    expect(gone.interrupted).toBeUndefined();
    expect(gone.closed).toMatchObject({ scoreCT: 5, scoreT: 1, rounds: 6, endedAt: 2 });
  });

  test("humans played and no line was ever seen: the report records no empty scoreboard", () => {
    const blind = observePoll(null, {
      match: match({ scoreCT: 2, scoreT: 2 }),
      humans: true,
      lastMap: null,
      at: 1,
    });
    expect(blind.next).toMatchObject({ endedBefore: "" });
    const step = observePoll(blind.next, {
      match: match({ roundPhase: "warmup" }),
      lastMap: ended(),
      at: 2,
    });
    expect(step.closed).toBeNull();
  });
});

describe("detection by MatchZy events", () => {
  const seen = (over: Partial<PushSeen>): PushSeen => ({
    kind: "round_end",
    pushKey: "7:0",
    mapName: "de_dust2",
    rounds: 1,
    lines: [],
    at: 1,
    ...over,
  });
  const line = (kills: number) => ({
    steamId: HUMAN,
    name: "Олег",
    side: "CT" as const,
    kills,
    deaths: 0,
    assists: 0,
    headshots: 0,
    damage: 0,
    mvps: 0,
    rounds: 5,
  });

  test("map_result before the last round_end: the round_end closes it with the final lines", () => {
    let step = observePush(null, seen({ rounds: 4, lines: [line(3)] }));
    step = observePush(step.next, seen({ kind: "map_result", rounds: 5, scoreCT: 5, scoreT: 0 }));
    expect(step.closed).toBeNull();
    step = observePush(step.next, seen({ rounds: 5, lines: [line(4)], scoreCT: 5, scoreT: 0 }));
    expect(step.closed).toMatchObject({ rounds: 5, scoreCT: 5, lines: [line(4)], source: "push" });
    // Retried events of the same map record nothing more.
    expect(observePush(step.next, seen({ kind: "map_result", rounds: 5 })).closed).toBeNull();
    expect(observePush(step.next, seen({ rounds: 5, lines: [line(4)] })).closed).toBeNull();
  });

  test("an earlier round's event delivered late is ignored", () => {
    const step = observePush(null, seen({ rounds: 3, lines: [line(3)] }));
    expect(observePush(step.next, seen({ rounds: 2, lines: [line(1)] }))).toEqual({
      next: step.next,
      closed: null,
    });
  });

  test("a warmup poll landing right after going_live keeps MatchZy's map; a later one ends it", () => {
    const live = observePush(null, seen({ kind: "going_live", rounds: 0, at: 1_000 }));
    const warmup = match({ roundPhase: "warmup" });
    expect(observePoll(live.next, { match: warmup, at: 1_200 })).toEqual({
      next: live.next,
      closed: null,
    });
    // Still the pushed map when the next poll sees it live: recorded under MatchZy's id.
    const polled = observePoll(live.next, { match: match({ scoreCT: 1 }), at: 1_400 });
    expect(polled.next).toMatchObject({ pushKey: "7:0", startedAt: 1_000, rounds: 1 });
    // Back in warmup long after going_live (an admin restarted the match): the map is over.
    expect(observePoll(live.next, { match: warmup, at: 60_000 }).next).toBeNull();
  });

  test("going_live before the server's first poll: the poll names the map, the match stays", () => {
    const live = observePush(null, seen({ kind: "going_live", rounds: 0, mapName: "", at: 1_000 }));
    const polled = observePoll(live.next, { match: match({ scoreCT: 1 }), at: 1_400 });
    expect(polled.closed).toBeNull();
    expect(polled.next).toMatchObject({ pushKey: "7:0", mapName: "de_dust2", startedAt: 1_000 });
  });

  test("push closed it, then the poll sees the end screen: one record", () => {
    let step = observePush(null, seen({ rounds: 5, lines: [line(4)], scoreCT: 5, scoreT: 0 }));
    step = observePush(step.next, seen({ kind: "map_result", rounds: 5, scoreCT: 5, scoreT: 0 }));
    expect(step.closed).not.toBeNull();
    const poll = observePoll(step.next, {
      match: match({ scoreCT: 5, roundPhase: "over" }),
      players: [player(HUMAN, 4, "Counter-Terrorist")],
      at: 9,
    });
    expect(poll.closed).toBeNull();
  });
});

describe("kills by weapon from CS2's log", () => {
  const kill = (at: number, key: string, weapon: string, headshot = false) => ({
    at,
    key,
    weapon,
    headshot,
  });

  test("counted once, most used first; kills logged before the last counted one are skipped", () => {
    const first = addWeaponKills(
      [],
      [kill(10, "1|2", "ak47", true), kill(11, "3|4", "awp"), kill(12, "1|4", "ak47")],
      { through: undefined, keys: [] },
    );
    expect(first).toEqual({
      weapons: [
        { weapon: "ak47", kills: 2, headshots: 1 },
        { weapon: "awp", kills: 1, headshots: 0 },
      ],
      through: 12,
      keys: ["1|4"],
    });
    // CS2 sends the same lines again (its answer was lost), with one new kill.
    const again = addWeaponKills(
      first.weapons,
      [kill(11, "3|4", "awp"), kill(12, "1|4", "ak47"), kill(13, "3|1", "awp", true)],
      first,
    );
    expect(again).toEqual({
      weapons: [
        { weapon: "ak47", kills: 2, headshots: 1 },
        { weapon: "awp", kills: 2, headshots: 1 },
      ],
      through: 13,
      keys: ["3|1"],
    });
  });

  test("a kill in the same second as the previous batch's last one counts (the file log's whole seconds)", () => {
    const first = addWeaponKills([], [kill(5000, "1|2", "ak47")], { through: undefined, keys: [] });
    const next = addWeaponKills(
      first.weapons,
      [kill(5000, "1|2", "ak47"), kill(5000, "3|4", "deagle", true)],
      first,
    );
    expect(next.weapons).toEqual([
      { weapon: "ak47", kills: 1, headshots: 0 },
      { weapon: "deagle", kills: 1, headshots: 1 },
    ]);
    expect(next.keys).toEqual(["1|2", "3|4"]);
  });

  test("a match closed early keeps its weapons and bots", () => {
    const open = observePoll(null, {
      match: match({ scoreCT: 3, scoreT: 2 }),
      players: [player(HUMAN, 4), player("0", 2, "Counter-Terrorist")],
      at: 1,
    });
    const tracked = { ...open.next!, weapons: [{ weapon: "ak47", kills: 6, headshots: 3 }] };
    const closed = closeEarly(tracked, "poll");
    expect(closed).toMatchObject({
      weapons: [{ weapon: "ak47", kills: 6, headshots: 3 }],
      bots: [{ name: "BOT Ivan", side: "CT", kills: 2 }],
    });
  });
});

describe("kills by weapon from a real log sent in batches", () => {
  test("de_mirage: every one of its 129 kills counted once, batches cut inside a second, some resent", () => {
    const lines = readFileSync(
      path.resolve(__dirname, "../../../../shared/realdata/cs2-log/seatlon-de345abb-de_mirage.log"),
      "utf8",
    ).split("\n");
    let state: { weapons: WeaponKills[] } & KillsThrough = {
      weapons: [],
      through: undefined,
      keys: [],
    };
    for (let i = 0, n = 0; i < lines.length; i += 7, n++) {
      const kills = loggedKillsOf(parseLogBody(lines.slice(i, i + 7).join("\n")).events);
      state = addWeaponKills(state.weapons, kills, state);
      // Every third batch comes again (its answer was lost).
      if (n % 3 === 0) state = addWeaponKills(state.weapons, kills, state);
    }
    const total = state.weapons.reduce((sum, w) => sum + w.kills, 0);
    const headshots = state.weapons.reduce((sum, w) => sum + w.headshots, 0);
    expect(total).toBe(129);
    expect(headshots).toBe(
      lines.filter((l) => l.includes(' killed "') && l.includes("(headshot")).length,
    );
  });
});
