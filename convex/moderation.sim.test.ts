/**
 * Moderation through the real Convex actions against the simulator, on both connection types:
 * a ban's reason reaches the game server's ban list, every ban/kick/unban leaves a sanction
 * record, and a moderator stays inside the role's limits (nothing reaches the game server then).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { personas, setupTest, type TestConvex } from "./test.setup";
import { seedServersFor } from "../dev/sim/seed-servers";
import { startSimulator, type SimHandle, type SimServerHandle } from "../dev/sim/simulator";
import { toSteam2 } from "./lib/steamId";

let sim: SimHandle;
let t: TestConvex;
let who: Awaited<ReturnType<typeof personas>>;
let ids: Id<"servers">[];

beforeAll(async () => {
  sim = await startSimulator({ ephemeral: true, tickMs: 0, downtimeMs: 300, log: () => {} });
  t = setupTest();
  who = await personas(t);
  ids = await t.mutation(internal.seed.defaultServers, { servers: seedServersFor(sim) });
  await new Promise((r) => setTimeout(r, 300));
  await t.run(async (ctx) => {
    for (const job of await ctx.db.system.query("_scheduled_functions").collect()) {
      if (job.state.kind === "pending") await ctx.scheduler.cancel(job._id);
    }
  });
});
afterAll(async () => {
  await sim.stop();
});
beforeEach(async () => {
  await sim.reset();
  await t.run(async (ctx) => {
    for (const s of await ctx.db.query("sanctions").collect()) {
      await ctx.db.delete("sanctions", s._id);
    }
  });
});

function humanOf(server: SimServerHandle) {
  const p = server.world.connected().find((x) => !x.isBot && x.side !== "SPEC");
  if (!p) throw new Error("no human player on the simulator");
  return p;
}

async function sanctionsOf(steamId: string) {
  return await who.asModerator.query(api.moderation.history, {
    steamId,
    paginationOpts: { numItems: 20, cursor: null },
  });
}

describe.each([
  ["HTTP plugin API", 0],
  ["RCON proxy", 1],
] as const)("%s", (_name, index) => {
  const server = () => sim.servers[index]!;
  const serverId = () => ids[index]!;

  test("a moderator's ban with a reason reaches the game server's ban list with that reason", async () => {
    const target = humanOf(server());
    await t.action(internal.poller.tick, {
      serverId: serverId(),
      generation: -1,
      target: (await t.query(internal.serverControl.targetOf, { serverId: serverId() }))!.target,
      withPlayers: true,
    });
    await who.asModerator.action(api.moderation.ban, {
      serverId: serverId(),
      // Pasted as STEAM_1:X:Y: the panel bans the same account.
      steamId: toSteam2(target.steamId),
      duration: 60,
      reason: 'Образи в голосовому чаті"; quit',
    });
    const ban = server()
      .state()
      .bans.find((b) => b.steamId === target.steamId);
    expect(ban).toMatchObject({ reason: "Образи в голосовому чаті quit" });

    const history = await sanctionsOf(target.steamId);
    expect(history.page).toHaveLength(1);
    expect(history.page[0]).toMatchObject({
      kind: "ban",
      reason: "Образи в голосовому чаті quit",
      durationMinutes: 60,
      by: "Maksym",
      byRole: "moderator",
      playerName: target.name,
      source: "panel",
      serverName: expect.any(String),
    });
    expect(history.page[0]!.expiresAt! - history.page[0]!.at).toBe(60 * 60_000);

    // A moderator lifts a moderator's temporary ban.
    await who.asModerator.action(api.moderation.unban, {
      serverId: serverId(),
      steamId: target.steamId,
    });
    expect(
      server()
        .state()
        .bans.map((b) => b.steamId),
    ).not.toContain(target.steamId);
    expect((await sanctionsOf(target.steamId)).page.map((s) => s.kind)).toEqual(["unban", "ban"]);
  });

  test("a moderator can neither ban permanently nor past the maximum; refusals are audited", async () => {
    const target = humanOf(server());
    for (const duration of [0, 10081]) {
      await expect(
        who.asModerator.action(api.moderation.ban, {
          serverId: serverId(),
          steamId: target.steamId,
          duration,
          reason: "Чити",
        }),
      ).rejects.toMatchObject({
        data: {
          code: "FORBIDDEN",
          message:
            duration === 0
              ? "Постійний бан може видати лише адміністратор."
              : "Модератор може забанити щонайбільше на 10080 хв.",
        },
      });
    }
    expect(server().state().bans).toEqual([]);
    expect((await sanctionsOf(target.steamId)).page).toEqual([]);
    const refusals = await t.run(async (ctx) =>
      (await ctx.db.query("auditLog").collect()).filter(
        (e) => e.action === "ban" && e.outcome === "unauthorized" && e.username === "Maksym",
      ),
    );
    expect(refusals.length).toBeGreaterThanOrEqual(2);

    // The admin may, and a moderator cannot lift the admin's permanent ban.
    await who.asAdmin.action(api.moderation.ban, {
      serverId: serverId(),
      steamId: target.steamId,
      duration: 0,
      reason: "Чити",
    });
    expect(
      server()
        .state()
        .bans.map((b) => b.steamId),
    ).toContain(target.steamId);
    await expect(
      who.asModerator.action(api.moderation.unban, {
        serverId: serverId(),
        steamId: target.steamId,
      }),
    ).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
    expect(
      server()
        .state()
        .bans.map((b) => b.steamId),
    ).toContain(target.steamId);
  });

  test("a moderator kicks with a reason; it is recorded", async () => {
    const target = humanOf(server());
    await who.asModerator.action(api.moderation.kick, {
      serverId: serverId(),
      steamId: target.steamId,
      reason: "АФК",
    });
    expect(server().world.find(target.steamId)?.connected).toBe(false);
    expect((await sanctionsOf(target.steamId)).page[0]).toMatchObject({
      kind: "kick",
      reason: "АФК",
      byRole: "moderator",
    });
  });
});
