import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { pacingOf, playTimes, postsOf } from "./log-pacing";

describe("CS2's POST pacing", () => {
  test("one POST at a time, each carrying every line logged until it is sent", () => {
    // Lines every 0.5 s for 10 s.
    const times = Array.from({ length: 21 }, (_, i) => i * 500);
    expect(postsOf(times, 100)).toBe(21);
    expect(postsOf(times, 1000)).toBe(11);
    expect(postsOf(times, 5000)).toBe(3);
    expect(postsOf([], 1000)).toBe(0);
  });

  test("the real inferno log: a held answer makes fewer POSTs and costs more action time", () => {
    const file = "seatlon-0f870999-de_inferno.log";
    const text = readFileSync(
      path.resolve(import.meta.dirname, "../../../shared/realdata/cs2-log", file),
      "utf8",
    );
    expect(playTimes(text).length).toBeGreaterThan(3000);
    const { byAnswer } = pacingOf(file, text);
    for (let i = 1; i < byAnswer.length; i++) {
      expect(byAnswer[i]!.postsPerHour).toBeLessThanOrEqual(byAnswer[i - 1]!.postsPerHour);
    }
    expect(byAnswer.at(-1)!.postsPerHour).toBeLessThan(byAnswer[0]!.postsPerHour / 2);
    expect(byAnswer.at(-1)!.actionSecondsPerHour).toBeGreaterThan(
      byAnswer[0]!.actionSecondsPerHour,
    );
  });
});
