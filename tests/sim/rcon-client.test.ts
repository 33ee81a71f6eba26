import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  RconClient,
  RconError,
  rconExec,
  runRconSession,
} from "../../convex/gameServer/rconClient";
import { type SimHandle } from "../../dev/sim/simulator";
import { startTestSim } from "./helpers";

let sim: SimHandle;
const server = () => sim.servers[0]!;
const target = () => ({
  host: "127.0.0.1",
  port: server().rconPort,
  password: server().config.rconPassword,
  timeoutMs: 1000,
});

beforeAll(async () => {
  sim = await startTestSim();
});
afterAll(async () => {
  await sim.stop();
});
afterEach(async () => {
  await sim.reset();
});

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe("RconClient", () => {
  it("authenticates and resolves each command on its own reply, in flight together", async () => {
    const client = await RconClient.connect(target());
    const [a, b, c] = await Promise.all([
      client.exec("echo first"),
      client.exec("game_type"),
      client.exec("echo third"),
    ]);
    expect([a, b, c]).toEqual(["first", "game_type = 0", "third"]);
    await client.close();
    expect(client.isOpen).toBe(false);
  });

  it("takes a reply larger than 4096 bytes in one packet, as CS2 sends it", async () => {
    const client = await RconClient.connect(target());
    expect((await client.exec("cvarlist")).length).toBeGreaterThan(4096);
    await client.close();
  });

  it("joins a reply split over several packets and TCP reads, UTF-8 cut mid-character", async () => {
    // 7-byte packets: every two-byte Cyrillic letter straddles a packet boundary somewhere.
    await server().faults.set({ rconSplitBytes: 7 });
    const text = "Привіт, гравці! Ґанок, їжак, єнот — 🎯 done";
    const client = await RconClient.connect(target());
    expect(await client.exec(`echo ${text}`)).toBe(text);
    const list = await client.exec("cvarlist");
    await server().faults.set({ rconSplitBytes: 0 });
    expect(list).toBe(await client.exec("cvarlist"));
    await client.close();
    expect(server().counters.snapshot().byEndpoint["RCON exec cvarlist"]).toBe(2);
  });

  it("skips the empty RESPONSE_VALUE older servers send before AUTH_RESPONSE", async () => {
    await server().faults.set({ rconLegacyAuth: true });
    expect(await rconExec(target(), "echo legacy")).toBe("legacy");
    const error = await rconExec({ ...target(), password: "wrong" }, "echo x").catch(
      (e: unknown) => e,
    );
    expect((error as RconError).code).toBe("AUTH");
  });

  it("fails with AUTH on a wrong password", async () => {
    const error = await RconClient.connect({ ...target(), password: "wrong" }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RconError);
    expect((error as RconError).code).toBe("AUTH");
  });

  it("after five wrong passwords the address is banned: even the right one is hung up on", async () => {
    for (let i = 0; i < 5; i++) {
      const error = await rconExec({ ...target(), password: `wrong-${i}` }, "echo x").catch(
        (e: unknown) => e,
      );
      expect((error as RconError).code).toBe("AUTH");
    }
    expect(server().state().rconBanned).toEqual(["127.0.0.1"]);
    const banned = await rconExec(target(), "echo x").catch((e: unknown) => e);
    expect(banned).toMatchObject({ code: "CLOSED", duringAuth: true });
    await sim.reset();
    expect(await rconExec(target(), "echo back")).toBe("back");
  });

  it("fails with CONNECT when nothing listens", async () => {
    const port = await freePort();
    const error = await rconExec({ ...target(), port }, "status").catch((e: unknown) => e);
    expect((error as RconError).code).toBe("CONNECT");
    expect((error as RconError).message).toContain("ECONNREFUSED");
  });

  it("fails with TIMEOUT when the server never answers", async () => {
    await server().faults.set({ timeoutRate: 1 });
    const error = await RconClient.connect({ ...target(), timeoutMs: 150 }).catch(
      (e: unknown) => e,
    );
    expect((error as RconError).code).toBe("TIMEOUT");
  });

  it("fails with CLOSED, not a partial answer, when the server drops the connection mid-reply", async () => {
    const client = await RconClient.connect(target());
    await server().faults.set({ rconDropMidReplyRate: 1 });
    await expect(client.exec("status")).rejects.toMatchObject({ code: "CLOSED" });
    expect(client.isOpen).toBe(false);
    await client.close();
  });

  it("refuses a reply over the size bound and closes", async () => {
    const client = await RconClient.connect({ ...target(), maxReplyBytes: 1024 });
    await expect(client.exec("cvarlist")).rejects.toMatchObject({ code: "TOO_LARGE" });
    await client.close();
  });

  it("rejects pending commands when the server drops the connection", async () => {
    const client = await RconClient.connect(target());
    const pending = client.exec("rcon_password temp-pw").then(() => client.exec("echo gone"));
    await expect(pending).rejects.toMatchObject({ code: "CLOSED" });
    server().world.cvars.set("rcon_password", server().config.rconPassword);
    await client.close();
  });
});

describe("runRconSession", () => {
  it("runs commands in order on one connection and closes it", async () => {
    const outputs = await runRconSession(target(), [
      { command: "echo one" },
      { command: "game_mode" },
    ]);
    expect(outputs).toEqual(["one", "game_mode = 1"]);
    expect(server().counters.snapshot().byEndpoint["RCON auth"]).toBe(1);
  });

  it("a level change whose connection drops counts as dispatched; later commands reconnect", async () => {
    await server().faults.set({ rconDropMidReplyRate: 1 });
    const error = await runRconSession(target(), [{ command: "status" }]).catch((e: unknown) => e);
    expect((error as RconError).code).toBe("CLOSED");
    const outputs = await runRconSession(target(), [
      { command: "changelevel de_nuke", mayDrop: true },
    ]);
    expect(outputs).toEqual([""]);
    expect(server().state().map).toBe("de_nuke");
  });
});
