/**
 * CS2's HTTP log on a simulated server (dev/sim/http-log.ts): after `log on` and
 * `logaddress_add_http` it POSTs text/plain batches of timestamped lines; only 200 acknowledges,
 * anything else makes it send the same lines again; 410 removes the listener. The panel's own
 * parser (convex/model/serverLog/parse.ts) reads every kill the simulation played.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { EMPTY_LOG_MATCH, foldLog } from "../../convex/model/serverLog/matchLog";
import { foldEventsOf, parseLogBody } from "../../convex/model/serverLog/parse";
import { startSimulator, type SimHandle } from "../../dev/sim/simulator";
import type { SimKill } from "../../dev/sim/world";

interface Post {
  headers: http.IncomingHttpHeaders;
  body: string;
}

let sim: SimHandle;
const posts: Post[] = [];
let answer = 200;
let receiver: http.Server;
let url = "";

beforeAll(async () => {
  sim = await startSimulator({ ephemeral: true, tickMs: 0, log: () => {} });
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      posts.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/log/server1/secret`;
});

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await sim.stop();
});

afterEach(async () => {
  posts.splice(0);
  answer = 200;
  for (const s of sim.servers) {
    s.console.exec("logaddress_delall_http");
    s.console.exec("log off");
  }
  await sim.reset();
});

function server() {
  return sim.servers[0]!;
}

async function until(condition: () => boolean): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > 10_000) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("the simulator's HTTP log", () => {
  it("posts nothing before `log on`, and nothing without a listener", async () => {
    const s = server();
    expect(s.console.exec(`logaddress_add_http "${url}"`)).toBe("");
    s.advanceUntil("roundEnd", 10_000);
    await s.settled();
    expect(posts).toEqual([]);
    expect(s.console.exec("logaddress_delall_http")).toBe("");
    expect(s.console.exec("log on")).toBe("Server logging enabled.");
    s.advanceUntil("roundEnd", 10_000);
    await s.settled();
    expect(posts).toEqual([]);
  });

  it("batches lines like CS2: text/plain, its headers, every kill played, in order", async () => {
    const s = server();
    const played: SimKill[] = [];
    s.world.onMatchEvent((e) => void (e.type === "kill" && played.push(e.kill)));
    s.console.exec("log on");
    s.console.exec(`logaddress_add_http "${url}"`);
    expect(s.console.exec("logaddress_list_http")).toContain(url);
    s.advanceUntil("roundEnd", 10_000);
    s.advanceUntil("roundEnd", 10_000);
    await s.settled();
    await until(() => s.httpLog.state.listeners[0]?.waiting === 0);
    expect(posts.length).toBeGreaterThan(0);
    const first = posts[0]!;
    expect(first.headers["content-type"]).toBe("text/plain");
    for (const header of ["x-server-addr", "x-timestamp", "x-tick-start", "x-tick-end"]) {
      expect(first.headers[header], header).toBeTruthy();
    }
    expect(first.body).toMatch(/^\d{2}\/\d{2}\/\d{4} - \d{2}:\d{2}:\d{2}\.\d{3} - /);
    const events = posts.flatMap((p) => parseLogBody(p.body).events);
    const kills = events.flatMap((e) => (e.kind === "kill" ? [e] : []));
    expect(kills.map((k) => [k.attacker.name, k.victim.name, k.weapon, k.headshot])).toEqual(
      played.map((k) => [k.killer.name, k.victim.name, k.weapon, k.headshot]),
    );
    expect(events.filter((e) => e.kind === "roundWon")).toHaveLength(2);
  });

  it("logs the match as CS2 does: its start, the score and teams by side, Game Over; the panel follows it", async () => {
    const s = server();
    s.console.exec("mp_maxrounds 4");
    s.console.exec("log on");
    s.console.exec(`logaddress_add_http "${url}"`);
    s.advanceUntil("live", 120_000);
    s.advanceUntil("matchOver", 3_600_000);
    await s.settled();
    await until(() => s.httpLog.state.listeners[0]?.waiting === 0);
    const events = posts.flatMap((p) => foldEventsOf(parseLogBody(p.body).events));
    const { ended } = foldLog(EMPTY_LOG_MATCH, events);
    const m = s.world.match;
    expect(ended.map((e) => [e.over?.scoreCT, e.over?.scoreT])).toEqual([[m.scoreCT, m.scoreT]]);
    expect(ended[0]!.marks.map((r) => r.round)).toEqual(
      Array.from({ length: m.scoreCT + m.scoreT }, (_, i) => i + 1),
    );
  });

  it("sends unacknowledged lines again, and drops a listener answered 410", async () => {
    const s = server();
    s.console.exec("log on");
    s.console.exec(`logaddress_add_http "${url}"`);
    answer = 503;
    s.advanceUntil("kill", 10_000);
    await until(() => posts.length >= 1);
    const refused = posts[0]!.body;
    answer = 200;
    await until(() => s.httpLog.state.listeners[0]?.waiting === 0);
    expect(posts.at(-1)!.body.startsWith(refused) || posts.at(-2)?.body.startsWith(refused)).toBe(
      true,
    );
    answer = 410;
    s.advanceUntil("kill", 10_000);
    await until(() => s.httpLog.state.listeners.length === 0);
  });
});
