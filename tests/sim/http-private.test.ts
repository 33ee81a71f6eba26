import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type WireBanList, type WireCommandResult, type WireError } from "../../convex/lib/gameApi";
import { type SimHandle } from "../../dev/sim/simulator";
import { keyHeader, request, startTestSim } from "./helpers";

let sim: SimHandle;
const server = () => sim.servers[0]!;
const api = (path: string) => `${server().apiUrl}/private${path}`;
const post = <T = WireCommandResult>(path: string, body?: unknown, method = "POST") =>
  request<T>(api(path), {
    method,
    headers: keyHeader(server()),
    ...(body === undefined ? {} : { body }),
  });
const human = () =>
  server()
    .world.connected()
    .find((p) => !p.isBot && p.side !== "SPEC")!;

beforeAll(async () => {
  sim = await startTestSim();
});
afterAll(async () => {
  await sim.stop();
});

describe("plugin HTTP API, private endpoints", () => {
  it("401 without or with a wrong X-API-Key, even before parsing the body", async () => {
    expect(await request(api("/banlist"))).toEqual({
      status: 401,
      body: { error: "Unauthorized" },
    });
    const wrong = await request(api("/command"), {
      headers: { "X-API-Key": "demo-key-2" },
      body: "{oops",
    });
    expect(wrong).toEqual({ status: 401, body: { error: "Unauthorized" } });
  });

  it("400 on a body that is not JSON", async () => {
    const res = await post<WireError>("/command", "{not json");
    expect(res).toMatchObject({ status: 400, body: { error: "Invalid JSON body" } });
  });

  it("POST /command runs the console and returns its output", async () => {
    const res = await post("/command", { command: "sv_cheats" });
    expect(res).toEqual({ status: 200, body: { success: true, result: "sv_cheats = false" } });
    expect((await post("/command", { command: "frob" })).body.result).toBe(
      'Unknown command "frob"',
    );
  });

  it("POST /command: 400 missing, 400 separators, 403 blocked", async () => {
    expect((await post<WireError>("/command", {})).body.error).toBe("Missing command");
    for (const command of ["say a; quit", "say a\nquit", "say a\rquit", "say a\u0000quit"]) {
      expect((await post("/command", { command })).status).toBe(400);
    }
    for (const command of [
      "quit",
      "EXIT",
      "rcon_password x",
      "_restart",
      "logaddress_add 1.2.3.4",
      "exec ../x",
    ]) {
      const res = await post<WireError>("/command", { command });
      expect(res.status, command).toBe(403);
      expect(res.body.error).toBe("Command blocked");
      expect(res.body.details).toBeTruthy();
    }
  });

  it("POST /players/{id}/kick moves the player to offline; 404 when not connected", async () => {
    const p = human();
    expect((await post(`/players/${p.steamId}/kick`)).body.success).toBe(true);
    expect(p.connected).toBe(false);
    expect((await post(`/players/${p.steamId}/kick`)).status).toBe(404);
    expect((await post(`/players/nope/kick`)).status).toBe(400);
  });

  it("POST /players/{id}/slay kills a live player and counts a death", async () => {
    server().world.match.phase = "freezetime";
    const p = human();
    p.alive = true;
    const deaths = p.stats.deaths;
    const res = await post(`/players/${p.steamId}/slay`);
    expect(res.body.result).toBe(`Slayed ${p.name}`);
    expect([p.alive, p.stats.deaths]).toEqual([false, deaths + 1]);
  });

  it("POST /say puts the message in the chat log; 400 when missing", async () => {
    expect((await post("/say", { message: "gl hf" })).body.result).toBe("Console: gl hf");
    expect(server().state().chat.at(-1)?.message).toBe("gl hf");
    expect((await post("/say", {})).status).toBe(400);
    expect((await post("/say", { message: "a;b" })).status).toBe(400);
  });

  it("PUT /cvar sets a cvar; 400 missing/unknown, 403 protected", async () => {
    const res = await post("/cvar", { cvar: "mp_friendlyfire", value: 1 }, "PUT");
    expect(res.body).toEqual({ success: true, result: "mp_friendlyfire = true" });
    expect(server().state().toggles.friendlyfire).toBe(true);
    expect((await post("/cvar", { cvar: "mp_friendlyfire" }, "PUT")).status).toBe(400);
    expect((await post("/cvar", { cvar: "no_such_cvar", value: 1 }, "PUT")).status).toBe(400);
    expect((await post("/cvar", { cvar: "rcon_password", value: "x" }, "PUT")).status).toBe(403);
  });

  it("toggle commands show up in the control state", async () => {
    for (const command of [
      "sv_cheats 1",
      "mp_pause_match",
      "mp_autoteambalance 0",
      "sv_autobunnyhopping 1",
      "sv_enablebunnyhopping 1",
    ]) {
      await post("/command", { command });
    }
    expect(server().state().toggles).toEqual({
      cheats: true,
      paused: true,
      autobalance: false,
      friendlyfire: true,
      bhop: true,
    });
    await post("/command", { command: "mp_unpause_match" });
    expect(server().state().toggles.paused).toBe(false);
  });

  it("map/warmup/skip, map/restart and restart (stats) act on the match", async () => {
    await post("/command", { command: "changelevel de_overpass" });
    await post("/map/warmup/skip");
    expect(server().world.wireMatch()).toMatchObject({ roundPhase: "freezetime", round: 1 });
    sim.advance(60);
    expect(server().world.wireSummary().totalKills).toBeGreaterThan(0);
    expect((await post("/restart")).body.success).toBe(true);
    expect(server().world.wireSummary().totalKills).toBe(0);
    server().world.match.scoreCT = 4;
    await post("/map/restart");
    expect(server().world.wireMatch()).toMatchObject({ scoreCT: 0, round: 1 });
  });

  it("GET /banlist returns {result: []} when nobody is banned", async () => {
    expect((await post<WireBanList>("/banlist", undefined, "GET")).body).toEqual({ result: [] });
  });

  it("sv_password through /command shows in /status", async () => {
    await post("/command", { command: 'sv_password "hunter2"' });
    expect(
      (await request<{ passwordProtected: boolean }>(`${server().apiUrl}/status`)).body
        .passwordProtected,
    ).toBe(true);
    await post("/command", { command: 'sv_password ""' });
    expect(server().state().passwordProtected).toBe(false);
  });
});
