/** Finishing a map quickly (match-history tests and the demo): the control call and the cap. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type WirePlayers } from "../../convex/lib/gameApi";
import { type SimServerState } from "../../dev/sim/game-server";
import { startSimulator, type SimHandle } from "../../dev/sim/simulator";
import { request } from "./helpers";

let sim: SimHandle;

beforeAll(async () => {
  sim = await startSimulator({
    ephemeral: true,
    tickMs: 0,
    log: () => {},
    servers: [{ maxRounds: 6 }],
  });
});
afterAll(async () => {
  await sim.stop();
});

describe("finishing a map", () => {
  it("the maxRounds option caps every mode's mp_maxrounds; uncapped servers keep theirs", () => {
    expect(sim.servers[0]!.state().maxRounds).toBe(6);
    expect(sim.servers[1]!.state().maxRounds).toBe(24);
    sim.servers[0]!.console.exec("game_alias wingman");
    expect(sim.servers[0]!.state().maxRounds).toBe(6);
  });

  it("finish-map ends warmup and plays until the match is decided, then stays on the end", async () => {
    const url = `${sim.controlUrl}/servers/server1/finish-map`;
    expect(sim.servers[0]!.state().phase).toBe("warmup");
    const { status, body } = await request<{ reached: boolean; state: SimServerState }>(url, {
      method: "POST",
      body: {},
    });
    expect(status).toBe(200);
    expect(body.reached).toBe(true);
    const { scoreCT, scoreT, phase, maxRounds } = body.state;
    expect(phase).toBe("over");
    expect(Math.max(scoreCT, scoreT) >= maxRounds / 2 + 1 || scoreCT + scoreT >= maxRounds).toBe(
      true,
    );
    // Bots report SteamID "0", like a real CS2 server.
    const players = await request<WirePlayers>(`${sim.servers[1]!.apiUrl}/players`);
    const everyone = [...players.body.terrorists, ...players.body.counterTerrorists];
    const bots = sim.servers[1]!.world.players.filter((p) => p.isBot && p.connected).length;
    expect(bots).toBeGreaterThan(0);
    expect(everyone.filter((p) => p.steamId === "0")).toHaveLength(bots);
    const unknown = await request(`${sim.controlUrl}/servers/nope/finish-map`, {
      method: "POST",
      body: {},
    });
    expect(unknown.status).toBe(404);
  });
});
