/**
 * Steam avatars and workshop titles end to end against the local Steam stand-in (dev/steam): a
 * poll that brings new players and a workshop map asks Steam once, the answers are cached, and a
 * second poll asks nothing. Without STEAM_WEB_API_KEY no avatar is asked for; a Steam that does
 * not answer leaves nothing behind but the ask.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import type { Player, PollResult } from "./lib/validators";
import { storePollResult } from "./model/live/data";
import { eventually } from "./testing/sim.helpers";
import { setupTest, type TestConvex } from "./test.setup";
import { unknownStatsPlayer } from "./gameServer/rconStatus";
import { startSteamStandIn, workshopTitle, type SteamStandIn } from "../dev/steam/server";

const NEO = "76561198000000101";
const TRIN = "76561198000000102";
const MAP = "workshop/3070549948/aim_map";

let steam: SteamStandIn;
let t: TestConvex;
let serverId: Id<"servers">;

function player(steamId: string, name: string, team: Player["team"]): Player {
  return {
    ...unknownStatsPlayer({ name, steamId, bot: steamId === "0" }),
    team,
    statsUnknown: undefined,
  };
}

function poll(players: Player[]): PollResult {
  return {
    ok: true,
    match: {
      serverName: "S",
      mapName: MAP,
      scoreCT: 0,
      scoreT: 0,
      playersOnline: players.length,
      roundPhase: "live",
    },
    summary: {
      totalPlayers: players.length,
      totalKills: 0,
      totalDeaths: 0,
      totalDamage: 0,
      totalBombsPlanted: 0,
      totalBombsDefused: 0,
    },
    players,
  };
}

async function calls() {
  return (await (await fetch(`${steam.url}/calls`)).json()) as {
    summaryCalls: number;
    fileDetailCalls: number;
  };
}

async function lookUps(): Promise<number> {
  return await t.run(async (ctx) => {
    const jobs = await ctx.db.system.query("_scheduled_functions").collect();
    return jobs.filter((j) => j.name.includes("steamData")).length;
  });
}

const roster = [
  player(NEO, "Neo", "Counter-Terrorist"),
  player(TRIN, "Trin", "Terrorist"),
  player("0", "Bot Ivan", "Terrorist"),
];

beforeAll(async () => {
  steam = await startSteamStandIn();
});
afterAll(async () => {
  delete process.env.STEAM_WEB_API_KEY;
  process.env.STEAM_WEB_API_BASE = "http://127.0.0.1:9";
  await steam.stop();
});
beforeEach(async () => {
  process.env.STEAM_WEB_API_BASE = steam.url;
  process.env.STEAM_WEB_API_KEY = "test-key";
  t = setupTest();
  serverId = await t.run((ctx) =>
    ctx.db.insert("servers", {
      key: "s1",
      name: "S1",
      apiBaseUrl: "http://127.0.0.1:1",
      connectAddress: "127.0.0.1:27015",
      connectionType: "HTTP",
      disabled: false,
      order: 0,
    }),
  );
});

describe("Steam avatars and workshop titles", () => {
  test("new players and a workshop map are asked for once, cached, and shown", async () => {
    const before = await calls();
    await t.run((ctx) => storePollResult(ctx, serverId, poll(roster), Date.now()));
    const profiles = await eventually(async () => {
      const rows = await t.query(api.steamData.profiles, { steamIds: [NEO, TRIN, "0"] });
      return rows.length === 2 ? rows : null;
    }, 10_000);
    expect(profiles).toEqual([
      { steamId: NEO, avatarUrl: `${steam.url}/avatars/${NEO}.svg` },
      { steamId: TRIN, avatarUrl: `${steam.url}/avatars/${TRIN}.svg` },
    ]);
    await eventually(() => t.query(api.steamData.workshopTitle, { mapName: MAP }), 10_000);
    expect(await t.query(api.steamData.workshopTitle, { mapName: MAP })).toBe(
      workshopTitle("aim_map"),
    );
    // One batched call for both players and one for the map.
    expect(await calls()).toEqual({
      summaryCalls: before.summaryCalls + 1,
      fileDetailCalls: before.fileDetailCalls + 1,
    });
    // The same players on the same map: nothing more is asked.
    expect(await lookUps()).toBe(1);
    await t.run((ctx) =>
      storePollResult(ctx, serverId, poll([...roster].reverse()), Date.now() + 60_000),
    );
    expect(await lookUps()).toBe(1);
  });

  test("without STEAM_WEB_API_KEY no avatar is asked for (initials), titles still are", async () => {
    delete process.env.STEAM_WEB_API_KEY;
    await t.run((ctx) => storePollResult(ctx, serverId, poll(roster), Date.now()));
    await eventually(() => t.query(api.steamData.workshopTitle, { mapName: MAP }), 10_000);
    const rows = await t.run((ctx) => ctx.db.query("steamProfiles").collect());
    expect(rows).toEqual([]);
  });

  test("a Steam that does not answer leaves only the ask behind, and nothing is shown", async () => {
    process.env.STEAM_WEB_API_BASE = "http://127.0.0.1:9";
    await t.run((ctx) => storePollResult(ctx, serverId, poll(roster), Date.now()));
    await eventually(async () => (await lookUps()) === 1, 10_000);
    await eventually(
      () =>
        t.run(async (ctx) => {
          const jobs = await ctx.db.system.query("_scheduled_functions").collect();
          return jobs.every((j) => j.state.kind === "success" || j.state.kind === "failed");
        }),
      10_000,
    );
    expect(await t.query(api.steamData.profiles, { steamIds: [NEO, TRIN] })).toEqual([]);
    expect(await t.query(api.steamData.workshopTitle, { mapName: MAP })).toBeNull();
    const asked = await t.run((ctx) => ctx.db.query("steamProfiles").collect());
    expect(asked.map((r) => [r.steamId, r.fetchedAt])).toEqual([
      [NEO, undefined],
      [TRIN, undefined],
    ]);
  });
});
