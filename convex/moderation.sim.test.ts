/**
 * Moderation through the real Convex actions against the simulator, on both connection types:
 * a ban's reason reaches the game server's ban list, every ban/kick/unban leaves a sanction
 * record, and a moderator stays inside the role's limits (nothing reaches the game server then).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { seededWorld, startTestSimulator } from "./testing/sim.helpers";
import type { personas, TestConvex } from "./test.setup";
import type { SimHandle, SimServerHandle } from "../dev/sim/simulator";
import { toSteam2, toSteam3 } from "./lib/steamId";
import { SANCTION_MESSAGES } from "./model/moderation/sanctions";
import { DEFAULT_MODERATION_SETTINGS } from "./lib/moderationDefaults";

let sim: SimHandle;
let t: TestConvex;
let who: Awaited<ReturnType<typeof personas>>;
let ids: Id<"servers">[];

beforeAll(async () => {
  sim = await startTestSimulator({ downtimeMs: 300 });
  ({ t, who, ids } = await seededWorld(sim));
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
    for (const b of await ctx.db.query("bansInForce").collect()) {
      await ctx.db.delete("bansInForce", b._id);
    }
  });
});

function humanOf(server: SimServerHandle) {
  const p = server.world.connected().find((x) => !x.isBot && x.side !== "SPEC");
  if (!p) throw new Error("no human player on the simulator");
  return p;
}

/** The audit entries of one action, oldest first. */
async function auditOf(action: string) {
  return await t.run(async (ctx) =>
    (await ctx.db.query("auditLog").collect()).filter((e) => e.action === action),
  );
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

    // The audit entry says the length as the form offered it.
    expect((await auditOf("ban")).at(-1)).toMatchObject({
      details: expect.stringContaining("1 год."),
    });

    // A moderator lifts a moderator's temporary ban of a player who has left the server: the
    // audit entry still names them, from their ban.
    await t.run(async (ctx) => {
      const row = await ctx.db
        .query("playerSnapshots")
        .withIndex("by_serverId", (q) => q.eq("serverId", serverId()))
        .unique();
      const players = row!.players.filter((p) => p.steamId !== target.steamId);
      await ctx.db.patch("playerSnapshots", row!._id, { players });
    });
    await who.asModerator.action(api.moderation.unban, {
      serverId: serverId(),
      steamId: target.steamId,
    });
    expect((await auditOf("unban")).at(-1)).toMatchObject({
      details: `${target.name} (${target.steamId})`,
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

describe("a moderator's rights are judged on the ban in force on that server", () => {
  const onList = (index: number, steamId: string) =>
    sim.servers[index]!.state().bans.find((b) => b.steamId === steamId);

  test("an admin's permanent ban cannot be replaced by a short one, nor lifted, here or via another server", async () => {
    const target = { steamId: "76561198000000771" };
    const ban = (as: typeof who.asAdmin, index: number, duration: number) =>
      as.action(api.moderation.ban, {
        serverId: ids[index]!,
        steamId: target.steamId,
        duration,
        reason: "Чити",
      });
    await ban(who.asAdmin, 0, 0);
    // The replacement the game server would make (permanent → 1 minute) is refused.
    await expect(ban(who.asModerator, 0, 1)).rejects.toMatchObject({
      data: { code: "FORBIDDEN", message: SANCTION_MESSAGES.replaceNotOwn },
    });
    expect(onList(0, target.steamId)).toMatchObject({ duration: "0" });
    // A moderator's ban on server #2 is theirs to give, and unlocks nothing on server #1.
    await ban(who.asModerator, 1, 1);
    await expect(
      who.asModerator.action(api.moderation.unban, { serverId: ids[0]!, steamId: target.steamId }),
    ).rejects.toMatchObject({
      data: { code: "FORBIDDEN", message: SANCTION_MESSAGES.unbanNotOwn },
    });
    expect(onList(0, target.steamId)).toMatchObject({ duration: "0" });
    await who.asModerator.action(api.moderation.unban, {
      serverId: ids[1]!,
      steamId: target.steamId,
    });
    expect(onList(1, target.steamId)).toBeUndefined();
    const refusals = await t.run(async (ctx) =>
      (await ctx.db.query("auditLog").collect()).filter(
        (e) => e.username === "Maksym" && e.outcome === "unauthorized",
      ),
    );
    expect(refusals.map((e) => e.action)).toEqual(expect.arrayContaining(["ban", "unban"]));
  });

  test("a moderator's own temporary ban can be replaced within the maximum, and lifted", async () => {
    const target = { steamId: "76561198000000772" };
    const args = { serverId: ids[0]!, steamId: target.steamId };
    await who.asModerator.action(api.moderation.ban, { ...args, duration: 60, reason: "Чити" });
    await who.asModerator.action(api.moderation.ban, { ...args, duration: 30, reason: "Чити" });
    expect(onList(0, target.steamId)).toMatchObject({ duration: "30" });
    await who.asModerator.action(api.moderation.unban, args);
    expect(onList(0, target.steamId)).toBeUndefined();
  });

  test("a ban given on the game server itself (not by the panel) counts as an admin's", async () => {
    const target = { steamId: "76561198000000773" };
    sim.servers[0]!.world.bans.add(target.steamId, 60, "in-game");
    const args = { serverId: ids[0]!, steamId: target.steamId };
    await expect(
      who.asModerator.action(api.moderation.ban, { ...args, duration: 1, reason: "Чити" }),
    ).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
    await expect(who.asModerator.action(api.moderation.unban, args)).rejects.toMatchObject({
      data: { code: "FORBIDDEN" },
    });
    expect(onList(0, target.steamId)).toMatchObject({ duration: "60" });
  });
});

describe("the public ban list shows bans in force", () => {
  test("one row per account and server; lifted and expired bans are gone", async () => {
    await who.asAdmin.action(api.moderation.saveSettings, {
      settings: { ...DEFAULT_MODERATION_SETTINGS, publicBanList: true },
    });
    const target = { steamId: "76561198000000774" };
    const publicList = async () =>
      (
        await t.query(api.moderation.publicBans, {
          paginationOpts: { numItems: 100, cursor: null },
        })
      ).page;
    const api_ = async () =>
      ((await (await t.fetch("/api/bans", { method: "GET" })).json()) as { bans: unknown[] }).bans;
    // The same account banned by four ID forms on server #1, and once on server #2.
    for (const form of [
      target.steamId,
      toSteam2(target.steamId),
      toSteam3(target.steamId),
      `https://steamcommunity.com/profiles/${target.steamId}`,
    ]) {
      await who.asAdmin.action(api.moderation.ban, {
        serverId: ids[0]!,
        steamId: form,
        duration: 60,
        reason: "Чити",
      });
    }
    await who.asAdmin.action(api.moderation.ban, {
      serverId: ids[1]!,
      steamId: target.steamId,
      duration: 5,
      reason: "Спам",
    });
    const both = await publicList();
    expect(both).toHaveLength(2);
    expect(new Set(both.map((b) => b.serverName)).size).toBe(2);
    expect(await api_()).toHaveLength(2);

    await who.asAdmin.action(api.moderation.unban, { serverId: ids[0]!, steamId: target.steamId });
    expect((await publicList()).map((b) => b.reason)).toEqual(["Спам"]);
    expect(await api_()).toEqual([expect.objectContaining({ reason: "Спам", durationMinutes: 5 })]);

    // Past its expiry, the ban on server #2 is gone too (even before its clean-up job ran).
    await t.run(async (ctx) => {
      for (const b of await ctx.db.query("bansInForce").collect()) {
        await ctx.db.patch("bansInForce", b._id, { expiresAt: Date.now() - 1 });
      }
    });
    expect(await publicList()).toEqual([]);
    expect(await api_()).toEqual([]);
  });
});

/** Earlier tests ban and kick: these start from an empty ban list and two fresh humans. */
function freshWorld(index: number) {
  const world = sim.servers[index]!.world;
  world.bans.clear();
  world.comms.clear();
  world.addPlayer(false, "T");
  world.addPlayer(false, "CT");
}

describe("the staff ban list and game-server bans", () => {
  const server = () => sim.servers[0]!;
  const serverId = () => ids[0]!;
  beforeEach(() => freshWorld(0));

  test("a ban made on the game server itself is listed, imported once as a game-server sanction, and only an admin may lift it", async () => {
    const target = humanOf(server());
    // Someone bans in game (or another tool does): the panel never saw it.
    server().console.exec(`css_addban ${target.steamId} 120 "Читерство"`);

    const list = await who.asModerator.action(api.moderation.banList, { serverId: serverId() });
    expect(list).toEqual([
      expect.objectContaining({
        steamId: target.steamId,
        durationMinutes: 120,
        reason: "Читерство",
        source: "gameServer",
        canLift: false,
      }),
    ]);
    const imported = (await sanctionsOf(target.steamId)).page;
    expect(imported).toEqual([
      expect.objectContaining({
        kind: "ban",
        source: "gameServer",
        reason: "Читерство",
        durationMinutes: 120,
      }),
    ]);
    // The import was committed with its audit entry, which says so (keyed for the panel to word).
    expect((await auditOf("banList")).at(-1)).toMatchObject({
      outcome: "success",
      username: "Maksym",
      details: "імпортовано з сервера: 1",
      detailsKey: "audit.details.banListImported",
      detailsParams: { count: 1 },
    });
    // Read again: nothing new (one record per ban), and the admin may lift it.
    const again = await who.asAdmin.action(api.moderation.banList, { serverId: serverId() });
    expect(again[0]).toMatchObject({ source: "gameServer", canLift: true });
    expect((await sanctionsOf(target.steamId)).page).toHaveLength(1);
    // A view that changed nothing writes no audit row: the log stays readable however often it
    // is opened (it wrote one «Список банів» row per view, often twice a second).
    expect(await auditOf("banList")).toHaveLength(1);
    await who.asAdmin.action(api.moderation.banList, { serverId: serverId() });
    expect(await auditOf("banList")).toHaveLength(1);
  });

  test("the list merges our records: who and why; a moderator may lift their own, not an admin's", async () => {
    const [a, b] = server()
      .world.connected()
      .filter((p) => !p.isBot && p.side !== "SPEC");
    await who.asAdmin.action(api.moderation.ban, {
      serverId: serverId(),
      steamId: a!.steamId,
      duration: 1440,
      reason: "Чити",
    });
    await who.asModerator.action(api.moderation.ban, {
      serverId: serverId(),
      steamId: b!.steamId,
      duration: 60,
      reason: "Гриферство",
    });
    const list = await who.asModerator.action(api.moderation.banList, { serverId: serverId() });
    const row = (id: string) => list.find((e) => e.steamId === id);
    expect(row(a!.steamId)).toMatchObject({ byRole: "admin", reason: "Чити", canLift: false });
    expect(row(b!.steamId)).toMatchObject({
      by: "Maksym",
      byRole: "moderator",
      reason: "Гриферство",
      source: "panel",
      canLift: true,
    });
    // Nothing was imported: both bans are the panel's.
    expect((await sanctionsOf(a!.steamId)).page.map((s) => s.source)).toEqual(["panel"]);
  });
});

describe("mute, gag and silence (CS2-SimpleAdmin)", () => {
  const server = () => sim.servers[0]!;
  const serverId = () => ids[0]!;
  beforeEach(() => {
    freshWorld(0);
    freshWorld(1);
  });

  test("a moderator's gag reaches the plugin with its reason and is recorded; lifting it is too", async () => {
    const target = humanOf(server());
    await who.asModerator.action(api.moderation.gag, {
      serverId: serverId(),
      steamId: target.steamId,
      duration: 30,
      reason: 'Реклама"; quit',
    });
    expect(server().state().comms).toEqual([
      expect.objectContaining({
        steamId: target.steamId,
        type: "gag",
        duration: "30",
        reason: "Реклама quit",
      }),
    ]);
    expect((await sanctionsOf(target.steamId)).page[0]).toMatchObject({
      kind: "gag",
      durationMinutes: 30,
      byRole: "moderator",
    });
    // One commit wrote the sanction and its audit entry, naming the player and the duration.
    expect((await auditOf("gag")).at(-1)).toMatchObject({
      outcome: "success",
      username: "Maksym",
      serverId: serverId(),
      details: expect.stringContaining("30 хв"),
    });
    const active = await who.asModerator.query(api.moderation.activeComms, {
      serverId: serverId(),
      paginationOpts: { numItems: 20, cursor: null },
    });
    expect(active.page.map((s) => [s.kind, s.steamId])).toEqual([["gag", target.steamId]]);

    await who.asModerator.action(api.moderation.ungag, {
      serverId: serverId(),
      steamId: target.steamId,
    });
    expect(server().state().comms).toEqual([]);
    const after = await who.asModerator.query(api.moderation.activeComms, {
      serverId: serverId(),
      paginationOpts: { numItems: 20, cursor: null },
    });
    expect(after.page).toEqual([]);
    expect((await auditOf("ungag")).at(-1)).toMatchObject({ outcome: "success" });
    expect((await sanctionsOf(target.steamId)).page[0]).toMatchObject({ kind: "ungag" });
  });

  test("moderators: never permanent, never past the maximum, never lifting an admin's mute", async () => {
    const target = humanOf(server());
    for (const [duration, message] of [
      [0, "Постійний мут, гег чи мовчання може видати лише адміністратор."],
      [10081, "Модератор може заглушити гравця щонайбільше на 10080 хв."],
    ] as const) {
      await expect(
        who.asModerator.action(api.moderation.mute, {
          serverId: serverId(),
          steamId: target.steamId,
          duration,
          reason: "Образи",
        }),
      ).rejects.toMatchObject({ data: { code: "FORBIDDEN", message } });
    }
    expect(server().state().comms).toEqual([]);
    // Each refusal is audited under the operation's name.
    expect((await auditOf("mute")).map((e) => e.outcome)).toEqual(["unauthorized", "unauthorized"]);
    await who.asAdmin.action(api.moderation.silence, {
      serverId: serverId(),
      steamId: target.steamId,
      duration: 0,
      reason: "Образи",
    });
    // The silence covers the mute: a moderator may lift neither.
    await expect(
      who.asModerator.action(api.moderation.unmute, {
        serverId: serverId(),
        steamId: target.steamId,
      }),
    ).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
    expect(
      server()
        .state()
        .comms.map((c) => c.type),
    ).toEqual(["silence"]);
  });

  test.each(["mute", "silence"] as const)(
    "a moderator cannot replace an admin's permanent %s with a short one, then lift it",
    async (kind) => {
      const target = humanOf(server());
      const lift = kind === "mute" ? api.moderation.unmute : api.moderation.unsilence;
      const give = api.moderation[kind];
      const at = { serverId: serverId(), steamId: target.steamId };
      await who.asAdmin.action(give, { ...at, duration: 0, reason: "Образи" });
      await expect(
        who.asModerator.action(give, { ...at, duration: 1, reason: "Образи" }),
      ).rejects.toMatchObject({
        data: { code: "FORBIDDEN", message: expect.stringContaining("не може замінити") },
      });
      // A moderator's mute over an admin's silence would shorten it too.
      if (kind === "silence") {
        await expect(
          who.asModerator.action(api.moderation.mute, { ...at, duration: 1, reason: "Образи" }),
        ).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
      }
      await expect(who.asModerator.action(lift, at)).rejects.toMatchObject({
        data: { code: "FORBIDDEN" },
      });
      // The admin's block is still the one in force, on the game server and in the panel.
      expect(server().state().comms).toEqual([
        expect.objectContaining({ type: kind, duration: "0" }),
      ]);
      const active = await who.asModerator.query(api.moderation.activeComms, {
        serverId: serverId(),
        paginationOpts: { numItems: 20, cursor: null },
      });
      expect(
        active.page.filter((s) => s.kind === kind).map((s) => [s.byRole, s.durationMinutes]),
      ).toEqual([["admin", 0]]);
      expect((await auditOf(kind)).map((e) => e.outcome)).toContain("unauthorized");
    },
  );

  test("a moderator replaces his own temporary mute", async () => {
    const target = humanOf(server());
    const at = { serverId: serverId(), steamId: target.steamId, reason: "Образи" };
    await who.asModerator.action(api.moderation.mute, { ...at, duration: 30 });
    await who.asModerator.action(api.moderation.mute, { ...at, duration: 60 });
    expect(server().state().comms).toEqual([
      expect.objectContaining({ type: "mute", duration: "60" }),
    ]);
  });

  test("a server without CS2-SimpleAdmin refuses before anything is sent", async () => {
    const other = sim.servers[1]!;
    const target = humanOf(other);
    await expect(
      who.asAdmin.action(api.moderation.mute, {
        serverId: ids[1]!,
        steamId: target.steamId,
        duration: 30,
        reason: "Образи",
      }),
    ).rejects.toMatchObject({
      data: { message: expect.stringContaining("не позначено CS2-SimpleAdmin") },
    });
    expect((await sanctionsOf(target.steamId)).page).toEqual([]);
  });
});
