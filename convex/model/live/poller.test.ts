/** Poll planning (pure): when the next poll fetches the player list. */
import { describe, expect, test } from "vitest";
import type { PollResult } from "../../lib/validators";
import { liveMatch as match } from "../../testing/live.fixtures";
import { playersAfterRoundEnd } from "./poller";

const summary = {
  totalPlayers: 2,
  totalKills: 3,
  totalDeaths: 3,
  totalDamage: 300,
  totalBombsPlanted: 0,
  totalBombsDefused: 0,
};

describe("the player list after a round end", () => {
  const over: PollResult = { ok: true, match: { ...match, roundPhase: "over" }, summary };

  test("a watched server fetches it on the poll after the round ends, once", () => {
    expect(playersAfterRoundEnd(true, over)).toBe(true);
    // This poll brought the list already: the board has the round's numbers.
    expect(playersAfterRoundEnd(true, { ...over, players: [] })).toBe(false);
  });

  test("not mid-round, not unwatched, not offline", () => {
    expect(playersAfterRoundEnd(true, { ok: true, match, summary })).toBe(false);
    expect(playersAfterRoundEnd(false, over)).toBe(false);
    expect(playersAfterRoundEnd(true, { ok: false, error: "x" })).toBe(false);
  });
});
