/**
 * Every server action through the real Convex actions, against the three connection types of the
 * simulator (server1: HTTP plugin API, server2: RCON proxy over real Source RCON, server3: direct
 * RCON from the Node action), checked on the simulator's state. Hostile input is refused before
 * anything reaches a game server.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { REPORT_REPLY } from "./lib/conductFields";
import { createTournament } from "./model/tournament/state";
import { seededWorld, startTestSimulator } from "./testing/sim.helpers";
import type { personas, TestConvex } from "./test.setup";
import type { SimHandle, SimServerHandle } from "../dev/sim/simulator";

let sim: SimHandle;
let t: TestConvex;

/** An id of a tournament that no longer exists. */
async function goneTournamentId(): Promise<Id<"tournaments">> {
  return await t.run(async (ctx) => {
    const id = await ctx.db.insert("tournaments", createTournament({ createdBy: "x", now: 0 }));
    await ctx.db.delete("tournaments", id);
    return id;
  });
}
let admin: Awaited<ReturnType<typeof personas>>["asAdmin"];
let ids: Id<"servers">[];

beforeAll(async () => {
  sim = await startTestSimulator({ downtimeMs: 300, servers: [{}, {}, {}] });
  // No background polling during these tests: the request counters must show only our calls.
  let who;
  ({ t, who, ids } = await seededWorld(sim));
  admin = who.asAdmin;
});
afterAll(async () => {
  await sim.stop();
});
beforeEach(async () => {
  await sim.reset();
});

const kinds = [
  ["HTTP plugin API", 0],
  ["RCON proxy", 1],
  ["direct RCON", 2],
] as const;

async function until(check: () => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 5));
  }
}

function humanOf(server: SimServerHandle) {
  const p = server.world.connected().find((x) => !x.isBot && x.side !== "SPEC");
  if (!p) throw new Error("no human player on the simulator");
  return p;
}

async function toggles(serverId: Id<"servers">) {
  return await t.query(api.serverControl.toggles, { serverId });
}

describe.each(kinds)("actions over the %s", (_label, index) => {
  const server = () => sim.servers[index]!;
  const serverId = () => ids[index]!;

  test("map, workshop map and game mode change what the server reports", async () => {
    await admin.action(api.serverControl.changeMap, { serverId: serverId(), map: "de_ancient" });
    expect(server().state().map).toBe("de_ancient");
    await admin.action(api.serverControl.gameMode, { serverId: serverId(), mode: "wingman" });
    expect(server().state()).toMatchObject({ mode: "wingman", gameType: 0, gameModeNum: 2 });
    await admin.action(api.serverControl.workshopMap, {
      serverId: serverId(),
      workshopId: "3070549948",
    });
    expect(server().state().map).toMatch(/aim_map|3070549948/);
  });

  test("removing the bots leaves only the humans, and they do not refill", async () => {
    await admin.action(api.serverControl.command, { serverId: serverId(), command: "bot_add_ct" });
    expect(server().state().players.bots).toBeGreaterThan(0);
    const humans = server().state().players.humans;
    const result = await admin.action(api.serverControl.botKick, { serverId: serverId() });
    expect(result.action).toBe("botKick");
    expect(server().state().players).toMatchObject({ bots: 0, humans });
    sim.advance(30);
    expect(server().state().players.bots).toBe(0);
  });

  test("a report typed in game is answered with the fixed line; an offline server is only a state", async () => {
    const said = () =>
      server()
        .state()
        .chat.filter((l) => l.message === REPORT_REPLY);
    const reply = () => t.action(internal.conduct.replyToReport, { serverId: serverId() });
    expect(await reply()).toBe("sent");
    expect(said()).toHaveLength(1);
    await server().faults.set({ offline: true });
    try {
      expect(await reply()).toBe("failed");
    } finally {
      await server().faults.set({ offline: false });
    }
    expect(said()).toHaveLength(1);
  });

  test("toggles are sent, stored only on success, and kept in sync by typed commands", async () => {
    await admin.action(api.serverControl.friendlyfire, {
      serverId: serverId(),
      enabled: true,
    });
    expect(server().state().toggles.friendlyfire).toBe(true);
    expect((await toggles(serverId())).friendlyfire).toBe(true);
    await admin.action(api.serverControl.bhop, {
      serverId: serverId(),
      enabled: true,
    });
    expect(server().state().toggles.bhop).toBe(true);
    await admin.action(api.serverControl.cheats, { serverId: serverId(), enabled: true });
    expect(server().state().toggles.cheats).toBe(true);
    await admin.action(api.serverControl.command, {
      serverId: serverId(),
      command: "sv_cheats 0",
    });
    expect(server().state().toggles.cheats).toBe(false);
    expect((await toggles(serverId())).cheats).toBe(false);

    // The panel talks HTTP to the plugin (server1) or to the proxy (server2), TCP to server3:
    // fail that hop.
    if (index === 1) await sim.proxy.faults.set({ errorRate: 1 });
    else await server().faults.set(index === 0 ? { errorRate: 1 } : { offline: true });
    await expect(
      admin.action(api.serverControl.autobalance, {
        serverId: serverId(),
        enabled: false,
      }),
    ).rejects.toMatchObject({ data: { code: "GAME_SERVER" } });
    expect((await toggles(serverId())).autobalance).toBe(true);
  });

  test("pause, restart, warmup, password, config, cvar and chat", async () => {
    await admin.action(api.serverControl.skipWarmup, { serverId: serverId() });
    expect(server().state().phase).not.toBe("warmup");
    await admin.action(api.serverControl.isPaused, {
      serverId: serverId(),
      enabled: true,
    });
    expect(server().state().toggles.paused).toBe(true);
    await admin.action(api.serverControl.isPaused, {
      serverId: serverId(),
      enabled: false,
    });
    expect(server().state().toggles.paused).toBe(false);
    sim.advance(60);
    await admin.action(api.serverControl.restartGame, { serverId: serverId() });
    expect(server().state()).toMatchObject({ scoreCT: 0, scoreT: 0 });
    await admin.action(api.serverControl.setPassword, {
      serverId: serverId(),
      password: "Scrim#2026",
    });
    expect(server().state()).toMatchObject({ passwordProtected: true, password: "Scrim#2026" });
    await admin.action(api.serverControl.removePassword, { serverId: serverId() });
    expect(server().state().passwordProtected).toBe(false);
    await admin.action(api.serverControl.execConfig, {
      serverId: serverId(),
      config: "knife_only",
    });
    expect(server().state().lastExec).toMatch(/knife_only/);
    await admin.action(api.serverControl.cvar, {
      serverId: serverId(),
      cvar: "mp_friendlyfire",
      value: "1",
    });
    expect(server().state().toggles.friendlyfire).toBe(true);
    await admin.action(api.serverControl.say, { serverId: serverId(), message: "Гра о 20:00!" });
    expect(
      server().state().chat.at(-1)?.message ?? JSON.stringify(server().state().chat.at(-1)),
    ).toContain("Гра о 20:00!");
  });

  test("kick, ban (listed with the nickname), unban", async () => {
    const target = humanOf(server());
    await t.action(internal.poller.tick, {
      serverId: serverId(),
      generation: -1, // a stray tick: it only fetches; players snapshot comes from the next line
      target: (await t.query(internal.serverControl.targetOf, { serverId: serverId() }))!.target,
      withPlayers: true,
    });
    await admin.action(api.moderation.ban, {
      serverId: serverId(),
      steamId: target.steamId,
      duration: 0,
    });
    expect(
      server()
        .state()
        .bans.map((b) => b.steamId),
    ).toContain(target.steamId);
    const list = await admin.action(api.moderation.banList, { serverId: serverId() });
    expect(list.find((b) => b.steamId === target.steamId)).toMatchObject({ durationMinutes: 0 });
    await admin.action(api.moderation.unban, { serverId: serverId(), steamId: target.steamId });
    expect(
      server()
        .state()
        .bans.map((b) => b.steamId),
    ).not.toContain(target.steamId);

    const other = humanOf(server());
    await admin.action(api.moderation.kick, { serverId: serverId(), steamId: other.steamId });
    expect(server().world.find(other.steamId)?.connected).toBe(false);
  });

  test("reset stats, restart services and update take the server down briefly", async () => {
    sim.advance(60);
    await admin.action(api.serverControl.resetStats, { serverId: serverId() });
    expect(
      server()
        .world.connected()
        .every((p) => p.stats.kills === 0),
    ).toBe(true);
    await admin.action(api.serverControl.restartServices, { serverId: serverId() });
    await until(() => server().state().restarting);
    await until(() => server().state().online && !server().state().restarting);
    await admin.action(api.serverControl.serverUpdate, { serverId: serverId() });
    await until(() => server().state().restarting);
    await until(() => server().state().online && !server().state().restarting);
  });

  test("every action leaves an audit entry with user, server and outcome", async () => {
    await admin.action(api.serverControl.changeMap, { serverId: serverId(), map: "de_nuke" });
    await server().faults.set({ offline: true });
    await expect(
      admin.action(api.serverControl.changeMap, { serverId: serverId(), map: "de_dust2" }),
    ).rejects.toThrow();
    const log = await t.run((ctx) =>
      ctx.db.query("auditLog").withIndex("by_at").order("desc").take(2),
    );
    expect(log[0]).toMatchObject({ action: "changeMap", outcome: "failure", username: "Olena" });
    expect(log[1]).toMatchObject({ action: "changeMap", outcome: "success", details: "de_nuke" });
    expect(log[0]!.serverName).toBe(`Server #${index + 1}`);
  });
});

describe("failure messages", () => {
  test("plugin failures carry the action name; proxy failures say (RCON)", async () => {
    await sim.servers[0]!.faults.set({ errorRate: 1 });
    await expect(
      admin.action(api.serverControl.restartGame, { serverId: ids[0]! }),
    ).rejects.toMatchObject({
      data: {
        message: expect.stringMatching(/^Помилка виконання дії "Перезапуск гри": API Error 500/),
        // The panel words it: the action by its name, what went wrong as the server said it.
        key: "refusal.actions.failed",
        params: { action: "restartGame", message: expect.stringMatching(/^API Error 500/) },
      },
    });
    await sim.proxy.faults.set({ errorRate: 1 });
    await expect(
      admin.action(api.serverControl.restartGame, { serverId: ids[1]! }),
    ).rejects.toMatchObject({
      data: {
        message: expect.stringMatching(
          /^Помилка виконання дії "Перезапуск гри" \(RCON\): RCON-проксі відповів помилкою 500$/,
        ),
        key: "refusal.actions.failedRcon",
        params: { action: "restartGame" },
      },
    });
    await sim.proxy.faults.set({ errorRate: 0 });
    await sim.servers[1]!.faults.set({ offline: true });
    await expect(
      admin.action(api.serverControl.gameMode, { serverId: ids[1]!, mode: "casual" }),
    ).rejects.toMatchObject({
      data: {
        message: expect.stringMatching(/^Помилка при зміні режиму: /),
        key: "refusal.actions.modeFailed",
        params: { action: "gameMode" },
      },
    });
  });

  test("a check's refusal and a command the server does not know carry their keys", async () => {
    await expect(
      admin.action(api.serverControl.gameMode, { serverId: ids[1]!, mode: "zombies" }),
    ).rejects.toMatchObject({
      data: {
        code: "INVALID_INPUT",
        message: "Помилка при зміні режиму: Невідомий режим гри: zombies",
        key: "refusal.actions.modeFailed",
        params: {
          action: "gameMode",
          message: "Невідомий режим гри: zombies",
          reason: "refusal.actions.unknownMode",
          reason_mode: "zombies",
        },
      },
    });
    await expect(
      admin.action(api.serverControl.changeMap, { serverId: ids[1]!, map: "de_nowhere" }),
    ).rejects.toMatchObject({
      data: {
        message: 'Помилка виконання дії "Зміна мапи": Оберіть мапу з випадаючого списку',
        key: "refusal.actions.failed",
        params: { action: "changeMap", reason: "refusal.actions.pickMap" },
      },
    });
    const result = await admin.action(api.serverControl.command, {
      serverId: ids[1]!,
      command: "css_nosuch 1",
    });
    expect(result).toMatchObject({
      warning: "Сервер не знає команди «css_nosuch».",
      warningKey: "refusal.actions.unknownCommand",
      warningParams: { command: "css_nosuch" },
    });
  });

  test("launch with team assignment is refused over the proxy, with a clear message", async () => {
    const { api: generated } = await import("./_generated/api");
    await expect(
      admin.action(generated.tournamentLaunch.launch, {
        serverId: ids[1]!,
        tournamentId: await goneTournamentId(),
        mode: "wingman",
        mapIndex: 0,
      }),
    ).rejects.toMatchObject({
      data: { code: "NOT_FOUND" }, // no such tournament: refused before any request
    });
  });
});

describe("hostile input never reaches a game server", () => {
  const hostile: [string, (id: Id<"servers">) => Promise<unknown>][] = [
    [
      "command chaining",
      (id) => admin.action(api.serverControl.command, { serverId: id, command: "say hi; quit" }),
    ],
    [
      "newline",
      (id) => admin.action(api.serverControl.command, { serverId: id, command: "say a\nquit" }),
    ],
    [
      "NUL",
      (id) => admin.action(api.serverControl.command, { serverId: id, command: "say a\0quit" }),
    ],
    ["quit", (id) => admin.action(api.serverControl.command, { serverId: id, command: "quit" })],
    [
      "rcon_password",
      (id) => admin.action(api.serverControl.command, { serverId: id, command: "rcon_password x" }),
    ],
    [
      "over-long command",
      (id) => admin.action(api.serverControl.command, { serverId: id, command: "x".repeat(331) }),
    ],
    [
      "chat with ;",
      (id) => admin.action(api.serverControl.say, { serverId: id, message: "a; quit" }),
    ],
    [
      "over-long chat",
      (id) => admin.action(api.serverControl.say, { serverId: id, message: "я".repeat(101) }),
    ],
    [
      "map injection",
      (id) => admin.action(api.serverControl.changeMap, { serverId: id, map: "de_nuke;quit" }),
    ],
    [
      "workshop injection",
      (id) => admin.action(api.serverControl.workshopMap, { serverId: id, workshopId: "1;quit" }),
    ],
    [
      "config traversal",
      (id) => admin.action(api.serverControl.execConfig, { serverId: id, config: "../autoexec" }),
    ],
    [
      "password with quote",
      (id) => admin.action(api.serverControl.setPassword, { serverId: id, password: 'a";quit' }),
    ],
    [
      "cvar injection",
      (id) =>
        admin.action(api.serverControl.cvar, {
          serverId: id,
          cvar: "sv_cheats",
          value: "1;quit",
        }),
    ],
    [
      "unknown mode",
      (id) => admin.action(api.serverControl.gameMode, { serverId: id, mode: "zombies" }),
    ],
    [
      "bad steam id",
      (id) => admin.action(api.moderation.kick, { serverId: id, steamId: "123 ; quit" }),
    ],
    [
      "negative ban",
      (id) =>
        admin.action(api.moderation.ban, {
          serverId: id,
          steamId: "76561198000000001",
          duration: -5,
        }),
    ],
  ];

  test.each(hostile)(
    "%s: refused as INVALID_INPUT, nothing sent, failure audited",
    async (_name, call) => {
      for (const id of ids) {
        const before = sim.servers.map((s) => s.counters.snapshot().total + 0);
        const proxyBefore = sim.proxy.counters.snapshot().total;
        await expect(call(id)).rejects.toMatchObject({ data: { code: "INVALID_INPUT" } });
        expect(sim.servers.map((s) => s.counters.snapshot().total)).toEqual(before);
        expect(sim.proxy.counters.snapshot().total).toBe(proxyBefore);
      }
      const last = await t.run((ctx) =>
        ctx.db.query("auditLog").withIndex("by_at").order("desc").first(),
      );
      expect(last?.outcome).toBe("failure");
    },
  );
});
