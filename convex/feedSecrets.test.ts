/**
 * Wrong secrets on the feeds game servers post to (MatchZy push, CS2's log): each
 * spends a budget per key in the URL and for everyone, so a flood ends in 429 and writes nothing,
 * while the server that sends its right secret is never refused; and the body is parsed only once
 * the secret matched.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import * as logParse from "./model/serverLog/parse";
import * as pushParse from "./model/push/parse";
import { PUSH_HEADER } from "./lib/push";
import { serverRow, setupTest, type TestConvex } from "./test.setup";

vi.mock(import("./model/serverLog/parse"), async (original) => {
  const actual = await original();
  return { ...actual, parseLogBody: vi.fn(actual.parseLogBody) };
});
vi.mock(import("./model/push/parse"), async (original) => {
  const actual = await original();
  return { ...actual, readPushBody: vi.fn(actual.readPushBody) };
});

const LOG_SECRET = "cd".repeat(32);
const PUSH_SECRET = "ab".repeat(32);
/** A different wrong secret each time, as a stranger guessing would send. */
let wrongCount = 0;
const freshWrong = () => (++wrongCount).toString(16).padStart(64, "e");

async function world() {
  const t = setupTest();
  await t.run(async (ctx) => {
    const serverId = await ctx.db.insert("servers", serverRow({ key: "server1" }));
    await ctx.db.insert("serverSecrets", {
      serverId,
      logSecret: LOG_SECRET,
      pushSecret: PUSH_SECRET,
    });
    await ctx.db.insert("serverLogStatus", { serverId, enabled: true, enabledAt: 1 });
    await ctx.db.insert("pushStatus", { serverId, enabled: true, enabledAt: 1, eventsCount: 0 });
  });
  return t;
}

const logLine = `11/25/2026 - 20:30:00.000 - World triggered "Round_Start"`;
/** A body as big as an outage's batch: its parse would be the flood's real cost. */
const bigLog = Array.from({ length: 3000 }, () => logLine).join("\n");

const postLog = async (t: TestConvex, secret: string, key = "server1", body = bigLog) =>
  await t.fetch(`/api/log/${key}/${secret}`, { method: "POST", body });

const postPush = async (t: TestConvex, secret: string, key = "server1") =>
  await t.fetch(`/api/events/${key}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", [PUSH_HEADER]: secret },
    body: JSON.stringify({ event: "going_live", matchid: 7, map_number: 0 }),
  });

async function statuses(times: number, send: () => Promise<Response>): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < times; i++) seen.push((await send()).status);
  return seen;
}

// The budgets refill with time; a frozen clock makes the counts exact on a slow machine too.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.UTC(2026, 10, 29, 3, 0, 0));
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a flood of wrong secrets on one server's key", () => {
  test("log: 410 for the key's budget, then 429 with Retry-After; the right secret still lands", async () => {
    const t = await world();
    const seen = await statuses(14, () => postLog(t, freshWrong()));
    expect(seen.slice(0, 10)).toEqual(Array(10).fill(410));
    expect(seen.slice(10)).toEqual(Array(4).fill(429));
    const refused = await postLog(t, freshWrong());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await postLog(t, LOG_SECRET)).status).toBe(200);
  });

  test("push: 401 for the key's budget, then 429; the right secret still lands", async () => {
    const t = await world();
    const seen = await statuses(12, () => postPush(t, freshWrong()));
    expect(seen.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(seen.slice(10)).toEqual([429, 429]);
    expect((await postPush(t, PUSH_SECRET)).status).toBe(200);
  });
});

describe("a flood spread over many keys", () => {
  test("spends everyone's budget, never the servers' own: the right secrets still land", async () => {
    const t = await world();
    const seen: number[] = [];
    for (let i = 0; i < 80; i++) seen.push((await postLog(t, freshWrong(), `nosuch${i}`)).status);
    expect(seen.slice(0, 60)).toEqual(Array(60).fill(410));
    expect(seen.slice(60)).toEqual(Array(20).fill(429));
    expect((await postLog(t, LOG_SECRET)).status).toBe(200);
    expect((await postPush(t, PUSH_SECRET)).status).toBe(200);
  });
});

describe("bodies", () => {
  test("a wrong secret's body is never parsed; the right secret's is", async () => {
    const t = await world();
    vi.mocked(logParse.parseLogBody).mockClear();
    vi.mocked(pushParse.readPushBody).mockClear();
    expect((await postLog(t, freshWrong())).status).toBe(410);
    expect((await postPush(t, freshWrong())).status).toBe(401);
    expect(logParse.parseLogBody).not.toHaveBeenCalled();
    expect(pushParse.readPushBody).not.toHaveBeenCalled();
    expect((await postLog(t, LOG_SECRET)).status).toBe(200);
    expect((await postPush(t, PUSH_SECRET)).status).toBe(200);
    expect(logParse.parseLogBody).toHaveBeenCalled();
    expect(pushParse.readPushBody).toHaveBeenCalledTimes(1);
  });
});
