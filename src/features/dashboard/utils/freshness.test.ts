import { describe, expect, it } from "vitest";
import { freshnessLabel, newestTimestamp } from "./freshness";

describe("freshness", () => {
  it("picks the newest timestamp", () => {
    expect(newestTimestamp(1000, undefined, 5000, null)).toBe(5000);
    expect(newestTimestamp(undefined, null)).toBeUndefined();
  });

  it("formats the age in seconds, minutes and hours", () => {
    const now = 1_000_000_000;
    expect(freshnessLabel(now - 3_400, now)).toBe("оновлено 3 с тому");
    expect(freshnessLabel(now + 2_000, now)).toBe("оновлено 0 с тому");
    expect(freshnessLabel(now - 125_000, now)).toBe("оновлено 2 хв тому");
    expect(freshnessLabel(now - 2 * 3_600_000, now)).toBe("оновлено 2 год тому");
    expect(freshnessLabel(undefined, now)).toBe("ще не оновлювалося");
  });
});
