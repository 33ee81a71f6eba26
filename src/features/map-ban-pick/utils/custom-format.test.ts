import { describe, expect, it } from "vitest";
import { parseSequence } from "./custom-format";

describe("parseSequence", () => {
  it("reads team letters (Latin or Cyrillic) and actions in English or Ukrainian", () => {
    expect(parseSequence("A ban, b-pick; Б сторона\nа: бан")).toEqual({
      ok: true,
      steps: [
        { team: "teamA", action: "Ban" },
        { team: "teamB", action: "Pick" },
        { team: "teamB", action: "SidePick" },
        { team: "teamA", action: "Ban" },
      ],
    });
  });

  it("names the first step it cannot read, and never trusts prototype keys", () => {
    expect(parseSequence("A ban, C ban")).toEqual({ ok: false, bad: "C ban" });
    expect(parseSequence("A constructor")).toEqual({ ok: false, bad: "A constructor" });
    expect(parseSequence("A ban, A toString")).toEqual({ ok: false, bad: "A toString" });
    expect(parseSequence("")).toEqual({ ok: true, steps: [] });
  });
});
