import { describe, expect, it } from "vitest";
import { MAX_PROFILE_IDS, profileIdsToWatch } from "./profileIds";

const id = (n: number) => (76561197960265728n + BigInt(n)).toString();

describe("profileIdsToWatch", () => {
  it("asks for the humans shown, sorted, bots and blanks left out", () => {
    expect(profileIdsToWatch([id(2), "BOT", "", id(1), id(2)], [])).toEqual([id(1), id(2)]);
  });

  it("keeps the same set (the same subscription) when players leave or change sides", () => {
    const asked = profileIdsToWatch([id(1), id(2), id(3)], []);
    expect(profileIdsToWatch([id(3), id(1)], asked)).toBe(asked);
    expect(profileIdsToWatch([id(2), id(3), id(1)], asked)).toBe(asked);
  });

  it("grows for a new human, and starts again from the players shown past the limit", () => {
    const asked = profileIdsToWatch([id(1)], []);
    expect(profileIdsToWatch([id(1), id(5)], asked)).toEqual([id(1), id(5)]);
    const full = Array.from({ length: MAX_PROFILE_IDS }, (_, i) => id(100 + i)).sort();
    expect(profileIdsToWatch([id(1)], full)).toEqual([id(1)]);
  });
});
