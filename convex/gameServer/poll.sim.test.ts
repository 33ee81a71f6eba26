/**
 * One poll of the plugin API against the simulator: the player list comes when due, and with the
 * poll that finds a round over, so the round's end and its final numbers are stored together.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import type { SimHandle } from "../../dev/sim/simulator";
import { startTestSimulator } from "../testing/sim.helpers";
import { pollGameServer } from "./poll";
import type { GameServerTarget } from "./request";

let sim: SimHandle;

beforeAll(async () => {
  sim = await startTestSimulator();
}, 60_000);
afterAll(async () => {
  await sim.stop();
});

test("players come when due, and with the poll that finds the round over", async () => {
  const server = sim.servers[0]!;
  const target: GameServerTarget = {
    connectionType: "HTTP",
    baseUrl: server.baseUrl,
    apiKey: server.config.apiKey,
  };
  expect(server.advanceUntil("roundStart", 20_000).reached).toBe(true);
  const live = await pollGameServer(target, false);
  expect(live).toMatchObject({ ok: true, match: { roundPhase: "live" } });
  expect(live).not.toHaveProperty("players");
  expect(await pollGameServer(target, true)).toHaveProperty("players");

  expect(server.advanceUntil("roundEnd", 20_000).reached).toBe(true);
  const over = await pollGameServer(target, false);
  expect(over).toMatchObject({ ok: true, match: { roundPhase: "over" } });
  expect(over.ok && over.players?.length).toBeGreaterThan(0);
});
