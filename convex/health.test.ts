/**
 * Server health is stored from the polls the panel makes anyway, and only when worth a write:
 * a changed version, a restart, online/offline, else one chart point a minute. A new version
 * starts the read-only check after an update.
 */
import { describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import type { PollHealth, PollResult } from "./lib/validators";
import { HEALTH_SAMPLE_MS, storeHealth } from "./model/live/health";
import { confirmToggles } from "./model/serverControl/toggles";
import { personas, serverRow, setupTest, type TestConvex } from "./test.setup";

const poll = (health: PollHealth, players = 4): PollResult => ({
  ok: true,
  match: {
    serverName: "s",
    mapName: "de_mirage",
    scoreCT: 3,
    scoreT: 2,
    playersOnline: players,
    roundPhase: "live",
  },
  summary: {
    totalPlayers: players,
    totalKills: 0,
    totalDeaths: 0,
    totalDamage: 0,
    totalBombsPlanted: 0,
    totalBombsDefused: 0,
  },
  health,
});
const OFFLINE: PollResult = { ok: false, error: "Сервер недоступний" };
const T0 = 1_800_000_000_000;
const base = (at: number): PollHealth => ({
  rttMs: 40,
  version: "1.41.7.7/14177",
  build: 14177,
  uptimeSec: 3600 + (at - T0) / 1000,
  fps: 126,
  frameMs: 1.1,
  links: [{ name: "Олег", ping: 38, loss: 0 }],
});

async function world() {
  const t = setupTest();
  const who = await personas(t);
  const serverId = await t.run((ctx) => ctx.db.insert("servers", serverRow()));
  return { t, who, serverId };
}

const store = (t: TestConvex, serverId: Id<"servers">, result: PollResult, at: number) =>
  t.run((ctx) => storeHealth(ctx, serverId, result, at));
const row = (t: TestConvex) => t.run((ctx) => ctx.db.query("serverHealth").unique());

describe("server health", () => {
  test("polls every 5 s write one chart point a minute; an uptime that grows writes nothing", async () => {
    const { t, serverId } = await world();
    const writes = new Set<number>();
    for (let at = T0; at <= T0 + 125_000; at += 5_000) {
      await store(t, serverId, poll({ ...base(at), rttMs: 40 + ((at / 5000) % 3) }), at);
      writes.add((await row(t))!.sampledAt);
    }
    // 26 polls in 125 s: written at 0, 60 and 120 s.
    expect([...writes]).toEqual([T0, T0 + HEALTH_SAMPLE_MS, T0 + 2 * HEALTH_SAMPLE_MS]);
    const h = (await row(t))!;
    expect(h.samples.map((s) => s.at)).toEqual([...writes]);
    expect(h).toMatchObject({ version: "1.41.7.7/14177", build: 14177, fps: 126, online: true });
    expect(h.bootedAt).toBe(T0 - 3_600_000);
  });

  test("offline, a restart (uptime from zero) and coming back are written at once", async () => {
    const { t, serverId } = await world();
    await store(t, serverId, poll(base(T0)), T0);
    await store(t, serverId, OFFLINE, T0 + 5_000);
    expect((await row(t))!).toMatchObject({ online: false, sampledAt: T0 + 5_000 });
    expect((await row(t))!.rttMs).toBeUndefined();
    await store(t, serverId, poll({ ...base(T0), uptimeSec: 4 }), T0 + 10_000);
    const h = (await row(t))!;
    expect(h).toMatchObject({ online: true, bootedAt: T0 + 6_000, sampledAt: T0 + 10_000 });
    expect(h.samples.map((s) => s.online)).toEqual([true, false, true]);
  });

  test("a new build is an update: switches unconfirmed, checked at once, the table says what works", async () => {
    const { t, who, serverId } = await world();
    await t.run((ctx) => confirmToggles(ctx, serverId, { cheats: false }, T0 - 1000));
    await store(t, serverId, poll(base(T0)), T0);
    const at = T0 + 5_000;
    await store(t, serverId, poll({ ...base(at), version: "1.41.7.8/14178", build: 14178 }), at);
    const toggles = await t.run((ctx) => ctx.db.query("serverToggles").unique());
    expect(toggles!.confirmedAt).toBeUndefined();
    const jobs = await t.run((ctx) => ctx.db.system.query("_scheduled_functions").collect());
    expect(jobs.map((j) => j.name)).toEqual(
      expect.arrayContaining(["health:checkAfterUpdate", "health:checkLatest"]),
    );
    let view = await who.asAdmin.query(api.health.of, { serverId });
    expect(view.update).toMatchObject({ from: "1.41.7.7/14177", to: "1.41.7.8/14178" });
    expect(view.update!.rows).toEqual([
      { part: "poll", state: "ok", at },
      { part: "switches", state: "waiting" },
    ]);
    // The read-back after the update confirms the switches.
    await t.run((ctx) => confirmToggles(ctx, serverId, { cheats: false }, at + 2_000));
    view = await who.asAdmin.query(api.health.of, { serverId });
    expect(view.update!.rows[1]).toEqual({ part: "switches", state: "ok", at: at + 2_000 });
    expect(view.version).toBe("1.41.7.8/14178");
  });

  test("a source that tells less (the build only) is no update", async () => {
    const { t, serverId } = await world();
    await store(t, serverId, poll(base(T0)), T0);
    await store(t, serverId, poll({ uptimeSec: 4000, build: 14177 }), T0 + 70_000);
    expect(await t.run((ctx) => ctx.db.query("serverUpdates").collect())).toEqual([]);
    expect((await row(t))!.version).toBe("1.41.7.7/14177");
  });

  test("only admins read a server's health", async () => {
    const { who, serverId } = await world();
    for (const caller of [who.anonymous, who.asUser, who.asModerator]) {
      await expect(caller.query(api.health.of, { serverId })).rejects.toMatchObject({
        data: { code: "FORBIDDEN" },
      });
    }
  });
});
