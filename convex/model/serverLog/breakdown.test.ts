/**
 * The match page's detail against CS2's own numbers: every round_stats block of the real logs
 * (../shared/realdata/cs2-log/) holds each player's opening kills and 3k/4k/5k rounds before that
 * round; the fold's rounds, read from the kill lines, must say the same at every block (the mirage
 * log's restored round included). Money per side is the block's, clutches are 1vX rounds won.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { breakdownOf } from "./breakdown";
import { EMPTY_LOG_MATCH, foldLog, type LogMatchState } from "./matchLog";
import { foldEventsOf, parseLogBody } from "./parse";

const REAL = path.resolve(__dirname, "../../../../shared/realdata/cs2-log");

function byPlayer(s: LogMatchState) {
  return new Map(breakdownOf(s).players.map((p) => [p.steamId ?? p.name, p]));
}

describe.each([
  "seatlon-0f870999-de_inferno.log",
  "seatlon-de345abb-de_mirage.log",
  "seatlon-test-http-dathost.log",
])("%s", (file) => {
  const { events } = parseLogBody(readFileSync(path.join(REAL, file), "utf8"));
  // The DatHost server writes no round_stats blocks: its detail comes from the lines alone.
  const blocks = events.some((e) => e.kind === "roundStats");

  test("opening kills and 3k/4k/5k at every round_stats block equal CS2's own; money per side is the block's", () => {
    let state = EMPTY_LOG_MATCH;
    let checked = 0;
    for (const event of events) {
      if (event.kind === "roundStats" && state.live && !state.over && event.stats.round > 1) {
        const mine = byPlayer(state);
        for (const row of event.stats.players) {
          const p = mine.get(row.steamId);
          const got = p ? [p.firstKills, p.k3, p.k4, p.k5] : [0, 0, 0, 0];
          expect(got, `${row.steamId} before round ${event.stats.round}`).toEqual([
            row.firstKills,
            row.k3,
            row.k4,
            row.k5,
          ]);
          checked++;
        }
      }
      state = foldLog(state, foldEventsOf([event])).state;
      if (event.kind === "roundStats" && state.live && !state.over) {
        const money = { CT: 0, T: 0 };
        for (const row of event.stats.players) if (row.side) money[row.side] += row.money;
        expect(state.economy.at(-1)).toEqual({ round: event.stats.round, ...money });
      }
    }
    if (blocks) expect(checked).toBeGreaterThan(100);
  });

  test("each round's kills by side add up to the players' kills; a clutch is a round its side won", () => {
    let state = EMPTY_LOG_MATCH;
    let ended: LogMatchState | undefined;
    for (const event of events) {
      const step = foldLog(state, foldEventsOf([event]));
      state = step.state;
      ended ??= step.ended[0];
    }
    expect(ended).toBeDefined();
    const b = breakdownOf(ended!);
    // Kills after a round was decided count for the players but for no round (as CS2 counts).
    const kills = b.rounds.reduce((n, r) => n + r.killsCT + r.killsT, 0);
    const players = ended!.players.reduce((n, p) => n + p.base.kills + p.round.kills, 0);
    expect(kills).toBeLessThanOrEqual(players);
    expect(kills).toBeGreaterThan(players * 0.85);
    expect(b.rounds.map((r) => r.round)).toEqual(ended!.marks.map((m) => m.round));
    for (const r of b.rounds) {
      const mark = ended!.marks.find((m) => m.round === r.round)!;
      if (r.clutch) expect(r.clutch.side).toBe(mark.winner);
      expect(r.first?.name ?? "").not.toBe("—");
    }
    expect(b.players.reduce((n, p) => n + p.firstKills, 0)).toBe(
      b.rounds.filter((r) => r.first).length,
    );
    expect(b.economy.length > 0).toBe(blocks);
    expect(b.rounds.filter((r) => r.first).length).toBeGreaterThan(b.rounds.length / 2);
  });
});
