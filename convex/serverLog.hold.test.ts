/**
 * Pacing CS2's POSTs by the answer: with `LOG_ANSWER_HOLD_MS` set, an acknowledged batch is
 * answered no sooner than that after it arrived (CS2 then gathers the lines of the wait into its
 * next POST); a refused one is answered at once. Unset, the default hold applies; 0 answers every batch at once.
 */
import { afterEach, expect, test } from "vitest";
import {
  answerHoldMs,
  holdLeft,
  LOG_ANSWER_HOLD_DEFAULT_MS,
  LOG_ANSWER_HOLD_MAX_MS,
} from "./model/serverLog/http";
import { serverRow, setupTest } from "./test.setup";

const SECRET = "cd".repeat(32);
const LINE = `11/25/2026 - 20:00:01.000 - World triggered "Round_Start"\n`;

const configured = process.env.LOG_ANSWER_HOLD_MS;
afterEach(() => {
  if (configured === undefined) delete process.env.LOG_ANSWER_HOLD_MS;
  else process.env.LOG_ANSWER_HOLD_MS = configured;
});

test("the setting is bounded; only a 200 waits, and only what is left of the hold", () => {
  // Unset (or unreadable), the default hold; 0 or less answers at once.
  expect([undefined, "", " ", "x"].map(answerHoldMs)).toEqual(Array(4).fill(3000));
  expect(LOG_ANSWER_HOLD_DEFAULT_MS).toBe(3000);
  expect(["-5", "0"].map(answerHoldMs)).toEqual([0, 0]);
  expect(answerHoldMs("3000")).toBe(3000);
  expect(answerHoldMs("1e9")).toBe(LOG_ANSWER_HOLD_MAX_MS);
  expect(holdLeft({ status: 200 }, 1000, 1400, 3000)).toBe(2600);
  expect(holdLeft({ status: 200 }, 1000, 5000, 3000)).toBe(0);
  expect(holdLeft({ status: 410, error: "Gone" }, 1000, 1400, 3000)).toBe(0);
  expect(holdLeft({ status: 429, error: "Too many requests" }, 1000, 1400, 3000)).toBe(0);
});

test("a held batch is answered after the hold, a refused one at once", async () => {
  process.env.LOG_ANSWER_HOLD_MS = "400";
  const t = setupTest();
  await t.run(async (ctx) => {
    const serverId = await ctx.db.insert("servers", serverRow({ key: "server1" }));
    await ctx.db.insert("serverSecrets", { serverId, logSecret: SECRET });
    await ctx.db.insert("serverLogStatus", { serverId, enabled: true, enabledAt: 1 });
  });
  const post = async (secret: string) => {
    const started = performance.now();
    const res = await t.fetch(`/api/log/server1/${secret}`, { method: "POST", body: LINE });
    return { status: res.status, ms: performance.now() - started };
  };
  const held = await post(SECRET);
  expect(held.status).toBe(200);
  // A lower bound only: a timer never fires before its time, however loaded the machine.
  expect(held.ms).toBeGreaterThanOrEqual(390);
  const refused = await post("00".repeat(32));
  expect(refused.status).toBe(410);
});
