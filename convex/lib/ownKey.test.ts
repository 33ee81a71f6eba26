import { describe, expect, test } from "vitest";
import { GAME_MODES } from "./gameApi";
import { isOwnKey, ownValue } from "./ownKey";

const PROTOTYPE_KEYS = ["__proto__", "constructor", "toString", "valueOf", "hasOwnProperty"];

describe("own-key lookups", () => {
  test.each(PROTOTYPE_KEYS)("%s is not a key of a catalog", (key) => {
    expect(isOwnKey(GAME_MODES, key)).toBe(false);
    expect(ownValue(GAME_MODES, key)).toBeUndefined();
  });

  test("own keys are found", () => {
    expect(isOwnKey(GAME_MODES, "wingman")).toBe(true);
    expect(ownValue(GAME_MODES, "wingman")).toEqual({ alias: "wingman", gameType: 0, gameMode: 2 });
  });
});
