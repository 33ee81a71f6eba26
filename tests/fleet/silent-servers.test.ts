/*
 * One bad server never slows the others. Twenty watched servers that never answer, of two kinds
 * (ten behind a process that hangs with its listen queue full, so no handshake completes; ten
 * that take the connection and never say a word) next to one healthy simulated server:
 *
 * - the healthy server keeps its 5 s cadence (a fleet tick plans the next one without waiting
 *   for its timed-out polls),
 * - the silent servers are backed off and show it on their status,
 * - no connection attempt outlives its request (undici would keep each for 10 s).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBackend, type BackendHandle } from "../../dev/backend/server";
import { startSimulator, type SimHandle } from "../../dev/sim/simulator";
import type { Id } from "../../convex/_generated/dataModel";
import { WATCHED_INTERVAL_MS } from "../../convex/model/live/pollSchedule";
import { api, internal } from "../../convex/_generated/api";

const HUNG = 10;
const QUIET = 10;
/** How long the fleet is watched: long enough for the silent servers to back off twice. */
const WINDOW_MS = 40_000;

let backend: BackendHandle;
let sim: SimHandle;
let hung: ChildProcess;
let hungPort: number;
let quiet: net.Server;
const quietSockets = new Set<net.Socket>();
let serverIds: Id<"servers">[];

/** A process that listens (queue of one) and then hangs for good, as a crashed server does. */
async function startHungProcess(): Promise<number> {
  const script = `
    const net = require("node:net");
    const server = net.createServer(() => {});
    server.listen({ port: 0, host: "127.0.0.1", backlog: 1 }, () => {
      process.stdout.write(String(server.address().port) + "\\n", () => {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
      });
    });`;
  hung = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  return await new Promise<number>((resolve, reject) => {
    hung.stdout!.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    hung.once("error", reject);
  });
}

/** TCP sockets of this machine connecting to `port` whose handshake is still pending. */
function connectingTo(port: number): number {
  const rows = fs.readFileSync("/proc/net/tcp", "utf8").split("\n").slice(1);
  return rows.filter((row) => {
    const cols = row.trim().split(/\s+/);
    const remotePort = parseInt(cols[2]?.split(":")[1] ?? "", 16);
    return remotePort === port && cols[3] === "02"; // SYN_SENT
  }).length;
}

beforeAll(async () => {
  hungPort = await startHungProcess();
  quiet = net.createServer((socket) => {
    quietSockets.add(socket);
    socket.on("close", () => quietSockets.delete(socket));
    socket.on("error", () => {});
    socket.resume(); // reads (and so sees the client hang up), never answers
  });
  await new Promise<void>((resolve) => quiet.listen(0, "127.0.0.1", resolve));
  const quietPort = (quiet.address() as net.AddressInfo).port;
  sim = await startSimulator({ ephemeral: true, tickMs: 1_000, log: () => {} });
  const healthy = sim.servers[0]!;
  backend = await startBackend({
    convexDir: path.resolve(import.meta.dirname, "../../convex"),
    port: 0,
    httpPort: 0,
    log: false,
    crons: false,
  });
  const silent = (i: number, port: number, kind: string) => ({
    key: `${kind}${i}`,
    name: `${kind} #${i}`,
    apiBaseUrl: `http://127.0.0.1:${port}`,
    connectAddress: `127.0.0.1:${27100 + i}`,
    connectionType: "HTTP" as const,
  });
  serverIds = (await backend.runInternal(internal.seed.defaultServers, {
    servers: [
      {
        key: "healthy",
        name: "Healthy",
        apiBaseUrl: healthy.baseUrl,
        apiKey: healthy.config.apiKey,
        connectAddress: "127.0.0.1:27015",
        connectionType: "HTTP" as const,
      },
      ...Array.from({ length: HUNG }, (_, i) => silent(i, hungPort, "hung")),
      ...Array.from({ length: QUIET }, (_, i) => silent(i, quietPort, "quiet")),
    ],
  })) as Id<"servers">[];
}, 60_000);

afterAll(async () => {
  await backend?.stop();
  await sim?.stop();
  hung?.kill("SIGKILL");
  for (const socket of quietSockets) socket.destroy();
  await new Promise<void>((resolve) => (quiet ? quiet.close(() => resolve()) : resolve()));
});

describe(`one healthy server beside ${HUNG + QUIET} watched servers that never answer`, () => {
  it("keeps its cadence; the silent ones back off; no connection attempt outlives its request", async () => {
    const matchPolls = () => sim.servers[0]!.counters.snapshot().byEndpoint["GET /api/match"] ?? 0;
    for (const [i, serverId] of serverIds.entries()) {
      await backend.runInternal(api.live.heartbeat, { serverId, viewerId: `viewer-${i}` });
    }
    const polledAt: number[] = [];
    let seen = matchPolls();
    let peakConnecting = 0;
    const start = Date.now();
    while (Date.now() - start < WINDOW_MS) {
      await new Promise((r) => setTimeout(r, 100));
      const now = matchPolls();
      if (now > seen) polledAt.push(Date.now());
      seen = now;
      peakConnecting = Math.max(peakConnecting, connectingTo(hungPort));
    }
    const gaps = polledAt.slice(1).map((at, i) => at - polledAt[i]!);
    console.log(
      `healthy polls ${polledAt.length} in ${WINDOW_MS / 1000} s, longest gap ${Math.max(...gaps)} ms; ` +
        `peak pending connects to the hung process ${peakConnecting}`,
    );
    // Every gap is one watched interval (a tick waiting on the silent polls made them 8-9 s).
    expect(Math.max(...gaps)).toBeLessThan(WATCHED_INTERVAL_MS + 1_500);
    expect(polledAt.length).toBeGreaterThanOrEqual(WINDOW_MS / WATCHED_INTERVAL_MS - 1);

    const { statuses, pollers } = await backend.t.run(async (ctx) => ({
      statuses: await ctx.db.query("serverStatus").collect(),
      pollers: await ctx.db.query("pollers").collect(),
    }));
    const silentIds = new Set(serverIds.slice(1));
    const silentStatuses = statuses.filter((s) => silentIds.has(s.serverId));
    expect(silentStatuses).toHaveLength(HUNG + QUIET);
    for (const status of silentStatuses) {
      expect(status.online).toBe(false);
      expect(status.backoff?.everyMs).toBeGreaterThanOrEqual(15_000);
    }
    for (const poller of pollers.filter((p) => silentIds.has(p.serverId))) {
      expect(poller.timeouts).toBeGreaterThanOrEqual(2);
    }
    const healthyStatus = statuses.find((s) => s.serverId === serverIds[0]);
    expect(healthyStatus?.online).toBe(true);
    expect(healthyStatus?.backoff).toBeUndefined();
    // One poll's requests per hung server at a time (three each): attempts of polls that timed
    // out are closed with them, not 10 s later.
    expect(peakConnecting).toBeLessThanOrEqual(HUNG * 3);
  }, 90_000);
});
