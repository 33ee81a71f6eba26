import { describe, expect, it } from "vitest";
import { banDuration, banPeriod } from "./bans";

describe("ban lengths", () => {
  it("reads a length back as the form offered it", () => {
    expect(banDuration(60)).toBe("1 год");
    expect(banDuration(1440)).toBe("1 день");
    expect(banDuration(45)).toBe("45 хв");
    expect(banDuration(0)).toBe("Назавжди");
    expect(banPeriod(60)).toBe(`на 1 год`);
  });
});
