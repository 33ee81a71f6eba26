import { describe, expect, it, test } from "vitest";
import { formatCriterion, modeLabel, namesakes, steamIdHint } from "./format";

describe("history formatting", () => {
  test("criteria read as counts, ratios or percentages", () => {
    expect(formatCriterion("kills", 1234)).toMatch(/^1\s?234$/);
    expect(formatCriterion("kd", 1.5)).toBe("1,50");
    expect(formatCriterion("hs", 42)).toBe("42,00 %");
  });
  test("known modes read in Ukrainian; others, and inherited names, as written", () => {
    expect(modeLabel("competitive")).toBe("Змагальний");
    expect(modeLabel("wingman")).toBe("Напарники");
    expect(modeLabel("retakes")).toBe("retakes");
    expect(modeLabel("constructor")).toBe("constructor");
  });
});

describe("namesakes", () => {
  it("marks every player whose name another one on the list shares, whatever the case", () => {
    const rows = [
      { steamId: "76561198000000001", name: "Marta" },
      { steamId: "76561198000000002", name: "marta " },
      { steamId: "76561198000000003", name: "Dmytro" },
    ];
    expect([...namesakes(rows)]).toEqual(["76561198000000001", "76561198000000002"]);
    expect(steamIdHint("76561198000000002")).toBe("SteamID …0002");
  });
});
