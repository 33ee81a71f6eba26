import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type WireCommandResult,
  type WireError,
  type WireMatch,
  type WirePlayers,
  type WireStatus,
  type WireSummary,
} from "../../convex/lib/gameApi";
import {
  MAX_CLIENT_PACKET_SIZE,
  PacketDecoder,
  SERVERDATA_AUTH,
  encodePacket,
} from "../../convex/gameServer/rconCodec";
import { type SimHandle } from "../../dev/sim/simulator";
import { proxyHeaders, request, startTestSim } from "./helpers";

let sim: SimHandle;
const server = () => sim.servers[1]!;
const rcon = <T>(path: string, init: { headers?: Record<string, string>; body?: unknown } = {}) =>
  request<T>(`${sim.proxyUrl}/rcon/${path}`, { headers: proxyHeaders(server()), ...init });

beforeAll(async () => {
  sim = await startTestSim({ rconTimeoutMs: 300 });
  sim.advance(60);
});
afterAll(async () => {
  await sim.stop();
});

/** The match without its clocks, which count the part of a second since the last tick. */
function withoutClocks({ timeLeftSec: _t, bombTimeLeftSec: _b, ...rest }: WireMatch) {
  return rest;
}

describe("RCON proxy", () => {
  it("GET /rcon/match|summary|players|status return the plugin JSON over real RCON", async () => {
    const w = server().world;
    expect(withoutClocks((await rcon<WireMatch>("match")).body)).toEqual(
      withoutClocks(w.wireMatch()),
    );
    expect((await rcon<WireSummary>("summary")).body).toEqual(w.wireSummary());
    const players = await rcon<WirePlayers>("players");
    expect(players.body.terrorists.map((p) => p.steamId)).toEqual(
      // Bots report SteamID "0", as on a real server.
      w.onSide("T").map((p) => (p.isBot ? "0" : p.steamId)),
    );
    expect((await rcon<WireStatus>("status")).body.serverName).toBe("CS2 Sim #2");
    const counters = server().counters.snapshot().byEndpoint;
    expect(counters["RCON exec css_panel_match"]).toBe(1);
    expect(counters["RCON auth"]).toBe(4);
  });

  it("POST /rcon/command runs the command on the target", async () => {
    const res = await rcon<WireCommandResult>("command", {
      body: { command: "changelevel de_ancient" },
    });
    expect(res).toEqual({
      status: 200,
      body: { success: true, result: "Changing level to de_ancient" },
    });
    expect((await request<WireMatch>(`${server().apiUrl}/match`)).body.mapName).toBe("de_ancient");
    const status = await rcon<WireCommandResult>("command", { body: { command: "status" } });
    expect(status.body.result).toContain("[1: de_ancient | main lump | mapload]");
  });

  it("401 when the RCON password is wrong", async () => {
    const res = await rcon<WireError>("match", { headers: proxyHeaders(server(), "bad") });
    expect(res).toEqual({
      status: 401,
      body: { error: "Unauthorized", details: "RCON auth failed" },
    });
  });

  it("400 when a target header is missing or malformed", async () => {
    const headers = proxyHeaders(server());
    const { ["X-Target-Port"]: _port, ...noPort } = headers;
    const missing = await rcon<WireError>("match", { headers: noPort });
    expect(missing).toEqual({
      status: 400,
      body: { error: "Missing header", details: "X-Target-Port" },
    });
    const bad = await rcon<WireError>("match", {
      headers: { ...headers, "X-Target-Port": "99999" },
    });
    expect(bad.body.error).toBe("Invalid header");
  });

  it("refuses separators (400) and blocked commands (403); 400 without command", async () => {
    expect((await rcon("command", { body: { command: "say hi; quit" } })).status).toBe(400);
    expect((await rcon("command", { body: { command: "say hi\nquit" } })).status).toBe(400);
    expect((await rcon<WireError>("command", { body: { command: "quit" } })).body.error).toBe(
      "Command blocked",
    );
    expect((await rcon<WireError>("command", { body: {} })).body.error).toBe("Missing command");
  });

  it("502 when the target port refuses connections", async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const res = await rcon<WireError>("match", {
      headers: { ...proxyHeaders(server()), "X-Target-Port": String(port) },
    });
    expect(res.status).toBe(502);
    expect(res.body.error).toBe("Bad Gateway");
    expect(res.body.details).toContain("ECONNREFUSED");
  });

  it("502 when the target is offline, 504 when it never answers", async () => {
    await server().faults.set({ offline: true });
    expect((await rcon<WireError>("players")).status).toBe(502);
    await server().faults.set({ offline: false, timeoutRate: 1 });
    const slow = await rcon<WireError>("players");
    expect(slow).toMatchObject({ status: 504, body: { error: "Gateway Timeout" } });
    await server().faults.reset();
    expect((await rcon("players")).status).toBe(200);
  });

  it("502 when the target has no panel plugin (the command is unknown, not JSON)", async () => {
    // A vanilla console: authenticates, but knows no css_panel_* commands.
    const vanilla = net.createServer((socket) => {
      const decoder = new PacketDecoder(MAX_CLIENT_PACKET_SIZE);
      socket.on("data", (chunk) => {
        for (const p of decoder.push(chunk)) {
          const body = p.type === SERVERDATA_AUTH ? "" : `Unknown command "${p.body}"`;
          socket.write(encodePacket({ id: p.id, type: p.type === SERVERDATA_AUTH ? 2 : 0, body }));
        }
      });
    });
    await new Promise<void>((resolve) => vanilla.listen(0, "127.0.0.1", resolve));
    const { port } = vanilla.address() as net.AddressInfo;
    const res = await rcon<WireError>("match", {
      headers: { ...proxyHeaders(server()), "X-Target-Port": String(port) },
    });
    expect(res.status).toBe(502);
    expect(res.body.details).toContain('Unknown command "css_panel_match"');
    await new Promise((resolve) => vanilla.close(resolve));
  });

  it("has its own faults and counters", async () => {
    sim.proxy.counters.reset();
    await sim.proxy.faults.set({ errorRate: 1 });
    expect(await rcon("match")).toEqual({
      status: 500,
      body: { error: "Internal error", details: "Injected fault" },
    });
    await sim.proxy.faults.reset();
    await rcon("match");
    expect(sim.proxy.counters.snapshot().byEndpoint).toEqual({ "GET /rcon/match": 2 });
  });
});
