/**
 * Direct RCON (connection type "RCON") against the simulator's Source RCON server from the real
 * Node actions: polling a plain CS2 server, the authentication-failure stop rule, the per-server
 * lock, replies split over several packets, a server that drops the connection mid-reply, and a
 * tournament launch. Every server action over direct RCON is in serverActions.sim.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { RCON_AUTH_REFUSED, RCON_AUTH_STOPPED } from "./gameServer/rconFailure";
import { createTournament } from "./model/tournament/state";
import { RCON_BUSY_MESSAGE } from "./model/serverControl/rconLock";
import type { personas, TestConvex } from "./test.setup";
import { pollNow, seededWorld, startTestSimulator, stopLoops } from "./testing/sim.helpers";
import type { SimHandle } from "../dev/sim/simulator";

let sim: SimHandle;
let t: TestConvex;
let admin: Awaited<ReturnType<typeof personas>>["asAdmin"];
let serverId: Id<"servers">;
const direct = () => sim.servers[2]!;

beforeAll(async () => {
  sim = await startTestSimulator({
    servers: [{}, {}, { map: "de_ancient", mode: "wingman", humans: 3 }],
  });
  const world = await seededWorld(sim);
  t = world.t;
  admin = world.who.asAdmin;
  serverId = world.ids[2]!;
});
afterAll(async () => {
  await sim.stop();
});
beforeEach(async () => {
  await stopLoops(t);
  await sim.reset();
  direct().world.cvars.set("rcon_password", direct().config.rconPassword);
  await admin.action(api.servers.save, { serverId, rconPassword: direct().config.rconPassword });
  await stopLoops(t);
  sim.servers[2]!.counters.reset();
});

const target = async () => (await t.query(internal.serverControl.targetOf, { serverId }))!.target;

/** A stray tick (generation -1): it polls through the poll sources, and stores nothing. */
async function tick() {
  await t.action(internal.poller.tick, {
    serverId,
    generation: -1,
    target: await target(),
    withPlayers: true,
  });
}

async function poll() {
  return await t.action(internal.rcon.poll, { target: await target(), withPlayers: true });
}

async function snapshot() {
  return await t.query(api.live.dashboard, { serverId });
}

const rconCount = (key: string) => direct().counters.snapshot().byEndpoint[key] ?? 0;

describe("polling a plain CS2 server", () => {
  test("map, mode, name and who is connected are known; scores, phase, totals and stats are unknown", async () => {
    const result = await poll();
    if (!result.ok) throw new Error(result.error);
    expect(result.match).toMatchObject({
      mapName: "de_ancient",
      gameMode: "wingman",
      serverName: direct().state().name,
      playersOnline: direct().state().players.connected,
      unknown: ["score", "phase", "totals"],
    });
    const humans = direct()
      .world.connected()
      .filter((p) => !p.isBot);
    expect(
      result.players
        ?.filter((p) => p.steamId !== "0")
        .map((p) => p.steamId)
        .sort(),
    ).toEqual(humans.map((p) => p.steamId).sort());
    expect(result.players?.every((p) => p.team === "Unknown" && p.statsUnknown)).toBe(true);
    // One connection per poll: auth + status_json + four cvars.
    expect(rconCount("RCON auth")).toBe(1);
    expect(rconCount("RCON exec status_json")).toBe(1);
  });

  test("the loop stores it: the server shows online with the unknown fields marked", async () => {
    await t.mutation(internal.poller.ensure, { serverId });
    const view = await eventually(async () => {
      const s = await snapshot();
      return s.status?.online && s.snapshot ? s : null;
    });
    expect(view.snapshot!.match.unknown).toEqual(["score", "phase", "totals"]);
    await stopLoops(t);
  });

  test("a reply split over several packets (7 bytes each, UTF-8 cut) parses the same", async () => {
    const whole = await poll();
    await direct().faults.set({ rconSplitBytes: 7 });
    const split = await poll();
    // The server's uptime is read in whole seconds: the two polls may fall either side of one.
    const uptime = (r: typeof whole) => (r.ok ? r.health?.uptimeSec : undefined);
    const withoutUptime = (r: typeof whole) =>
      r.ok && r.health ? { ...r, health: { ...r.health, uptimeSec: 0 } } : r;
    expect(withoutUptime(split)).toEqual(withoutUptime(whole));
    expect(uptime(split)! - uptime(whole)!).toBeGreaterThanOrEqual(0);
    expect(uptime(split)! - uptime(whole)!).toBeLessThanOrEqual(5);
  });

  test("a server that drops the connection mid-reply is offline with a clear state", async () => {
    await direct().faults.set({ rconDropMidReplyRate: 1 });
    const result = await poll();
    expect(result).toEqual({
      ok: false,
      error: expect.stringMatching(/^RCON недоступний: .* розірвав з'єднання посеред відповіді/),
    });
  });

  test("a refused connection is a state, not a crash", async () => {
    await direct().faults.set({ offline: true });
    expect(await poll()).toEqual({
      ok: false,
      error: expect.stringMatching(
        /^RCON недоступний: не вдалося з'єднатися з .*з'єднання відхилено/,
      ),
    });
  });
});

describe("authentication failure", () => {
  test("is shown, recorded, and nothing connects with that password again until a new one is set", async () => {
    direct().world.cvars.set("rcon_password", "changed-on-the-server");
    await expect(
      admin.action(api.serverControl.say, { serverId, message: "привіт" }),
    ).rejects.toMatchObject({
      data: { code: "GAME_SERVER", message: expect.stringContaining(RCON_AUTH_REFUSED) },
    });
    expect(rconCount("RCON auth")).toBe(1);
    expect((await target()).rconAuthFailed).toBe(true);

    // Neither an action, nor a poll, nor the loop tries again.
    await expect(
      admin.action(api.serverControl.changeMap, { serverId, map: "de_nuke" }),
    ).rejects.toMatchObject({ data: { message: expect.stringContaining(RCON_AUTH_STOPPED) } });
    expect(await poll()).toMatchObject({ ok: false, error: RCON_AUTH_STOPPED, authFailed: true });
    expect(await t.mutation(internal.poller.ensure, { serverId })).toBe("disabled");
    const jobs = await t.run(async (ctx) =>
      (await ctx.db.system.query("_scheduled_functions").collect()).filter(
        (j) => j.state.kind === "pending",
      ),
    );
    expect(jobs).toEqual([]);
    expect(rconCount("RCON auth")).toBe(1);
    expect(direct().state().rconBanned).toEqual([]);

    // The admin enters the server's new password: it is used again.
    await admin.action(api.servers.save, { serverId, rconPassword: "changed-on-the-server" });
    await stopLoops(t);
    expect((await target()).rconAuthFailed).toBeUndefined();
    await admin.action(api.serverControl.changeMap, { serverId, map: "de_nuke" });
    expect(direct().state().map).toBe("de_nuke");
  });

  test("a poll that is refused stops the loop and shows why", async () => {
    direct().world.cvars.set("rcon_password", "rotated");
    await tick();
    await t.mutation(internal.poller.ensure, { serverId });
    await eventually(async () => (await target()).rconAuthFailed);
    await stopLoops(t);
    const status = await t.run(async (ctx) =>
      ctx.db
        .query("serverStatus")
        .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
        .unique(),
    );
    expect(status).toMatchObject({ online: false, lastError: RCON_AUTH_REFUSED });
    expect(rconCount("RCON auth")).toBeLessThanOrEqual(2);
  });
});

describe("the per-server lock", () => {
  test("a second action while one holds the server is refused before connecting", async () => {
    const token = await t.mutation(internal.capabilities.lockRcon, { serverId });
    expect(token).toEqual(expect.any(String));
    await expect(admin.action(api.serverControl.restartGame, { serverId })).rejects.toMatchObject({
      data: { code: "CONFLICT", message: expect.stringContaining(RCON_BUSY_MESSAGE) },
    });
    expect(rconCount("RCON auth")).toBe(0);
    // A lease whose action died lapses.
    await t.run(async (ctx) => {
      const lock = await ctx.db
        .query("rconLocks")
        .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
        .unique();
      await ctx.db.patch("rconLocks", lock!._id, { expiresAt: Date.now() - 1 });
    });
    await admin.action(api.serverControl.restartGame, { serverId });
    // Given back with the outcome: the next action takes it at once.
    await admin.action(api.serverControl.skipWarmup, { serverId });
    // Each action is one session, and the switches' read-back after it one more.
    expect(rconCount("RCON auth")).toBe(4);
  });

  test("two actions at once: the second waits for nothing, it is refused while the first holds the server", async () => {
    await direct().faults.set({ latencyMs: 150 });
    const outcomes = await Promise.allSettled([
      admin.action(api.serverControl.changeMap, { serverId, map: "de_inferno" }),
      admin.action(api.serverControl.gameMode, { serverId, mode: "competitive" }),
    ]);
    const fulfilled = outcomes.filter((o) => o.status === "fulfilled");
    expect(fulfilled.length).toBeGreaterThanOrEqual(1);
    for (const o of outcomes) {
      if (o.status === "rejected") expect(o.reason).toMatchObject({ data: { code: "CONFLICT" } });
    }
  });
});

describe("level changes and launch", () => {
  test("a map change whose connection drops during the load counts as done", async () => {
    await direct().faults.set({ rconDropMidReplyRate: 1 });
    const result = await admin.action(api.serverControl.changeMap, {
      serverId,
      map: "de_overpass",
    });
    expect(result.action).toBe("changeMap");
    expect(direct().state().map).toBe("de_overpass");
  });

  test("a map change the server never answers is a failure, and the old map stays until a poll reads another", async () => {
    await pollNow(t, serverId);
    await stopLoops(t);
    const shown = async () => (await snapshot()).snapshot?.match.mapName;
    const start = direct().state().map;
    const next = start === "de_nuke" ? "de_inferno" : "de_nuke";
    expect(await shown()).toBe(start);
    await direct().faults.set({ rconStallLevelChangeRate: 1 });
    await expect(
      admin.action(api.serverControl.changeMap, { serverId, map: next }),
    ).rejects.toMatchObject({
      data: { code: "GAME_SERVER", message: expect.stringContaining("зміну не підтверджено") },
    });
    expect(direct().state().map).toBe(start);
    expect(await shown()).toBe(start);
    const [entry] = await t.run((ctx) =>
      ctx.db.query("auditLog").withIndex("by_at").order("desc").take(1),
    );
    expect(entry).toMatchObject({ action: "changeMap", outcome: "failure" });
    // A server that answers again: the map it reports is what shows.
    await direct().faults.set({ rconStallLevelChangeRate: 0 });
    await admin.action(api.serverControl.changeMap, { serverId, map: next });
    await pollNow(t, serverId);
    await stopLoops(t);
    expect(await shown()).toBe(next);
  });

  test("a finished veto launches over RCON: mode, team names and map in one session, with a note", async () => {
    const tournamentId = await t.run(async (ctx) => {
      const base = createTournament({ createdBy: "Olena", now: Date.now(), slug: "rcon-cup" });
      const player = (nickname: string) => ({ nickname, joinedAt: 1 });
      return await ctx.db.insert("tournaments", {
        ...base,
        status: "finished",
        teamA: { name: "Вовки", players: [player("a1"), player("a2")] },
        teamB: { name: "Лиси", players: [player("b1"), player("b2")] },
        series: [{ map: "de_nuke", side: "CT", sideBy: "teamA" }],
        finalMap: "de_nuke",
        serverMap: "de_nuke",
        finalSide: "CT",
      });
    });
    const result = await admin.action(api.tournamentLaunch.launch, {
      serverId,
      tournamentId,
      mode: "wingman",
      mapIndex: 0,
    });
    expect(result).toMatchObject({ map: "de_nuke", placement: null });
    // The players must pick their side themselves: the note names who stands where.
    expect(result.notes).toEqual([{ kind: "rcon", sides: expect.stringMatching(/^CT — «Вовки»/) }]);
    expect(direct().state()).toMatchObject({ map: "de_nuke", mode: "wingman" });
    // The teams' names reach the game (team A chose CT, so it is team 1) and its match report.
    expect(direct().world.wireMatch()).toMatchObject({ teamCT: "Вовки", teamT: "Лиси" });
    // The launch's one session, round backups turned on (a step that cannot fail the launch),
    // then the switches' read-back.
    expect(result.backups).toBe("on");
    expect(rconCount("RCON auth")).toBe(3);
  });
});

async function eventually<T>(fn: () => Promise<T | null | undefined | false>, ms = 8000) {
  const start = Date.now();
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() - start > ms) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}
