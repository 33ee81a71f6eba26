/**
 * Names every JS object inherits (`__proto__`, `constructor`, ...) typed wherever the simulator
 * looks input up in a table: console commands, cvars, configs, maps, game modes, faults, routes.
 * Each must get a clear error answer, change nothing, and leave the simulator answering. Before
 * the own-key lookups, `__proto__` raised `handler is not a function`, and over RCON that uncaught
 * error ended the whole process.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type WireCommandResult,
  type WireError,
  type WireLaunchGame,
  type WireMatch,
} from "../../convex/lib/gameApi";
import { Cvars } from "../../dev/sim/cvars";
import { type SimServerState } from "../../dev/sim/game-server";
import { SERVERDATA_AUTH, SERVERDATA_EXECCOMMAND } from "../../convex/gameServer/rconCodec";
import { type SimHandle } from "../../dev/sim/simulator";
import { RawRcon, keyHeader, proxyHeaders, request, startTestSim } from "./helpers";

const NAMES = ["__proto__", "constructor", "toString", "valueOf", "hasOwnProperty"] as const;

/** Console lines that look `name` up in a table, and what the console must print for each. */
function consoleCases(name: string): Array<[command: string, output: string]> {
  return [
    [name, `Unknown command "${name}"`],
    [`${name} 1`, `Unknown command "${name}"`],
    [`exec ${name}`, `exec: couldn't exec ${name}.cfg`],
    [`exec ${name}.cfg`, `exec: couldn't exec ${name}.cfg`],
    [`game_alias ${name}`, `game_alias: unknown alias "${name}"`],
    [`changelevel ${name}`, `changelevel failed: ${name} not found`],
    [`ds_workshop_changelevel ${name}`, `ds_workshop_changelevel failed: ${name} not found`],
    [`css_unban ${name}`, `css_unban: ${name} is not banned`],
  ];
}

let sim: SimHandle;
const server = () => sim.servers[0]!;
const proxied = () => sim.servers[1]!;
const open: RawRcon[] = [];

/** What must not move: the server's whole observable state (the clock is frozen by tickMs 0). */
const snapshot = (s = server()): SimServerState => s.state();

async function stillAnswers(): Promise<void> {
  const http = await request<WireMatch>(`${server().apiUrl}/match`);
  expect(http.status).toBe(200);
  expect(http.body.mapName).toBe(server().world.map);
  const proxy = await request<WireMatch>(`${sim.proxyUrl}/rcon/match`, {
    headers: proxyHeaders(proxied()),
  });
  expect(proxy.status).toBe(200);
  const rcon = await authedRcon(server().rconPort, server().config.rconPassword);
  rcon.send(99, SERVERDATA_EXECCOMMAND, "echo still here");
  expect((await rcon.waitFor(1))[0]).toMatchObject({ id: 99, body: "still here" });
}

async function authedRcon(port: number, password: string): Promise<RawRcon> {
  const c = await RawRcon.connect(port);
  open.push(c);
  c.send(1, SERVERDATA_AUTH, password);
  await c.waitFor(1);
  c.packets.length = 0;
  return c;
}

beforeAll(async () => {
  sim = await startTestSim();
});
afterAll(async () => {
  for (const c of open) c.close();
  await sim.stop();
});

describe("Object.prototype names as input", () => {
  it("are not cvars", () => {
    for (const name of NAMES) {
      expect(Cvars.isCvar(name)).toBe(false);
      expect(() => server().world.cvars.set(name, "1")).toThrow(/Unknown cvar/);
    }
  });

  it.each(NAMES)(
    "%s as console commands over real RCON TCP: one clear reply each",
    async (name) => {
      const before = snapshot();
      const c = await authedRcon(server().rconPort, server().config.rconPassword);
      const cases = consoleCases(name);
      cases.forEach(([command], i) => c.send(100 + i, SERVERDATA_EXECCOMMAND, command));
      const replies = await c.waitFor(cases.length);
      expect(replies.map((p) => [p.id, p.body])).toEqual(
        cases.map(([, output], i) => [100 + i, output]),
      );
      // The same session goes on answering.
      c.send(200, SERVERDATA_EXECCOMMAND, "echo next");
      expect((await c.waitFor(cases.length + 1)).at(-1)).toMatchObject({ id: 200, body: "next" });
      expect(snapshot()).toEqual(before);
      await stillAnswers();
    },
  );

  it.each(NAMES)("%s over the plugin HTTP API: /private/command, /cvar", async (name) => {
    const before = snapshot();
    for (const [command, output] of consoleCases(name)) {
      const res = await request<WireCommandResult>(`${server().apiUrl}/private/command`, {
        headers: keyHeader(server()),
        body: { command },
      });
      expect(res).toEqual({ status: 200, body: { success: true, result: output } });
    }
    const cvar = await request<WireError>(`${server().apiUrl}/private/cvar`, {
      method: "PUT",
      headers: keyHeader(server()),
      body: { cvar: name, value: 1 },
    });
    expect(cvar).toEqual({ status: 400, body: { error: "Unknown cvar", details: name } });
    expect(snapshot()).toEqual(before);
    await stillAnswers();
  });

  it.each(NAMES)("%s over the RCON proxy's /rcon/command", async (name) => {
    const before = snapshot(proxied());
    for (const [command, output] of consoleCases(name)) {
      const res = await request<WireCommandResult>(`${sim.proxyUrl}/rcon/command`, {
        headers: proxyHeaders(proxied()),
        body: { command },
      });
      expect(res).toEqual({ status: 200, body: { success: true, result: output } });
    }
    expect(snapshot(proxied())).toEqual(before);
    await stillAnswers();
  });

  it.each(NAMES)("%s as launch_game mode or map: 400, nothing launched", async (name) => {
    const before = snapshot();
    const game: WireLaunchGame = {
      Mode: "wingman",
      Map: "de_nuke",
      TeamA: { Side: "CT", Players: ["a"] },
      TeamB: { Side: "T", Players: ["b"] },
    };
    const launch = (body: unknown) =>
      request<WireError>(`${server().apiUrl}/private/launch_game`, {
        headers: keyHeader(server()),
        body,
      });
    const mode = await launch({ ...game, Mode: name });
    expect(mode.status).toBe(400);
    expect(mode.body.error).toBe("Unknown game mode");
    const map = await launch({ ...game, Map: name });
    expect(map.status).toBe(400);
    expect(map.body.error).toBe("Unknown map");
    expect(snapshot()).toEqual(before);
    await stillAnswers();
  });

  it.each(NAMES)("%s in HTTP paths: 400/404, not a route or a criterion", async (name) => {
    const api = server().apiUrl;
    expect((await request<WireError>(`${api}/${name}`)).status).toBe(404);
    expect((await request<WireError>(`${api}/players/${name}`)).body.error).toBe(
      "Invalid SteamID64",
    );
    expect((await request<WireError>(`${api}/players/top/${name}`)).body.error).toBe(
      "Invalid criterion",
    );
    expect((await request<WireError>(`${sim.controlUrl}/servers/${name}/state`)).status).toBe(404);
    await stillAnswers();
  });

  it.each(NAMES)("%s through the control API: console line, fault name", async (name) => {
    const before = snapshot();
    for (const [command, output] of consoleCases(name)) {
      const res = await request<WireCommandResult>(`${sim.controlUrl}/servers/server1/console`, {
        body: { command },
      });
      expect(res).toEqual({ status: 200, body: { success: true, result: output } });
    }
    // Raw JSON: `{"__proto__": 0.5}` is an own key once parsed, as it would be from any client.
    const fault = await request<WireError>(`${sim.controlUrl}/servers/server1/faults`, {
      method: "PUT",
      body: `{${JSON.stringify(name)}: 0.5}`,
    });
    expect(fault).toEqual({
      status: 400,
      body: { error: "Invalid fault", details: `Unknown fault "${name}"` },
    });
    expect(snapshot()).toEqual(before);
    expect(Object.keys(server().faults.get()).sort()).toEqual(
      [
        "errorRate",
        "invalidJsonRate",
        "latencyMs",
        "offline",
        "timeoutRate",
        "rconSplitBytes",
        "rconDropMidReplyRate",
        "rconStallLevelChangeRate",
        "rconLegacyAuth",
      ].sort(),
    );
    await stillAnswers();
  });
});

describe("an exception inside a handler is answered, never fatal", () => {
  it("a console command that throws prints an error line (RCON and HTTP)", async () => {
    const world = server().world;
    const original = world.changeMap.bind(world);
    world.changeMap = () => {
      throw new Error("boom");
    };
    try {
      const c = await authedRcon(server().rconPort, server().config.rconPassword);
      c.send(5, SERVERDATA_EXECCOMMAND, "changelevel de_nuke");
      c.send(6, SERVERDATA_EXECCOMMAND, "echo after");
      expect((await c.waitFor(2)).map((p) => [p.id, p.body])).toEqual([
        [5, 'Error in command "changelevel": boom'],
        [6, "after"],
      ]);
      const http = await request<WireCommandResult>(`${server().apiUrl}/private/command`, {
        headers: keyHeader(server()),
        body: { command: "map de_nuke" },
      });
      expect(http).toEqual({
        status: 200,
        body: { success: true, result: 'Error in command "map": boom' },
      });
    } finally {
      world.changeMap = original;
    }
    await stillAnswers();
  });

  it("an RCON packet whose handling throws gets an error reply; the session goes on", async () => {
    const engine = server().console;
    const original = engine.exec.bind(engine);
    engine.exec = (line) => {
      if (line === "explode") throw new Error("kaboom");
      return original(line);
    };
    try {
      const c = await authedRcon(server().rconPort, server().config.rconPassword);
      c.send(7, SERVERDATA_EXECCOMMAND, "explode");
      c.send(8, SERVERDATA_EXECCOMMAND, "echo survived");
      expect((await c.waitFor(2)).map((p) => [p.id, p.body])).toEqual([
        [7, "Error: kaboom"],
        [8, "survived"],
      ]);
      // Through the proxy the error line is the command's output.
      const target = proxied().console;
      const originalTarget = target.exec.bind(target);
      target.exec = (line) => {
        if (line === "explode") throw new Error("kaboom");
        return originalTarget(line);
      };
      try {
        const proxy = await request<WireCommandResult>(`${sim.proxyUrl}/rcon/command`, {
          headers: proxyHeaders(proxied()),
          body: { command: "explode" },
        });
        expect(proxy).toEqual({ status: 200, body: { success: true, result: "Error: kaboom" } });
      } finally {
        target.exec = originalTarget;
      }
    } finally {
      engine.exec = original;
    }
    await stillAnswers();
  });

  it("an HTTP handler that throws answers 500 JSON and the server keeps serving", async () => {
    const world = server().world;
    const original = world.wirePlayers.bind(world);
    world.wirePlayers = () => {
      throw new TypeError("handler is not a function");
    };
    try {
      expect(await request(`${server().apiUrl}/players`)).toEqual({
        status: 500,
        body: { error: "Internal error" },
      });
      // The RCON proxy's JSON reads go through the same console command: an error, not a crash.
      const proxy = await request<WireError>(`${sim.proxyUrl}/rcon/players`, {
        headers: proxyHeaders(server()),
      });
      expect(proxy.status).toBe(502);
      expect(proxy.body.details).toContain("handler is not a function");
    } finally {
      world.wirePlayers = original;
    }
    await stillAnswers();
  });

  it("a throwing after-response hook is logged, not fatal", async () => {
    const s = server();
    const original = s.restartServices.bind(s);
    s.restartServices = () => {
      throw new Error("restart failed");
    };
    try {
      const res = await request<WireCommandResult>(`${s.apiUrl}/private/_restart`, {
        headers: keyHeader(s),
        body: {},
      });
      expect(res).toEqual({
        status: 200,
        body: { success: true, message: "Services restarting" },
      });
    } finally {
      s.restartServices = original;
    }
    await stillAnswers();
  });
});
