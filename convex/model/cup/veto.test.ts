import { describe, expect, test } from "vitest";
import { POOL_MAX, presetFormat } from "../../lib/tournamentPresets";
import { checkSequence } from "../tournament/formats";
import { vetoFor, vetoSequence } from "./veto";

describe("a match's ban/pick by its best-of", () => {
  test("every pool from the best-of's size up gives a valid sequence of that many maps", () => {
    for (const bestOf of [1, 3, 5]) {
      for (let pool = Math.max(2, bestOf); pool <= POOL_MAX; pool++) {
        expect(checkSequence(pool, vetoSequence(pool, bestOf))).toBe(bestOf);
      }
    }
  });

  test("the cup's own sequence is kept when it gives the best-of, replaced when not", () => {
    const bo1 = presetFormat("default");
    expect(vetoFor(bo1, 1)).toBe(bo1);
    const bo3 = vetoFor(bo1, 3);
    expect(bo3.preset).toBe("custom");
    expect(checkSequence(bo3.mapPool.length, bo3.sequence)).toBe(3);
  });
});
