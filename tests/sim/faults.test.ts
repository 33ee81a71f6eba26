import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type WireMatch } from "../../convex/lib/gameApi";
import { RconClient, type RconError } from "../../convex/gameServer/rconClient";
import { type SimHandle } from "../../dev/sim/simulator";
import { keyHeader, request, startTestSim } from "./helpers";

let sim: SimHandle;
const server = () => sim.servers[0]!;
const status = () => `${server().apiUrl}/status`;
const rconTarget = () => ({
  host: "127.0.0.1",
  port: server().rconPort,
  password: server().config.rconPassword,
  timeoutMs: 1000,
});

async function errnoOf(promise: Promise<unknown>): Promise<string | undefined> {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as { cause?: { code?: string } } | null;
  return error?.cause?.code;
}

async function until(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  sim = await startTestSim();
});
afterEach(async () => {
  await sim.reset();
});
afterAll(async () => {
  await sim.stop();
});

describe("fault injection", () => {
  it("adds latency to HTTP answers and RCON replies", async () => {
    await server().faults.set({ latencyMs: 120 });
    let started = Date.now();
    expect((await request(status())).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
    const client = await RconClient.connect(rconTarget());
    started = Date.now();
    await client.exec("echo slow");
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
    await client.close();
  });

  it("answers 500 at the configured rate", async () => {
    await server().faults.set({ errorRate: 1 });
    expect(await request(status())).toEqual({
      status: 500,
      body: { error: "Internal error", details: "Injected fault" },
    });
    await server().faults.set({ errorRate: 0.5 });
    const codes = new Set<number>();
    for (let i = 0; i < 20; i++) codes.add((await request(status())).status);
    expect([...codes].sort()).toEqual([200, 500]);
  });

  it("sends cut-off JSON when asked to", async () => {
    await server().faults.set({ invalidJsonRate: 1 });
    const res = await fetch(status());
    expect(res.headers.get("content-type")).toContain("application/json");
    const text = await res.text();
    expect(() => JSON.parse(text) as unknown).toThrow();
  });

  it("accepts and never answers on a timeout fault; the client's abort ends it", async () => {
    await server().faults.set({ timeoutRate: 1 });
    const error = await fetch(status(), { signal: AbortSignal.timeout(150) }).catch(
      (e: unknown) => e,
    );
    expect((error as Error).name).toBe("TimeoutError");
    await server().faults.reset();
    expect((await request(status())).status).toBe(200);
  });

  it("goes offline (connections refused) and comes back on the same ports", async () => {
    const { httpPort, rconPort } = server();
    await server().faults.set({ offline: true });
    expect(await errnoOf(fetch(status()))).toBe("ECONNREFUSED");
    const rconError = await RconClient.connect(rconTarget()).catch((e: unknown) => e);
    expect((rconError as RconError).code).toBe("CONNECT");
    await server().faults.set({ offline: false });
    expect([server().httpPort, server().rconPort]).toEqual([httpPort, rconPort]);
    expect((await request(status())).status).toBe(200);
    const client = await RconClient.connect(rconTarget());
    expect(await client.exec("echo back")).toBe("back");
    await client.close();
  });

  it("_restart acknowledges, goes offline for the downtime, returns in warmup", async () => {
    sim.advance(40);
    const res = await request(`${server().apiUrl}/private/_restart`, {
      headers: keyHeader(server()),
      body: {},
    });
    expect(res.body).toEqual({ success: true, message: "Services restarting" });
    await until(async () => (await errnoOf(fetch(status()))) === "ECONNREFUSED");
    await until(async () => (await errnoOf(fetch(status()))) === undefined);
    expect((await request<WireMatch>(`${server().apiUrl}/match`)).body.roundPhase).toBe("warmup");
  });

  it("server/update also restarts, with a new version", async () => {
    const before = server().state().version;
    await request(`${server().apiUrl}/private/server/update`, {
      headers: keyHeader(server()),
      body: {},
    });
    await until(async () => server().state().restarting === false && server().online);
    expect(server().state().version).not.toBe(before);
  });

  it("turns a handler exception into 500 {error: Internal error}", async () => {
    const world = server().world;
    const original = world.wireStatus.bind(world);
    world.wireStatus = () => {
      throw new Error("boom");
    };
    try {
      expect(await request(status())).toEqual({ status: 500, body: { error: "Internal error" } });
    } finally {
      world.wireStatus = original;
    }
  });

  it("validates fault values", async () => {
    await expect(server().faults.set({ errorRate: 2 })).rejects.toThrow(/between 0 and 1/);
    await expect(server().faults.set({ latencyMs: -1 })).rejects.toThrow(/latencyMs/);
  });
});
