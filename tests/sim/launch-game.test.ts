import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type WireError, type WireLaunchGame } from "../../convex/lib/gameApi";
import { type LaunchGameAnswer } from "../../dev/sim/launch-game";
import { type SimHandle } from "../../dev/sim/simulator";
import { keyHeader, request, startTestSim } from "./helpers";

let sim: SimHandle;
const server = () => sim.servers[0]!;
const launch = <T = LaunchGameAnswer>(body: unknown) =>
  request<T>(`${server().apiUrl}/private/launch_game`, { headers: keyHeader(server()), body });
const humans = () =>
  server()
    .world.connected()
    .filter((p) => !p.isBot);

beforeAll(async () => {
  sim = await startTestSim();
  sim.advance(50);
});
afterAll(async () => {
  await sim.stop();
});

/** Players by Steam nickname, as the panel's tournament sends them. */
function validGame(): WireLaunchGame {
  const h = humans();
  return {
    Mode: "wingman",
    Map: "de_vertigo",
    TeamA: { Side: "CT", Players: [h[0]!.name, h[1]!.name] },
    TeamB: { Side: "T", Players: [h[2]!.name, "Nobody Here"] },
  };
}

describe("POST /private/launch_game", () => {
  it("sets mode and map and moves listed players to their sides", async () => {
    const [a1, a2, b1] = humans();
    const res = await launch(validGame());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: "Launched wingman on de_vertigo: 3 player(s) placed; not connected: Nobody Here",
      result: "Changing level to de_vertigo",
      placed: [a1!.name, a2!.name, b1!.name],
      notConnected: ["Nobody Here"],
    } satisfies LaunchGameAnswer);
    const w = server().world;
    expect(w.wireMatch()).toMatchObject({
      mapName: "de_vertigo",
      gameMode: "wingman",
      round: 0,
      scoreCT: 0,
    });
    expect([a1, a2, b1].map((p) => p!.side)).toEqual(["CT", "CT", "T"]);
    // Other humans watch; one bot fills TeamB's empty slot.
    expect(w.connected().filter((p) => !p.isBot && p.side !== "SPEC")).toHaveLength(3);
    expect(w.onSide("T")).toHaveLength(2);
    expect(w.onSide("CT")).toHaveLength(2);
  });

  it("matches nicknames ignoring case and lists each entry as sent", async () => {
    const [a, b] = humans();
    const upper = a!.name.toUpperCase();
    const res = await launch({
      ...validGame(),
      TeamA: { Side: "T", Players: [upper] },
      TeamB: { Side: "CT", Players: [b!.name, "Nobody Here"] },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toContain("2 player(s) placed; not connected: Nobody Here");
    expect(res.body.placed).toEqual([upper, b!.name]);
    expect(res.body.notConnected).toEqual(["Nobody Here"]);
    expect(a!.side).toBe("T");
    expect(b!.side).toBe("CT");
  });

  it("never matches by SteamID64: a nickname equal to someone's id moves nobody", async () => {
    const [victim, listed] = humans();
    // The victim plays on T before the launch.
    server().world.moveTo(victim!, "T");
    const res = await launch({
      ...validGame(),
      TeamA: { Side: "CT", Players: [victim!.steamId] },
      TeamB: { Side: "T", Players: [listed!.name] },
    });
    expect(res.status).toBe(200);
    expect(res.body.placed).toEqual([listed!.name]);
    expect(res.body.notConnected).toEqual([victim!.steamId]);
    expect(res.body.message).toBe(
      `Launched wingman on de_vertigo: 1 player(s) placed; not connected: ${victim!.steamId}`,
    );
    // Not listed by name, so a spectator like every other unlisted human: not on CT.
    expect(victim!.side).toBe("SPEC");
    expect(listed!.side).toBe("T");
  });

  it("places a human whose nickname looks like a SteamID64 by that nickname", async () => {
    const [odd] = humans();
    const original = odd!.name;
    odd!.name = "76561198000000999";
    try {
      const res = await launch({
        ...validGame(),
        TeamA: { Side: "CT", Players: ["76561198000000999"] },
        TeamB: { Side: "T", Players: [] },
      });
      expect(res.body.placed).toEqual(["76561198000000999"]);
      expect(res.body.notConnected).toEqual([]);
      expect(res.body.message).toBe("Launched wingman on de_vertigo: 1 player(s) placed");
      expect(odd!.side).toBe("CT");
    } finally {
      odd!.name = original;
    }
  });

  it("does not match bots: tournament participants are people", async () => {
    const bot = server()
      .world.connected()
      .find((p) => p.isBot)!;
    const res = await launch({
      ...validGame(),
      TeamA: { Side: "CT", Players: [bot.name] },
      TeamB: { Side: "T", Players: [] },
    });
    expect(res.body.placed).toEqual([]);
    expect(res.body.notConnected).toEqual([bot.name]);
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

  it("rejects a player listed twice, in any case", async () => {
    const game = validGame();
    game.TeamB.Players = [game.TeamA.Players[0]!];
    expect((await launch<WireError>(game)).body.error).toBe("Duplicate player");
    game.TeamB.Players = [game.TeamA.Players[0]!.toLowerCase()];
    game.TeamA.Players = [game.TeamA.Players[0]!.toUpperCase()];
    expect((await launch<WireError>(game)).body.error).toBe("Duplicate player");
  });

  it("rejects a non-object body", async () => {
    expect((await launch<WireError>([1, 2])).status).toBe(400);
  });
});
