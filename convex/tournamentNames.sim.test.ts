/**
 * A tournament's team names leave the game server once it is over: an archived tournament (and a
 * won series, matchzyLaunch.sim.test.ts) clears `mp_teamname_1/2` through the declared server
 * action, over each connection type, unless another tournament launched on that server since.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { createTournament } from "./model/tournament/state";
import { namesStillOurs } from "./model/tournament/serverNames";
import { eventually, seededWorld, startTestSimulator } from "./testing/sim.helpers";
import type { personas, TestConvex } from "./test.setup";
import type { SimHandle } from "../dev/sim/simulator";

let sim: SimHandle;
let t: TestConvex;
let admin: Awaited<ReturnType<typeof personas>>["asAdmin"];
let ids: Id<"servers">[];

beforeAll(async () => {
  sim = await startTestSimulator({ downtimeMs: 300, servers: [{}, {}, {}] });
  let who;
  ({ t, who, ids } = await seededWorld(sim));
  admin = who.asAdmin;
});
afterAll(async () => {
  await sim.stop();
});
beforeEach(async () => {
  await sim.reset();
});

/** A tournament whose first map was launched on `serverId` at `at`. */
async function launchedOn(serverId: Id<"servers">, at: number) {
  return await t.run(async (ctx) => {
    const base = createTournament({ createdBy: "admin", now: at });
    return await ctx.db.insert("tournaments", {
      ...base,
      status: "finished",
      launchedMaps: 1,
      launchedOn: { serverId, at },
    });
  });
}

const kinds = [
  ["HTTP plugin API", 0],
  ["RCON proxy", 1],
  ["direct RCON", 2],
] as const;

describe.each(kinds)("archiving a launched tournament over the %s", (_label, index) => {
  test("clears the team names on its server", async () => {
    const server = sim.servers[index]!;
    server.world.cvars.set("mp_teamname_1", "Вовки");
    server.world.cvars.set("mp_teamname_2", "Team B");
    const tournamentId = await launchedOn(ids[index]!, Date.now());
    await admin.action(api.tournamentAdmin.adminOp, { tournamentId, op: "archive" });
    await eventually(
      async () =>
        server.world.cvars.get("mp_teamname_1") === "" &&
        server.world.cvars.get("mp_teamname_2") === "",
      30_000,
    );
  });
});

test("a newer tournament on the same server keeps its names; one never launched sends nothing", async () => {
  const server = sim.servers[0]!;
  const older = await launchedOn(ids[0]!, 1_000);
  await launchedOn(ids[0]!, 2_000);
  const never = await t.run(async (ctx) =>
    ctx.db.insert("tournaments", createTournament({ createdBy: "admin", now: 0 })),
  );
  server.world.cvars.set("mp_teamname_1", "Newer A");
  const clears = async () =>
    (await t.run((ctx) => ctx.db.system.query("_scheduled_functions").collect())).filter((s) =>
      s.name.includes("clearTeamNames"),
    ).length;
  const before = await clears();
  await admin.action(api.tournamentAdmin.adminOp, { tournamentId: older, op: "archive" });
  await admin.action(api.tournamentAdmin.adminOp, { tournamentId: never, op: "archive" });
  expect(await clears()).toBe(before);
  expect(server.world.cvars.get("mp_teamname_1")).toBe("Newer A");
});

test("namesStillOurs: launched, and no other tournament launched there later", () => {
  const s1 = "s1" as Id<"servers">;
  const s2 = "s2" as Id<"servers">;
  const own = {
    _id: "a" as Id<"tournaments">,
    launchedMaps: 1,
    launchedOn: { serverId: s1, at: 10 },
  };
  expect(namesStillOurs(own, [own])).toBe(true);
  expect(namesStillOurs({ ...own, launchedMaps: 0 }, [])).toBe(false);
  expect(
    namesStillOurs(own, [{ _id: "b" as Id<"tournaments">, launchedOn: { serverId: s2, at: 20 } }]),
  ).toBe(true);
  expect(
    namesStillOurs(own, [{ _id: "b" as Id<"tournaments">, launchedOn: { serverId: s1, at: 5 } }]),
  ).toBe(true);
  expect(
    namesStillOurs(own, [{ _id: "b" as Id<"tournaments">, launchedOn: { serverId: s1, at: 20 } }]),
  ).toBe(false);
});
