import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type WireCommandResult,
  type WireError,
  type WireLaunchGame,
} from "../../convex/lib/gameApi";
import { type SimHandle } from "../../dev/sim/simulator";
import { keyHeader, request, startTestSim } from "./helpers";

let sim: SimHandle;
const server = () => sim.servers[0]!;
const launch = <T = WireCommandResult>(body: unknown) =>
  request<T>(`${server().apiUrl}/private/launch_game`, { headers: keyHeader(server()), body });

beforeAll(async () => {
  sim = await startTestSim();
  sim.advance(50);
});
afterAll(async () => {
  await sim.stop();
});

function validGame(): WireLaunchGame {
  const humans = server()
    .world.connected()
    .filter((p) => !p.isBot);
  return {
    Mode: "wingman",
    Map: "de_vertigo",
    TeamA: { Side: "CT", Players: [humans[0]!.steamId, humans[1]!.steamId] },
    TeamB: { Side: "T", Players: [humans[2]!.steamId, "76561198000000777"] },
  };
}

describe("POST /private/launch_game", () => {
  it("sets mode and map and moves listed players to their sides", async () => {
    const game = validGame();
    const res = await launch(game);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toContain("not connected: 76561198000000777");
    const w = server().world;
    expect(w.wireMatch()).toMatchObject({
      mapName: "de_vertigo",
      gameMode: "wingman",
      round: 0,
      scoreCT: 0,
    });
    const side = (id: string) => w.find(id)?.side;
    expect(game.TeamA.Players.map(side)).toEqual(["CT", "CT"]);
    expect(side(game.TeamB.Players[0]!)).toBe("T");
    // Other humans watch; one bot fills TeamB's empty slot.
    expect(w.connected().filter((p) => !p.isBot && p.side !== "SPEC")).toHaveLength(3);
    expect(w.onSide("T")).toHaveLength(2);
    expect(w.onSide("CT")).toHaveLength(2);
  });

  it("places players listed by Steam nickname, as the panel's tournament sends them", async () => {
    const humans = server()
      .world.connected()
      .filter((p) => !p.isBot);
    const res = await launch({
      ...validGame(),
      TeamA: { Side: "T", Players: [humans[0]!.name.toUpperCase()] },
      TeamB: { Side: "CT", Players: [humans[1]!.name, "Nobody Here"] },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toContain("not connected: Nobody Here");
    const w = server().world;
    expect(w.find(humans[0]!.steamId)?.side).toBe("T");
    expect(w.find(humans[1]!.steamId)?.side).toBe("CT");
  });

  it("accepts workshop map names", async () => {
    const res = await launch({ ...validGame(), Mode: "deathmatch", Map: "aim_map" });
    expect(res.status).toBe(200);
    expect(server().world.map).toBe("workshop/3070549948/aim_map");
  });

  it.each([
    [{ Mode: "battle_royale" }, "Unknown game mode"],
    [{ Map: "de_atlantis" }, "Unknown map"],
    [{ TeamB: { Side: "CT", Players: [] } }, "Invalid sides"],
    [{ TeamA: { Side: "X", Players: [] } }, "Invalid sides"],
    [{ TeamA: { Side: "CT", Players: ["   "] } }, "Invalid player"],
    [{ TeamA: { Side: "CT", Players: [42] } }, "Invalid player"],
    [{ TeamA: { Side: "CT", Players: 5 } }, "Invalid team"],
    [{ TeamB: undefined }, "Invalid team"],
  ])("rejects %j with 400 %s", async (patch, error) => {
    const before = server().world.map;
    const res = await launch<WireError>({ ...validGame(), ...patch });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
    expect(res.body.details).toBeTruthy();
    expect(server().world.map).toBe(before);
  });

  it("rejects a player listed on both teams", async () => {
    const game = validGame();
    game.TeamB.Players = [game.TeamA.Players[0]!];
    expect((await launch<WireError>(game)).body.error).toBe("Duplicate player");
  });

  it("rejects a non-object body", async () => {
    expect((await launch<WireError>([1, 2])).status).toBe(400);
  });
});
