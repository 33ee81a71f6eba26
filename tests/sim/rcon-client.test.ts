import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RconClient, RconError, rconExec } from "../../dev/sim/rcon-client";
import { type SimHandle } from "../../dev/sim/simulator";
import { startTestSim } from "./helpers";

let sim: SimHandle;
const target = () => ({
  host: "127.0.0.1",
  port: sim.servers[0]!.rconPort,
  password: sim.servers[0]!.config.rconPassword,
  timeoutMs: 1000,
});

beforeAll(async () => {
  sim = await startTestSim();
});
afterAll(async () => {
  await sim.stop();
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
    client.close();
    expect(client.isOpen).toBe(false);
  });

  it("collects the whole answer with the mirror/terminator trick", async () => {
    const client = await RconClient.connect({ ...target(), useTerminator: true });
    expect(await client.exec("echo with-probe")).toBe("with-probe");
    expect((await client.exec("cvarlist")).length).toBeGreaterThan(4096);
    client.close();
  });

  it("fails with AUTH on a wrong password", async () => {
    const error = await RconClient.connect({ ...target(), password: "wrong" }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RconError);
    expect((error as RconError).code).toBe("AUTH");
  });

  it("fails with CONNECT when nothing listens", async () => {
    const port = await freePort();
    const error = await rconExec({ ...target(), port }, "status").catch((e: unknown) => e);
    expect((error as RconError).code).toBe("CONNECT");
    expect((error as RconError).message).toContain("ECONNREFUSED");
  });

  it("fails with TIMEOUT when the server never answers", async () => {
    const server = sim.servers[0]!;
    await server.faults.set({ timeoutRate: 1 });
    try {
      const error = await RconClient.connect({ ...target(), timeoutMs: 150 }).catch(
        (e: unknown) => e,
      );
      expect((error as RconError).code).toBe("TIMEOUT");
    } finally {
      await server.faults.reset();
    }
  });

  it("rejects pending commands when the server drops the connection", async () => {
    const client = await RconClient.connect(target());
    const pending = client.exec("rcon_password temp-pw").then(() => client.exec("echo gone"));
    await expect(pending).rejects.toMatchObject({ code: "CLOSED" });
    sim.servers[0]!.world.cvars.set("rcon_password", sim.servers[0]!.config.rconPassword);
  });
});
