/**
 * Server health through the real poller against the simulator, on each kind of server (plugin
 * API, RCON proxy, direct RCON): read from the poll's own answers (no request of its own), and a
 * CS2 update is noticed, checked read-only and judged against Steam (the local stand-in).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { SimHandle } from "../dev/sim/simulator";
import { startSteamStandIn, type SteamStandIn } from "../dev/steam/server";
import {
  eventually,
  pollNow,
  seededWorld,
  startTestSimulator,
  stopLoops,
} from "./testing/sim.helpers";

let sim: SimHandle;
let steam: SteamStandIn;

beforeAll(async () => {
  sim = await startTestSimulator({ downtimeMs: 50, servers: [{}, {}, {}] });
  steam = await startSteamStandIn();
  process.env.STEAM_WEB_API_BASE = steam.url;
});
afterAll(async () => {
  delete process.env.STEAM_WEB_API_BASE;
  await steam.stop();
  await sim.stop();
});

describe("server health from the polls", () => {
  test("each kind of server reports latency, version, uptime, frame rate and pings, with no extra request", async () => {
    const { t, who, ids } = await seededWorld(sim);
    const requestsBefore = sim.servers[0]!.counters.snapshot();
    for (const id of ids) await pollNow(t, id);
    await stopLoops(t);
    const requestsAfter = sim.servers[0]!.counters.snapshot();
    for (const [i, id] of ids.entries()) {
      const h = await who.asAdmin.query(api.health.of, { serverId: id });
      const s = sim.servers[i]!.state();
      expect(h.online).toBe(true);
      expect(h.version).toBe(s.version);
      expect(h.build).toBe(Number(s.version.split("/")[1]));
      expect(h.rttMs).toBeGreaterThanOrEqual(0);
      expect(h.fps).toBeGreaterThan(60);
      expect(h.bootedAt).toBeLessThanOrEqual(Date.now());
      expect(h.links.map((l) => l.name).sort()).toEqual(
        sim.servers[i]!.world.connected()
          .filter((p) => !p.isBot)
          .map((p) => p.name)
          .sort(),
      );
    }
    // The plugin server answered the poll's own three requests, nothing more.
    expect(requestsAfter.http - requestsBefore.http).toBe(3);
  });

  test("an update is noticed on the next poll, checked read-only, and Steam says whether it is the newest", async () => {
    const { t, who, ids } = await seededWorld(sim);
    const serverId = ids[0]!;
    await pollNow(t, serverId);
    const s = sim.servers[0]!;
    const build = Number(s.state().version.split("/")[1]);
    steam.setLatestCs2Build(build + 2);
    s.restartServices("update", 20);
    await eventually(async () => s.state().online && !s.state().restarting, 10_000);
    await pollNow(t, serverId);
    const h = await eventually(async () => {
      const view = await who.asAdmin.query(api.health.of, { serverId });
      return view.latest && view.update?.rows[1]?.state === "ok" ? view : null;
    }, 10_000);
    await stopLoops(t);
    expect(h.update).toMatchObject({ to: s.state().version });
    expect(h.update!.rows.map((r) => [r.part, r.state])).toEqual([
      ["poll", "ok"],
      ["switches", "ok"],
    ]);
    expect(h.latest).toMatchObject({ upToDate: false, requiredBuild: build + 2 });
    // Nothing was changed on the server to test it: the match is where the restart left it.
    expect(s.state().phase).toBe("warmup");
  });
});
