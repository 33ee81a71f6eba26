/** What a server says about its health, read out of answers the poll gets anyway, bounded. */
import { describe, expect, test } from "vitest";
import { healthFromStats, healthFromStatus, healthFromStatusJson, normalizeHealth } from "./health";

const STATUS = `Server:  Running [0.0.0.0:27015]
----- Status -----
hostname : sidearm
version  : 1.41.7.7/14177 10896 secure  public
players  : 2 humans, 1 bots (0 max) (not hibernating) (unreserved)
---------players--------
  id     time ping loss      state   rate adr name
   0      BOT    0    0     active      0 'Mangos'
   2    05:12   38    3     active 196608 10.0.0.5:27005 'Олег'
   3    01:02:10  112    0     active 196608 10.0.0.6:27005 'name with ' quote'
65535 [NoChan]    0    0 challenging      0unknown ''
#end`;

describe("server health from CS2's console", () => {
  test("status: the version and build, each human's ping and loss (bots and ghost slots left out)", () => {
    expect(healthFromStatus(STATUS)).toEqual({
      version: "1.41.7.7/14177",
      build: 14177,
      links: [
        { name: "Олег", ping: 38, loss: 3 },
        { name: "name with ' quote", ping: 112, loss: 0 },
      ],
    });
  });

  test("stats: frames per second and frame time by their column names", () => {
    const text = `CPU   NetIn   NetOut    Uptime  Maps   FPS   Players  Svms    +-ms   ~tick
  10.0      0.0      0.0       5     0  121.35       3    0.88    0.12    0.45`;
    expect(healthFromStats(text)).toEqual({ fps: 121.35, frameMs: 0.88 });
    expect(healthFromStats("Unknown command 'stats'")).toEqual({});
  });

  test("status_json: uptime and build", () => {
    expect(
      healthFromStatusJson('{"process_uptime":2718,"build_version":14177,"server":{}}'),
    ).toEqual({
      uptimeSec: 2718,
      build: 14177,
    });
    expect(healthFromStatusJson("not json")).toEqual({});
  });

  test("a hostile plugin's health block is bounded, never trusted", () => {
    const h = normalizeHealth({
      health: {
        version: "x".repeat(5000) + "\u0000",
        uptimeSec: 1e308,
        fps: -5,
        frameMs: "NaN",
        links: Array.from({ length: 500 }, (_, i) => ({ name: `p${i}\n`, ping: 1e12, loss: 900 })),
      },
    })!;
    expect(h.version!.length).toBeLessThanOrEqual(40);
    expect(h.uptimeSec).toBe(315_360_000);
    expect(h.fps).toBe(0);
    expect(h.frameMs).toBeUndefined();
    expect(h.links).toHaveLength(64);
    expect(h.links![0]).toEqual({ name: "p0", ping: 600_000, loss: 100 });
    expect(normalizeHealth({ mapName: "de_dust2" })).toBeUndefined();
  });
});
