import { describe, expect, test } from "vitest";
import {
  PLAYER_STATS_REFRESH_MS,
  TOTALS_REFRESH_MS,
  LIVENESS_REFRESH_MS,
  matchChanged,
  matchWriteDue,
  playersChanged,
  playersWriteDue,
  sameJson,
  statusWrite,
} from "./data";
import { keepTeamNames } from "./matchMerge";
import { liveMatch as match } from "../../testing/live.fixtures";
import { boardFromPlayers } from "../../lib/scoreboard";
import type { Match, Player, Summary } from "../../lib/validators";

const summary: Summary = {
  totalPlayers: 8,
  totalKills: 10,
  totalDeaths: 10,
  totalDamage: 900,
  totalBombsPlanted: 1,
  totalBombsDefused: 0,
};

describe("sameJson", () => {
  test("ignores key order and undefined fields", () => {
    expect(sameJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1, d: undefined })).toBe(
      true,
    );
  });
  test("sees nested differences", () => {
    expect(sameJson({ a: [1, 2] }, { a: [1, 3] })).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 0 })).toBe(false);
    expect(sameJson([1], { 0: 1 })).toBe(false);
    expect(sameJson(null, {})).toBe(false);
  });
});

describe("matchChanged / playersChanged", () => {
  test("first snapshot is always a change", () => {
    expect(matchChanged(null, { match, summary })).toBe(true);
    expect(playersChanged(null, [])).toBe(true);
  });
  test("identical content is not a change, whatever the key order", () => {
    const reordered = Object.fromEntries(Object.entries(match).reverse()) as Match;
    expect(matchChanged({ match, summary }, { match: reordered, summary: { ...summary } })).toBe(
      false,
    );
    expect(playersChanged([], [])).toBe(false);
  });
  test("a score or a summary total is a change", () => {
    expect(matchChanged({ match, summary }, { match: { ...match, scoreT: 3 }, summary })).toBe(
      true,
    );
    expect(
      matchChanged({ match, summary }, { match, summary: { ...summary, totalKills: 11 } }),
    ).toBe(true);
  });
});

describe("statusWrite", () => {
  const now = 1_000_000;
  test("writes on the first result and on every flip", () => {
    expect(statusWrite(null, { ok: true }, now)).toEqual({ kind: "online", refreshOnly: false });
    expect(statusWrite(null, { ok: false, error: "x" }, now)).toEqual({
      kind: "offline",
      error: "x",
    });
    expect(statusWrite({ online: true, livenessAt: now }, { ok: false, error: "e" }, now)).toEqual({
      kind: "offline",
      error: "e",
    });
    expect(statusWrite({ online: false, livenessAt: now }, { ok: true }, now)).toEqual({
      kind: "online",
      refreshOnly: false,
    });
    // The failure's key goes with it, for the settings screen to word in the reader's language.
    const errorText = { key: "refusal.gameServer.timeout", params: { seconds: 4 } };
    expect(statusWrite(null, { ok: false, error: "x", errorText }, now)).toEqual({
      kind: "offline",
      error: "x",
      errorText,
    });
  });
  test("stays quiet while nothing flips and liveness is fresh", () => {
    expect(statusWrite({ online: true, livenessAt: now - 5_000 }, { ok: true }, now)).toEqual({
      kind: "none",
    });
    expect(
      statusWrite({ online: false, livenessAt: now - 99_000 }, { ok: false, error: "e" }, now),
    ).toEqual({
      kind: "none",
    });
  });
  test("refreshes liveness at most every 60 s", () => {
    expect(LIVENESS_REFRESH_MS).toBe(60_000);
    expect(
      statusWrite({ online: true, livenessAt: now - LIVENESS_REFRESH_MS }, { ok: true }, now),
    ).toEqual({
      kind: "online",
      refreshOnly: true,
    });
  });
});

describe("what is written when", () => {
  const now = 1_000_000;
  const stored = { match, summary, updatedAt: now - 5_000 };

  test("map, mode, score, round, phase and players online are written at once", () => {
    for (const change of [
      { mapName: "de_dust2" },
      { gameMode: "wingman" as const },
      { scoreCT: 4 },
      { round: 7 },
      { roundPhase: "over" as const },
      { playersOnline: 9 },
    ]) {
      expect(matchWriteDue(stored, { match: { ...match, ...change }, summary }, now)).toBe(true);
    }
  });

  test("between rounds the board's and the totals' numbers are written at once", () => {
    const line = {
      steamId: "a",
      name: "a",
      side: "CT" as const,
      bot: false,
      kills: 1,
      deaths: 0,
      assists: 0,
      adr: 50,
      mvps: 0,
    };
    for (const roundPhase of ["over", "freezetime"] as const) {
      const between = { ...match, roundPhase };
      const saved = { match: between, summary, board: [line], updatedAt: now - 5_000 };
      const fresh = { match: between, summary, board: [{ ...line, kills: 2, adr: 120 }] };
      expect(matchWriteDue(saved, fresh, now)).toBe(true);
      const totals = { match: between, summary: { ...summary, totalKills: 99 }, board: [line] };
      expect(matchWriteDue(saved, totals, now)).toBe(true);
    }
    // Mid-round a kill's numbers wait for the round end (or the minute).
    const live = { match: { ...match, roundPhase: "live" as const }, summary, board: [line] };
    const kill = { ...live, board: [{ ...line, kills: 2 }] };
    expect(matchWriteDue({ ...live, updatedAt: now - 5_000 }, kill, now)).toBe(false);
  });

  test("totals alone wait until 60 s after the last write", () => {
    const next = { match, summary: { ...summary, totalKills: 11 } };
    expect(matchWriteDue(stored, next, now)).toBe(false);
    expect(TOTALS_REFRESH_MS).toBe(60_000);
    expect(matchWriteDue({ ...stored, updatedAt: now - 59_999 }, next, now)).toBe(false);
    expect(matchWriteDue({ ...stored, updatedAt: now - TOTALS_REFRESH_MS }, next, now)).toBe(true);
    expect(matchWriteDue(stored, { match, summary }, now + 99_000)).toBe(false);
  });

  const player = (steamId: string, team: Player["team"], kills: number) =>
    ({ steamId, name: steamId, team, kills }) as Player;

  test("who is on which side is written at once; stats alone wait 30 s", () => {
    const players = [player("a", "Terrorist", 1), player("b", "Counter-Terrorist", 2)];
    const saved = { players, updatedAt: now - 5_000 };
    const statsOnly = [player("a", "Terrorist", 3), players[1]!];
    expect(playersWriteDue(saved, statsOnly, now)).toBe(false);
    expect(
      playersWriteDue({ ...saved, updatedAt: now - PLAYER_STATS_REFRESH_MS }, statsOnly, now),
    ).toBe(true);
    expect(playersWriteDue(saved, [player("a", "Spectator", 1), players[1]!], now)).toBe(true);
    expect(playersWriteDue(saved, [...players, player("c", "Terrorist", 0)], now)).toBe(true);
    expect(playersWriteDue(saved, players, now + 99_000)).toBe(false);
    expect(playersWriteDue(null, [], now)).toBe(true);
  });
});

describe("the scoreboard by side", () => {
  const now = 1_000_000;
  const human = (steamId: string, team: Player["team"], kills: number) =>
    ({
      steamId,
      name: `P${steamId.slice(-1)}`,
      team,
      kills,
      deaths: 2,
      assists: 1,
      mvp: 1,
      totalDamage: 450,
      roundsPlayed: 5,
    }) as Player;
  const a = "76561198000000001";
  const b = "76561198000000002";

  test("lists the players on a side with ADR, bots marked, spectators and leavers out", () => {
    const board = boardFromPlayers([
      human(a, "Terrorist", 3),
      human(b, "Counter-Terrorist", 7),
      { ...human("0", "Counter-Terrorist", 9), name: "Bot Ivan" },
      human("76561198000000003", "Spectator", 0),
      human("76561198000000004", "Offline", 4),
    ]);
    expect(board).toEqual([
      expect.objectContaining({ name: "Bot Ivan", side: "CT", bot: true, kills: 9 }),
      {
        steamId: b,
        name: "P2",
        side: "CT",
        bot: false,
        kills: 7,
        deaths: 2,
        assists: 1,
        adr: 90,
        mvps: 1,
      },
      expect.objectContaining({ steamId: a, side: "T", bot: false, kills: 3, adr: 90 }),
    ]);
  });

  test("a side change is written at once; the board's numbers ride with the next write", () => {
    const board = boardFromPlayers([human(a, "Terrorist", 3), human(b, "Counter-Terrorist", 7)]);
    const stored = { match, summary, board, updatedAt: now - 5_000 };
    const moreKills = boardFromPlayers([
      human(a, "Terrorist", 4),
      human(b, "Counter-Terrorist", 7),
    ]);
    expect(matchWriteDue(stored, { match, summary, board: moreKills }, now)).toBe(false);
    expect(
      matchWriteDue(
        { ...stored, updatedAt: now - TOTALS_REFRESH_MS },
        { match, summary, board: moreKills },
        now,
      ),
    ).toBe(true);
    expect(
      matchWriteDue(stored, { match: { ...match, scoreT: 3 }, summary, board: moreKills }, now),
    ).toBe(true);
    const swapped = boardFromPlayers([
      human(a, "Counter-Terrorist", 3),
      human(b, "Counter-Terrorist", 7),
    ]);
    expect(matchWriteDue(stored, { match, summary, board: swapped }, now)).toBe(true);
    expect(matchWriteDue(stored, { match, summary, board: [...board] }, now)).toBe(false);
  });

  test("a poll that names no teams keeps the names events gave for the same map", () => {
    const named = { ...match, teamCT: "Alpha", teamT: "Beta" };
    expect(keepTeamNames(named, match)).toEqual(named);
    expect(keepTeamNames(named, { ...match, mapName: "de_dust2" })).toEqual({
      ...match,
      mapName: "de_dust2",
    });
    expect(keepTeamNames(named, { ...match, teamCT: "Gamma" })).toEqual({
      ...match,
      teamCT: "Gamma",
    });
    expect(keepTeamNames(undefined, match)).toBe(match);
  });
});
