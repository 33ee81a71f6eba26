import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type WireMatch } from "../../convex/lib/gameApi";
import {
  SERVERDATA_AUTH,
  SERVERDATA_AUTH_RESPONSE,
  SERVERDATA_EXECCOMMAND,
  SERVERDATA_RESPONSE_VALUE,
  TERMINATOR_BODY,
  encodePacket,
} from "../../convex/gameServer/rconCodec";
import { type SimHandle } from "../../dev/sim/simulator";
import { RawRcon, request, startTestSim } from "./helpers";

let sim: SimHandle;
const open: RawRcon[] = [];
const server = () => sim.servers[0]!;

async function authed(): Promise<RawRcon> {
  const c = await RawRcon.connect(server().rconPort);
  open.push(c);
  c.send(1, SERVERDATA_AUTH, server().config.rconPassword);
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

describe("Source RCON over TCP", () => {
  it("answers a good password with a single AUTH_RESPONSE carrying the request id", async () => {
    const c = await RawRcon.connect(server().rconPort);
    open.push(c);
    c.send(77, SERVERDATA_AUTH, server().config.rconPassword);
    c.send(78, SERVERDATA_EXECCOMMAND, "echo after-auth");
    const packets = await c.waitFor(2);
    // CS2 sends no leading empty RESPONSE_VALUE, unlike CS:GO.
    expect(packets[0]).toEqual({ id: 77, type: SERVERDATA_AUTH_RESPONSE, body: "" });
    expect(packets[1]).toEqual({ id: 78, type: SERVERDATA_RESPONSE_VALUE, body: "after-auth" });
  });

  it("answers a wrong password with id -1 and keeps refusing commands", async () => {
    const c = await RawRcon.connect(server().rconPort);
    open.push(c);
    c.send(5, SERVERDATA_AUTH, "nope");
    c.send(6, SERVERDATA_EXECCOMMAND, "status");
    const packets = await c.waitFor(2);
    expect(packets[0]).toEqual({ id: -1, type: SERVERDATA_AUTH_RESPONSE, body: "" });
    expect(packets[1]).toEqual({ id: 6, type: SERVERDATA_RESPONSE_VALUE, body: "" });
  });

  it("replies to EXEC before auth with an empty RESPONSE_VALUE", async () => {
    const c = await RawRcon.connect(server().rconPort);
    open.push(c);
    c.send(9, SERVERDATA_EXECCOMMAND, "changelevel de_anubis");
    expect(await c.waitFor(1)).toEqual([{ id: 9, type: SERVERDATA_RESPONSE_VALUE, body: "" }]);
    expect(server().world.map).not.toBe("de_anubis");
  });

  it("prints status in the CS2 layout", async () => {
    const c = await authed();
    c.send(2, SERVERDATA_EXECCOMMAND, "status");
    const [reply] = await c.waitFor(1);
    const lines = reply!.body.split("\n");
    expect(lines[0]).toBe(`Server:  Running [0.0.0.0:${server().rconPort}]`);
    expect(reply!.body).toContain(
      `loaded spawngroup(  1)  : SV:  [1: ${server().world.map} | main lump | mapload]`,
    );
    expect(reply!.body).toMatch(/^players {2}: \d+ humans, \d+ bots \(0 max\)/m);
    expect(reply!.body).toMatch(/^ {3}\d {6}BOT {4}0 {4}0 {5}active {6}0 '[^']+'$/m);
    expect(lines.at(-1)).toBe("#end");
  });

  it("changelevel over RCON changes the map the HTTP API reports", async () => {
    const c = await authed();
    c.send(3, SERVERDATA_EXECCOMMAND, "changelevel de_nuke");
    await c.waitFor(1);
    const match = await request<WireMatch>(`${server().apiUrl}/match`);
    expect(match.body.mapName).toBe("de_nuke");
    expect(match.body.round).toBe(0);
  });

  it("frames requests split across writes at awkward offsets", async () => {
    const c = await authed();
    const bytes = new Uint8Array([
      ...encodePacket({ id: 11, type: SERVERDATA_EXECCOMMAND, body: "echo one" }),
      ...encodePacket({ id: 12, type: SERVERDATA_EXECCOMMAND, body: "echo two" }),
    ]);
    for (const [from, to] of [
      [0, 2],
      [2, 7],
      [7, 20],
      [20, bytes.length],
    ] as const) {
      c.socket.write(bytes.subarray(from, to));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect((await c.waitFor(2)).map((p) => [p.id, p.body])).toEqual([
      [11, "one"],
      [12, "two"],
    ]);
  });

  it("handles auth and several commands coalesced into one write, in order", async () => {
    const c = await RawRcon.connect(server().rconPort);
    open.push(c);
    c.socket.write(
      new Uint8Array([
        ...encodePacket({ id: 1, type: SERVERDATA_AUTH, body: server().config.rconPassword }),
        ...encodePacket({ id: 2, type: SERVERDATA_EXECCOMMAND, body: "sv_cheats" }),
        ...encodePacket({ id: 3, type: SERVERDATA_EXECCOMMAND, body: "echo last" }),
      ]),
    );
    const packets = await c.waitFor(3);
    expect(packets.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(packets[1]!.body).toBe("sv_cheats = false");
  });

  it("sends a reply above 4096 bytes as one packet", async () => {
    const c = await authed();
    c.send(21, SERVERDATA_EXECCOMMAND, "cvarlist");
    c.send(22, SERVERDATA_EXECCOMMAND, "echo next");
    const packets = await c.waitFor(2);
    expect(packets[0]!.id).toBe(21);
    expect(Buffer.byteLength(packets[0]!.body)).toBeGreaterThan(4096);
    expect(packets[1]).toMatchObject({ id: 22, body: "next" });
  });

  it("mirrors an empty RESPONSE_VALUE and follows it with the 00 01 00 00 terminator", async () => {
    const c = await authed();
    c.send(30, SERVERDATA_EXECCOMMAND, "echo hi");
    c.send(31, SERVERDATA_RESPONSE_VALUE, "");
    const packets = await c.waitFor(3);
    expect(packets).toEqual([
      { id: 30, type: 0, body: "hi" },
      { id: 31, type: 0, body: "" },
      { id: 31, type: 0, body: TERMINATOR_BODY },
    ]);
  });

  it("closes the connection on a client packet above 4096 bytes", async () => {
    const c = await authed();
    c.send(40, SERVERDATA_EXECCOMMAND, "x".repeat(5000));
    await c.waitClosed();
    expect(c.packets).toEqual([]);
  });

  it("closes the connection on a nonsensical size prefix", async () => {
    const c = await authed();
    c.socket.write(Uint8Array.of(3, 0, 0, 0, 1, 0, 0, 0));
    await c.waitClosed();
  });

  it("drops every session when rcon_password changes", async () => {
    const bystander = await authed();
    const c = await authed();
    c.send(50, SERVERDATA_EXECCOMMAND, "rcon_password changed-pw");
    await Promise.all([c.waitClosed(), bystander.waitClosed()]);
    const fresh = await RawRcon.connect(server().rconPort);
    open.push(fresh);
    fresh.send(1, SERVERDATA_AUTH, server().config.rconPassword);
    expect((await fresh.waitFor(1))[0]!.id).toBe(-1);
    fresh.send(2, SERVERDATA_AUTH, "changed-pw");
    expect((await fresh.waitFor(2))[1]!.id).toBe(2);
    server().world.cvars.set("rcon_password", server().config.rconPassword);
  });
});
