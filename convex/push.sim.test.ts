/**
 * MatchZy push end to end: the admin turns it on through the real command layer, the simulator's
 * MatchZy POSTs its events, and the live documents follow. convex-test has no HTTP listener for the
 * deployment's site URL, so a small loopback server stands in for it and hands every request to
 * `t.fetch` (the HTTP router in convex/http.ts).
 */
import { describe, expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { PUSH_OFF_URL } from "./lib/push";
import { PUSH_CHECK_INTERVAL_MS } from "./model/push/status";
import { simulatorWithSite, stopLoops } from "./testing/sim.helpers";
import type { TestConvex } from "./test.setup";
import { matchSnapshotOf } from "./model/live/snapshots";

const env = simulatorWithSite();

/** Both servers seeded and polled once, the loops stopped, and an admin to act. */
async function seeded() {
  const { t, who, ids } = await env.seeded();
  return { t, asAdmin: who.asAdmin, ids: ids as [Id<"servers">, Id<"servers">] };
}

async function snapshotOf(t: TestConvex, serverId: Id<"servers">) {
  return await t.run(async (ctx) => ({
    match: await matchSnapshotOf(ctx, serverId),
    push: await ctx.db
      .query("pushStatus")
      .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
      .unique(),
    secret: (
      await ctx.db
        .query("serverSecrets")
        .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
        .unique()
    )?.pushSecret,
  }));
}

describe("MatchZy push against the simulator", () => {
  test("enable → the simulator posts round_end → the match shows the pushed score", async () => {
    const { t, asAdmin, ids } = await seeded();
    const [serverId] = ids;
    const server = env.sim.servers[0]!;

    const result = await asAdmin.action(api.push.enable, { serverId });
    expect(result).toMatchObject({ action: "pushEnable" });
    expect(server.state().matchzy.remoteLogUrl).toBe(`${env.siteUrl}/api/events/server1`);
    const armed = await snapshotOf(t, serverId);
    expect(armed.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(await asAdmin.query(api.push.status, { serverId })).toEqual({
      enabled: true,
      lastEventAt: null,
      lastEvent: null,
      eventsCount: 0,
      refusedCount: 0,
      lastRefusedAt: null,
      lastRefusal: null,
    });
    // Audited like every server action, with the URL and never the secret.
    const audit = await t.run((ctx) => ctx.db.query("auditLog").collect());
    const entry = audit.find((e) => e.action === "pushEnable");
    expect(entry).toMatchObject({
      outcome: "success",
      details: `${env.siteUrl}/api/events/server1`,
    });
    expect(JSON.stringify(audit)).not.toContain(armed.secret);

    // Warmup ends (going_live), round 1 is played (round_end): both POSTed and answered 2xx.
    expect(server.advanceUntil("roundEnd", 10_000).reached).toBe(true);
    await server.matchzy.settled();
    const toPanel = server.matchzy.attempts.filter((a) => a.url !== PUSH_OFF_URL);
    expect(toPanel.map((a) => [a.event, a.outcome])).toEqual([
      ["going_live", "ok"],
      ["round_end", "ok"],
    ]);

    const state = server.state();
    expect(state.scoreCT + state.scoreT).toBe(1);
    const after = await snapshotOf(t, serverId);
    expect(after.match!.match).toMatchObject({
      scoreCT: state.scoreCT,
      scoreT: state.scoreT,
      round: 1,
      roundPhase: "over",
    });
    expect(after.match!.pushedAt).toBeDefined();
    const status = await asAdmin.query(api.push.status, { serverId });
    expect(status).toMatchObject({ enabled: true, lastEvent: "round_end", eventsCount: 2 });
    expect(Date.now() - status.lastEventAt!).toBeLessThan(10_000);

    // The rest of a short map, halftime side swap included: the snapshot follows every round,
    // and the map's end (round_end, map_result, series_end) leaves the final score by side.
    server.console.exec("mp_maxrounds 6");
    for (let round = 2; round <= 6; round++) {
      expect(server.advanceUntil("roundEnd", 10_000).reached).toBe(true);
      await server.matchzy.settled();
      const { scoreCT, scoreT } = server.state();
      expect((await snapshotOf(t, serverId)).match!.match, `round ${round}`).toMatchObject({
        scoreCT,
        scoreT,
        round,
        roundPhase: "over",
      });
      if (server.matchzy.attempts.some((a) => a.event === "series_end")) break;
    }
    const events = server.matchzy.attempts.map((a) => a.event);
    expect(events.slice(-2)).toEqual(["map_result", "series_end"]);
    const delivered = server.matchzy.attempts.filter((a) => a.url !== PUSH_OFF_URL);
    expect(delivered.every((a) => a.outcome === "ok")).toBe(true);
    expect((await asAdmin.query(api.push.status, { serverId })).eventsCount).toBe(delivered.length);
  });

  test("while events flow a watched server is polled every 30 s, not every 5 s", async () => {
    const { t, asAdmin, ids } = await seeded();
    const [serverId] = ids;
    const server = env.sim.servers[0]!;
    await asAdmin.action(api.push.enable, { serverId });
    expect(server.advanceUntil("live", 10_000).reached).toBe(true);
    await server.matchzy.settled();
    await t.run(async (ctx) => {
      await ctx.db.insert("presence", {
        serverId,
        viewerId: "tab-aaaaaaaa",
        expiresAt: Date.now() + 600_000,
      });
    });
    const poller = await t.run((ctx) =>
      ctx.db
        .query("pollers")
        .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
        .unique(),
    );
    const target = (await t.query(internal.serverControl.targetOf, { serverId }))!.target;
    const before = Date.now();
    await t.action(internal.poller.tick, {
      serverId,
      generation: poller!.generation,
      target,
      withPlayers: true,
    });
    const next = await t.run(async (ctx) => {
      const p = await ctx.db
        .query("pollers")
        .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
        .unique();
      return p!.nextPollAt!;
    });
    expect(next - before).toBeGreaterThanOrEqual(PUSH_CHECK_INTERVAL_MS - 1000);
    await stopLoops(t);
  });

  test("disable: the URL points nowhere, the secret is gone, nothing more is posted", async () => {
    const { t, asAdmin, ids } = await seeded();
    const [serverId] = ids;
    const server = env.sim.servers[0]!;
    await asAdmin.action(api.push.enable, { serverId });
    const result = await asAdmin.action(api.push.disable, { serverId });
    expect(result).toMatchObject({ action: "pushDisable" });
    expect(server.state().matchzy.remoteLogUrl).toBe(PUSH_OFF_URL);
    const after = await snapshotOf(t, serverId);
    expect(after.secret).toBeUndefined();
    expect(after.push).toMatchObject({ enabled: false });
    const sent = server.state().matchzy.sent;
    server.advanceUntil("roundEnd", 10_000);
    await server.matchzy.settled();
    expect(server.state().matchzy.sent).toBe(sent);
  });

  test("over the RCON proxy too", async () => {
    const { asAdmin, ids } = await seeded();
    await asAdmin.action(api.push.enable, { serverId: ids[1] });
    expect(env.sim.servers[1]!.state().matchzy.remoteLogUrl).toBe(
      `${env.siteUrl}/api/events/server2`,
    );
  });

  test("a game server that cannot be reached: the action fails and push stays off", async () => {
    const { t, asAdmin, ids } = await seeded();
    const [serverId] = ids;
    const server = env.sim.servers[0]!;
    await server.faults.set({ offline: true });
    await expect(asAdmin.action(api.push.enable, { serverId })).rejects.toMatchObject({
      data: { code: "GAME_SERVER" },
    });
    const after = await snapshotOf(t, serverId);
    expect(after.secret).toBeUndefined();
    expect(after.push).toMatchObject({ enabled: false });
    const audit = await t.run((ctx) => ctx.db.query("auditLog").collect());
    expect(audit.find((e) => e.action === "pushEnable")).toMatchObject({ outcome: "failure" });
  });
});
