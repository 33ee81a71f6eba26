/**
 * CS2's HTTP log end to end: the admin switches it on through the real command layer, the
 * simulator logs its match and POSTs the lines like CS2, and the kills it played appear in the
 * kill feed. convex-test has no HTTP listener for the deployment's site URL, so a small loopback
 * server stands in for it and hands every request to `t.fetch` (the HTTP router in convex/http.ts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { KILL_FEED_SIZE } from "./lib/killFeed";
import { toSteam3 } from "./lib/steamId";
import {
  eventually,
  seededWorld,
  startSiteForwarder,
  startTestSimulator,
} from "./testing/sim.helpers";
import type { TestConvex } from "./test.setup";
import type { SimHandle } from "../dev/sim/simulator";
import type { SimKill } from "../dev/sim/world";

let sim: SimHandle;
let site: Awaited<ReturnType<typeof startSiteForwarder>>;
let current: TestConvex | null = null;

beforeAll(async () => {
  // A third server, reached by direct RCON: the plugin API and the proxy refuse log commands.
  sim = await startTestSimulator({ servers: [{}, {}, {}] });
  site = await startSiteForwarder(() => current);
  process.env.CONVEX_SITE_URL = site.url;
});

afterAll(async () => {
  delete process.env.CONVEX_SITE_URL;
  await site.stop();
  await sim.stop();
});

afterEach(async () => {
  current = null;
  for (const s of sim.servers) s.console.exec("logaddress_delall_http");
  await sim.reset();
});

async function seeded() {
  const { t, who, ids } = await seededWorld(sim, { onCreate: (t) => (current = t) });
  return { t, asAdmin: who.asAdmin, ids };
}

/** Waits until the feed shows the last kills the simulator played, and answers it. */
async function feedShows(t: TestConvex, serverId: Id<"servers">, played: SimKill[]) {
  const expected = played
    .slice(-KILL_FEED_SIZE)
    .reverse()
    .map((k) => [k.killer.name, k.victim.name, k.weapon, k.headshot]);
  const shown = (
    f: {
      kills: {
        attacker: { name: string };
        victim: { name: string };
        weapon: string;
        headshot: boolean;
      }[];
    } | null,
  ) => JSON.stringify(f?.kills.map((k) => [k.attacker.name, k.victim.name, k.weapon, k.headshot]));
  return await eventually(async () => {
    const f = await t.query(api.serverLog.killFeed, { serverId });
    return shown(f) === JSON.stringify(expected) ? f : null;
  }, 10_000);
}

function record(index: number): SimKill[] {
  const played: SimKill[] = [];
  sim.servers[index]!.world.onMatchEvent((event) => {
    if (event.type === "kill") played.push({ ...event.kill });
  });
  return played;
}

async function logSecretOf(t: TestConvex, serverId: Id<"servers">) {
  return await t.run(
    async (ctx) =>
      (
        await ctx.db
          .query("serverSecrets")
          .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
          .unique()
      )?.logSecret,
  );
}

describe("CS2's HTTP log against the simulator", () => {
  test("direct RCON: switched on from the panel, the simulator's kills appear in the feed", async () => {
    const { t, asAdmin, ids } = await seeded();
    const serverId = ids[2]!;
    const server = sim.servers[2]!;
    const played = record(2);

    const result = await asAdmin.action(api.serverLog.enable, { serverId });
    expect(result).toMatchObject({ action: "logEnable" });
    const secret = await logSecretOf(t, serverId);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(server.httpLog.state.logging).toBe(true);
    expect(server.httpLog.state.listeners.map((l) => l.url)).toEqual([
      `${site.url}/api/log/server3/${secret}`,
    ]);
    // Audited without the URL that carries the secret.
    const audit = await t.run((ctx) => ctx.db.query("auditLog").collect());
    expect(audit.find((e) => e.action === "logEnable")).toMatchObject({ outcome: "success" });
    expect(JSON.stringify(audit)).not.toContain(secret);

    expect(server.advanceUntil("roundEnd", 10_000).reached).toBe(true);
    expect(server.advanceUntil("roundEnd", 10_000).reached).toBe(true);
    await server.settled();
    expect(played.length).toBeGreaterThan(0);
    const feed = await feedShows(t, serverId, played);
    const human = feed.kills.find((k) => !k.attacker.bot);
    if (human) expect(toSteam3(human.attacker.steamId)).toMatch(/^\[U:1:\d+\]$/);
    expect(server.httpLog.state.listeners[0]).toMatchObject({ failed: 0, waiting: 0 });
    const status = await asAdmin.query(api.serverLog.status, { serverId });
    expect(status).toMatchObject({ enabled: true, refusedCount: 0 });
    expect(status.lastBatchAt).not.toBeNull();
  });

  test("plugin API: the plugin refuses log commands, the admin is told what to do, the log stays off", async () => {
    const { t, asAdmin, ids } = await seeded();
    const serverId = ids[0]!;
    await expect(asAdmin.action(api.serverLog.enable, { serverId })).rejects.toThrow(/server\.cfg/);
    expect(await logSecretOf(t, serverId)).toBeFalsy();
    expect((await asAdmin.query(api.serverLog.status, { serverId })).enabled).toBe(false);
    expect(sim.servers[0]!.httpLog.state.listeners).toEqual([]);
  });

  test("plugin API: the owner's server.cfg lines make the same feed", async () => {
    const { t, ids } = await seeded();
    const serverId = ids[0]!;
    const server = sim.servers[0]!;
    const played = record(0);
    const lines = await t.mutation(internal.serverLog.configLine, { key: "server1" });
    expect(lines).toEqual([
      "log on",
      `logaddress_add_http "${site.url}/api/log/server1/${await logSecretOf(t, serverId)}"`,
    ]);
    for (const line of lines!) server.console.exec(line);
    expect(server.advanceUntil("roundEnd", 10_000).reached).toBe(true);
    await server.settled();
    await feedShows(t, serverId, played);
    expect(await t.mutation(internal.serverLog.configLine, { key: "nope" })).toBeNull();
  });

  test("plugin API: a refused switch-on keeps the server.cfg listener's secret working", async () => {
    const { t, asAdmin, ids } = await seeded();
    const serverId = ids[0]!;
    const server = sim.servers[0]!;
    const played = record(0);
    const lines = await t.mutation(internal.serverLog.configLine, { key: "server1" });
    for (const line of lines!) server.console.exec(line);
    const secret = await logSecretOf(t, serverId);
    await expect(asAdmin.action(api.serverLog.enable, { serverId })).rejects.toThrow(/server\.cfg/);
    expect(await logSecretOf(t, serverId)).toBe(secret);
    expect((await asAdmin.query(api.serverLog.status, { serverId })).enabled).toBe(true);
    expect(server.advanceUntil("roundEnd", 10_000).reached).toBe(true);
    await server.settled();
    await feedShows(t, serverId, played);
    expect(server.httpLog.state.listeners[0]).toMatchObject({ failed: 0 });
  });

  test("switched off: the secret goes, the server's listeners go, an old URL is answered 410", async () => {
    const { t, asAdmin, ids } = await seeded();
    const serverId = ids[2]!;
    const server = sim.servers[2]!;
    await asAdmin.action(api.serverLog.enable, { serverId });
    const url = server.httpLog.state.listeners[0]!.url;
    await asAdmin.action(api.serverLog.disable, { serverId });
    expect(server.httpLog.state.listeners).toEqual([]);
    expect((await asAdmin.query(api.serverLog.status, { serverId })).enabled).toBe(false);
    // A game server that missed the command still posts to the old URL: CS2 drops a 410'd listener.
    server.console.exec(`logaddress_add_http "${url}"`);
    expect(server.advanceUntil("kill", 10_000).reached).toBe(true);
    await eventually(
      async () => (server.httpLog.state.listeners.length === 0 ? true : null),
      10_000,
    );
    expect(await t.query(api.serverLog.killFeed, { serverId })).toBeNull();
  });
});
