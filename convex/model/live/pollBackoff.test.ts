import { describe, expect, test } from "vitest";
import { backoffMs, timeoutsAfter } from "./pollBackoff";
import { minIntervalMs, WATCHED_INTERVAL_MS } from "./pollSchedule";

const timedOut = { ok: false as const, error: "Сервер не відповів за 4 с", timedOut: true };
const refused = { ok: false as const, error: "Сервер недоступний: з'єднання відхилено" };

describe("polling a server that keeps timing out", () => {
  test("only timeouts in a row count; any answer, even a refusal, ends the streak", () => {
    expect(timeoutsAfter(undefined, timedOut)).toBe(1);
    expect(timeoutsAfter(3, timedOut)).toBe(4);
    expect(timeoutsAfter(3, refused)).toBe(0);
  });

  test("backs off after two timeouts in a row: 15 s, 30 s, then 60 s for good", () => {
    expect([0, 1, 2, 3, 4, 5, 40].map(backoffMs)).toEqual([
      null,
      null,
      15_000,
      30_000,
      60_000,
      60_000,
      60_000,
    ]);
  });

  test("a viewer's heartbeat cannot bring a backed-off server's poll forward", () => {
    expect(minIntervalMs(0)).toBe(WATCHED_INTERVAL_MS);
    expect(minIntervalMs(4)).toBe(60_000);
  });
});
