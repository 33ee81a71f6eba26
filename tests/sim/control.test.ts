import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type WireError, type WirePlayer, type WirePlayers } from "../../convex/lib/gameApi";
import { type CounterSnapshot, type Faults } from "../../dev/sim/faults";
import { type SimServerState } from "../../dev/sim/game-server";
import { RconClient } from "../../convex/gameServer/rconClient";
import { type SimHandle } from "../../dev/sim/simulator";
import { keyHeader, request, startTestSim } from "./helpers";

let sim: SimHandle;
const server = () => sim.servers[0]!;
const control = (path: string) => `${sim.controlUrl}${path}`;

beforeAll(async () => {
  sim = await startTestSim();
});
afterAll(async () => {
  await sim.stop();
});

describe("control API and counters", () => {
  it("lists the servers and the proxy", async () => {
    const { body } = await request<{
      servers: Array<{ id: string; apiUrl: string; online: boolean }>;
    }>(control(""));
    expect(body.servers.map((s) => [s.id, s.apiUrl, s.online])).toEqual([
      ["server1", server().apiUrl, true],
      ["server2", sim.servers[1]!.apiUrl, true],
    ]);
  });

  it("counts requests per endpoint with totals, and resets", async () => {
    server().counters.reset();
    const api = server().apiUrl;
    await request(`${api}/status`);
    await request(`${api}/status`);
    await request(`${api}/players/76561198000000001`);
    await request(`${api}/nowhere`);
    await request(`${api}/private/banlist`, { headers: keyHeader(server()) });
    const client = await RconClient.connect({
      host: "127.0.0.1",
      port: server().rconPort,
      password: server().config.rconPassword,
    });
    await client.exec("status");
    await client.close();
    const { body } = await request<CounterSnapshot>(control("/servers/server1/counters"));
    expect(body.byEndpoint).toEqual({
      "GET /api/status": 2,
      "GET /api/players/:steamId": 1,
      "GET (unmatched)": 1,
      "GET /api/private/banlist": 1,
      "RCON auth": 1,
      "RCON exec status": 1,
      // The client's sentinel after each command (convex/gameServer/rconClient.ts).
      "RCON exec (empty)": 1,
    });
    expect([body.total, body.http, body.rcon]).toEqual([8, 5, 3]);
    await request(control("/servers/server1/counters/reset"), { body: {} });
    expect(server().counters.snapshot().total).toBe(0);
  });

  it("sets, reads and resets faults; rejects bad values with 400", async () => {
    const set = await request<Faults>(control("/servers/server1/faults"), {
      method: "PUT",
      body: { latencyMs: 5, errorRate: 0.25 },
    });
    expect(set.body).toMatchObject({ latencyMs: 5, errorRate: 0.25, offline: false });
    expect(
      (await request(control("/servers/server1/faults"), { method: "PUT", body: { errorRate: 3 } }))
        .status,
    ).toBe(400);
    expect(
      (await request(control("/servers/server1/faults"), { method: "PUT", body: { nonsense: 1 } }))
        .status,
    ).toBe(400);
    const reset = await request<Faults>(control("/servers/server1/faults/reset"), { body: {} });
    expect(reset.body).toEqual({
      latencyMs: 0,
      errorRate: 0,
      invalidJsonRate: 0,
      timeoutRate: 0,
      offline: false,
      rconSplitBytes: 0,
      rconDropMidReplyRate: 0,
      rconStallLevelChangeRate: 0,
      rconLegacyAuth: false,
    });
  });

  it("takes a server offline and back while staying reachable itself", async () => {
    await request(control("/servers/server2/faults"), { method: "PUT", body: { offline: true } });
    const state = await request<SimServerState>(control("/servers/server2/state"));
    expect(state.body.online).toBe(false);
    await request(control("/servers/server2/faults"), { method: "PUT", body: { offline: false } });
    expect((await request(`${sim.servers[1]!.apiUrl}/status`)).status).toBe(200);
  });

  it("reports state: map, mode, password, toggles, bans, chat", async () => {
    const run = (command: string) =>
      request(control("/servers/server1/console"), { body: { command } });
    await run("changelevel de_dust2");
    await run("game_alias wingman");
    await run('sv_password "pw"');
    await run("sv_cheats 1");
    await run("say hello");
    await run("css_addban 76561198000000005 10 test");
    const { body } = await request<SimServerState>(control("/servers/server1/state"));
    expect(body).toMatchObject({
      map: "de_dust2",
      mode: "wingman",
      gameType: 0,
      gameModeNum: 2,
      passwordProtected: true,
    });
    expect(body.toggles.cheats).toBe(true);
    expect(body.bans.map((b) => b.steamId)).toEqual(["76561198000000005"]);
    expect(body.chat.at(-1)).toMatchObject({ name: "Console", message: "hello" });
  });

  it("advances the simulation and skips time", async () => {
    const adv = await request<SimServerState>(control("/servers/server1/advance"), {
      body: { ticks: 30 },
    });
    expect(adv.body.round).toBeGreaterThan(0);
    expect(
      (await request(control("/servers/server1/advance"), { body: { ticks: 0 } })).status,
    ).toBe(400);
    const before = sim.clock.now();
    await request(control("/time/skip"), { body: { ms: 3_600_000 } });
    expect(sim.clock.now() - before).toBeGreaterThanOrEqual(3_600_000);
  });

  it("controls the proxy's faults and counters, and resets everything", async () => {
    await request(control("/proxy/faults"), { method: "PUT", body: { errorRate: 1 } });
    expect((await request(`${sim.proxyUrl}/rcon/match`)).status).toBe(500);
    const counters = await request<CounterSnapshot>(control("/proxy/counters"));
    expect(counters.body.byEndpoint["GET /rcon/match"]).toBe(1);
    await request(control("/reset"), { body: {} });
    expect(sim.proxy.faults.get().errorRate).toBe(0);
    expect(sim.proxy.counters.snapshot().total).toBe(0);
  });

  it("connects a human with the given name, exactly as sent, in place of a bot", async () => {
    const name = '<img src=x onerror="alert(1)"> \u202Eevil\u202C a\u200Bb';
    const bots = () => sim.servers[1]!.world.connected().filter((p) => p.isBot).length;
    const before = bots();
    const res = await request<WirePlayer>(control("/servers/server2/players"), {
      body: { name, side: "CT", steamId: "76561198000004242" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      steamId: "76561198000004242",
      name,
      team: "Counter-Terrorist",
    });
    const players = await request<WirePlayers>(`${sim.servers[1]!.apiUrl}/players`);
    expect(players.body.counterTerrorists.map((p) => p.name)).toContain(name);
    expect(bots()).toBe(before - 1);
    // Without side or id: the smaller side and a fresh SteamID64.
    const plain = await request<WirePlayer>(control("/servers/server2/players"), {
      body: { name: "second" },
    });
    expect(plain.status).toBe(201);
    expect(plain.body.steamId).not.toBe("76561198000004242");
  });

  it.each([
    [{}, 400, "Invalid name"],
    [{ name: "   " }, 400, "Invalid name"],
    [{ name: "x".repeat(65) }, 400, "Invalid name"],
    [{ name: "line\nbreak" }, 400, "Invalid name"],
    [{ name: "ok", side: "__proto__" }, 400, "Invalid side"],
    [{ name: "ok", side: "constructor" }, 400, "Invalid side"],
    [{ name: "ok", steamId: "123" }, 400, "Invalid SteamID64"],
    [{ name: "ok", steamId: "76561198000004242" }, 409, "Player exists"],
  ])("refuses a player body %j with %i %s", async (body, status, error) => {
    const count = sim.servers[1]!.world.players.length;
    const res = await request<WireError>(control("/servers/server2/players"), { body });
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(error);
    expect(sim.servers[1]!.world.players).toHaveLength(count);
  });

  it("404 for an unknown server id", async () => {
    expect((await request(control("/servers/nope/state"))).status).toBe(404);
  });
});
