/**
 * The panel shows what is true on the game server, against the simulator on both connection
 * types: switches changed behind the panel's back (a config, a typed command, a restart) show after
 * the next read-back (the admin tab runs one a minute), switches are "unconfirmed" until the game
 * server confirms them, and the map the panel's own action set shows at once, before any poll.
 * (The ban-list items, merged list and imported game-server bans, are in moderation.sim.test.ts.)
 */
import type { SessionId } from "convex-helpers/server/sessions";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import type { Side } from "./lib/side";
import { commitSent } from "./model/serverControl/step";
import { pollNow, seededWorld, startTestSimulator, stopLoops } from "./testing/sim.helpers";
import { setGuestAdmin, type personas, type TestConvex } from "./test.setup";
import type { SimHandle } from "../dev/sim/simulator";

let sim: SimHandle;
let t: TestConvex;
let admin: Awaited<ReturnType<typeof personas>>["asAdmin"];
let ids: Id<"servers">[];

beforeAll(async () => {
  sim = await startTestSimulator({ downtimeMs: 300 });
  // No background polling: only a poll this test runs may change what viewers see.
  let who;
  ({ t, who, ids } = await seededWorld(sim));
  admin = who.asAdmin;
});
afterAll(async () => {
  await sim.stop();
});
/** Admin tabs share one read-back a minute per server: each test starts with none shared. */
async function forgetReadBacks() {
  await t.run(async (ctx) => {
    for (const row of await ctx.db.query("toggleReadBacks").collect()) {
      await ctx.db.delete("toggleReadBacks", row._id);
    }
  });
}

beforeEach(async () => {
  await sim.reset();
  await forgetReadBacks();
});
afterEach(async () => {
  await stopLoops(t);
});

/** A poll stored as the poller's own; its plans are cancelled after each test. */
async function poll(serverId: Id<"servers">) {
  await pollNow(t, serverId);
}

describe.each([
  ["HTTP plugin API", 0],
  ["RCON proxy", 1],
] as const)("%s", (_name, index) => {
  const server = () => sim.servers[index]!;
  const serverId = () => ids[index]!;
  const toggles = () => t.query(api.serverControl.toggles, { serverId: serverId() });

  test("switches changed on the server itself show after one read-back; unconfirmed until then", async () => {
    // The panel turns friendly fire on: expected at once, then confirmed by the read-back.
    await admin.action(api.serverControl.friendlyfire, {
      serverId: serverId(),
      enabled: true,
    });
    expect(await toggles()).toMatchObject({ friendlyfire: true, confirmed: true });

    // Behind the panel's back: typed on the server, a config, a pause.
    server().console.exec("mp_friendlyfire 0");
    server().console.exec("sv_cheats 1");
    server().console.exec("mp_pause_match");
    expect(await toggles()).toMatchObject({ friendlyfire: true, cheats: false });
    // What the admin tab runs once a minute while it is open.
    expect(await admin.action(api.serverControl.readBack, { serverId: serverId() })).toEqual({
      confirmed: true,
    });
    expect(await toggles()).toMatchObject({
      friendlyfire: false,
      cheats: true,
      isPaused: true,
      confirmed: true,
    });

    // «Перезапустити гру» unpauses on the server: the read-back after the action shows it.
    await admin.action(api.serverControl.restartGame, { serverId: serverId() });
    expect(server().state().toggles.paused).toBe(false);
    expect(await toggles()).toMatchObject({ isPaused: false, confirmed: true });
  });

  test("a read-back that finds nothing new writes nothing; an offline server changes nothing", async () => {
    await admin.action(api.serverControl.readBack, { serverId: serverId() });
    const row = async () =>
      await t.run(async (ctx) =>
        ctx.db
          .query("serverToggles")
          .withIndex("by_serverId", (q) => q.eq("serverId", serverId()))
          .unique(),
      );
    const before = await row();
    await admin.action(api.serverControl.readBack, { serverId: serverId() });
    expect((await row())?._creationTime).toBe(before?._creationTime);
    expect((await row())?.confirmedAt).toBe(before?.confirmedAt);

    // An offline server cannot confirm anything: the read-back says so and changes nothing.
    await forgetReadBacks();
    const shown = await toggles();
    await server().faults.set({ offline: true });
    try {
      expect(await admin.action(api.serverControl.readBack, { serverId: serverId() })).toEqual({
        confirmed: false,
      });
      expect(await toggles()).toEqual(shown);
    } finally {
      await server().faults.set({ offline: false });
    }
  });

  test("open admin tabs share one read-back a minute: ten tabs, no more requests within it", async () => {
    await admin.action(api.serverControl.readBack, { serverId: serverId() });
    expect(server().counters.snapshot().total).toBeGreaterThan(0);
    const { cheats } = await toggles();
    server().counters.reset();
    server().console.exec(`sv_cheats ${cheats ? 0 : 1}`);
    for (let tab = 0; tab < 10; tab++) {
      expect(await admin.action(api.serverControl.readBack, { serverId: serverId() })).toEqual({
        confirmed: true,
      });
    }
    // Within the minute nothing more reached the game server; the stored state stands.
    expect(server().counters.snapshot().total).toBe(0);
    expect(await toggles()).toMatchObject({ cheats, confirmed: true });
    // A minute later the next tab reads again and sees the change.
    await t.run(async (ctx) => {
      for (const row of await ctx.db.query("toggleReadBacks").collect()) {
        await ctx.db.patch("toggleReadBacks", row._id, { at: row.at - 60_000 });
      }
    });
    await admin.action(api.serverControl.readBack, { serverId: serverId() });
    expect(server().counters.snapshot().total).toBeGreaterThan(0);
    expect(await toggles()).toMatchObject({ cheats: !cheats, confirmed: true });
  });

  test("the map the panel changes to shows at once, before any poll; the next poll confirms it", async () => {
    sim.advance(240); // a few rounds played on the current map
    await poll(serverId());
    const before = (await t.query(api.live.dashboard, { serverId: serverId() })).snapshot?.match;
    expect((before?.scoreCT ?? 0) + (before?.scoreT ?? 0)).toBeGreaterThan(0);
    const shown = async () =>
      (await t.query(api.live.dashboard, { serverId: serverId() })).snapshot?.match.mapName;
    const next = (await shown()) === "de_nuke" ? "de_ancient" : "de_nuke";
    await admin.action(api.serverControl.changeMap, { serverId: serverId(), map: next });
    expect(await shown()).toBe(next);
    // The old map's score does not stay on the new one.
    expect(
      (await t.query(api.live.dashboard, { serverId: serverId() })).snapshot?.match,
    ).toMatchObject({ scoreCT: 0, scoreT: 0, roundPhase: "warmup" });
    await poll(serverId());
    expect(await shown()).toBe(next);
    expect(server().state().map).toBe(next);
  });

  test("a tournament launch's map shows in the same commit as the launch, before any poll", async () => {
    await poll(serverId());
    const shown = async () =>
      (await t.query(api.live.dashboard, { serverId: serverId() })).snapshot?.match.mapName;
    const next = (await shown()) === "de_vertigo" ? "de_anubis" : "de_vertigo";
    const team = (side: Side, name: string) => ({ Side: side, Players: [name] });
    // What the launch capability's commit does with the launch the game server accepted.
    await t.run((ctx) =>
      commitSent(
        ctx,
        serverId(),
        {
          kind: "launchGame",
          payload: { Mode: "wingman", Map: next, TeamA: team("CT", "a"), TeamB: team("T", "b") },
        },
        true,
        undefined,
      ),
    );
    expect(await shown()).toBe(next);
    // A refused launch shows nothing.
    await t.run((ctx) =>
      commitSent(ctx, serverId(), { kind: "changeMap", map: "de_dust2" }, false, "refused"),
    );
    expect(await shown()).toBe(next);
  });
});

describe("read-back by guest admins", () => {
  afterEach(async () => {
    await setGuestAdmin(t, false);
  });

  test("is bounded per caller and server and audited when allowed; admins are neither", async () => {
    await setGuestAdmin(t, true);
    const serverId = ids[0]!;
    const server = sim.servers[0]!;
    server.counters.reset();
    const read = (session: string) =>
      t.action(api.serverControl.readBack, { serverId, sessionId: session as SessionId });
    for (let i = 0; i < 3; i++) expect(await read("guest-a")).toEqual({ confirmed: true });
    const sent = server.counters.snapshot().http;
    expect(sent).toBeGreaterThan(0);
    await expect(read("guest-a")).rejects.toMatchObject({ data: { code: "RATE_LIMITED" } });
    // The refused read reached no game server.
    expect(server.counters.snapshot().http).toBe(sent);
    // Another caller has its own budget.
    expect(await read("guest-b")).toEqual({ confirmed: true });
    const audited = await t.run((ctx) =>
      ctx.db.query("auditLog").withIndex("by_at").order("desc").take(10),
    );
    const reads = audited.filter((e) => e.action === "toggleReadBack");
    expect(reads).toHaveLength(4);
    expect(reads.every((e) => e.outcome === "success" && e.identity === "anonymous")).toBe(true);
    // An admin's tab reads as often as it needs to, unaudited.
    for (let i = 0; i < 5; i++) await admin.action(api.serverControl.readBack, { serverId });
    const after = await t.run((ctx) =>
      ctx.db.query("auditLog").withIndex("by_at").order("desc").take(10),
    );
    expect(after.filter((e) => e.action === "toggleReadBack")).toHaveLength(4);
  });
});
