import { describe, expect, test } from "vitest";
import { placementOf } from "./launch";

const payload = {
  Mode: "wingman",
  Map: "de_nuke",
  TeamA: { Side: "CT" as const, Players: ["alpha", "bravo"] },
  TeamB: { Side: "T" as const, Players: ["charlie", "delta"] },
};

describe("placementOf", () => {
  test("reads the plugin's placed / notConnected lists", () => {
    expect(
      placementOf(payload, {
        success: true,
        placed: ["alpha", "charlie"],
        notConnected: ["bravo", "delta"],
      }),
    ).toEqual({ placed: ["alpha", "charlie"], notPlaced: ["bravo", "delta"] });
  });

  test("falls back to the message's 'not connected' list", () => {
    expect(
      placementOf(payload, { success: true, message: "Match launched; not connected: Bravo" }),
    ).toEqual({ placed: ["alpha", "charlie", "delta"], notPlaced: ["Bravo"] });
  });

  test("an answer without a list means everyone was placed", () => {
    expect(placementOf(payload, { success: true })).toEqual({
      placed: ["alpha", "bravo", "charlie", "delta"],
      notPlaced: [],
    });
    expect(placementOf(payload, "garbage")).toMatchObject({ notPlaced: [] });
  });
});
