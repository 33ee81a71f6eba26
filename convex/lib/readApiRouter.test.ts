import { describe, expect, test } from "vitest";
import { unknownStatsPlayer } from "../gameServer/rconStatus";
import { routeServerRequest } from "./readApiRouter";
import { vPlayer, type ServerSnapshot } from "./validators";

/** A plain CS2 server over RCON: scores, phase, totals, sides and stats not reported. */
const snapshot: ServerSnapshot = {
  key: "plain",
  name: "Plain",
  connectAddress: "203.0.113.5:27015",
  online: true,
  lastSuccessAt: 1,
  match: {
    serverName: "Plain",
    mapName: "de_dust2",
    scoreCT: 0,
    scoreT: 0,
    playersOnline: 1,
    roundPhase: "live",
    unknown: ["score", "phase", "totals"],
  },
  summary: {
    totalPlayers: 0,
    totalKills: 0,
    totalDeaths: 0,
    totalDamage: 0,
    totalBombsPlanted: 0,
    totalBombsDefused: 0,
  },
  players: [unknownStatsPlayer({ name: "Neo", steamId: "76561198012345678", bot: false })],
  updatedAt: 1,
};
const get = (path: string) =>
  routeServerRequest(snapshot, path.split("/").filter(Boolean), new URLSearchParams());

describe("the public API never shows what the server did not report as zero", () => {
  test("match: unknown score and phase are null", () => {
    expect(get("match").body).toMatchObject({ scoreCT: null, scoreT: null, roundPhase: null });
  });

  test("summary: every total is null", () => {
    expect(Object.values(get("summary").body as object).every((x) => x === null)).toBe(true);
  });

  test("players: listed under unknownSide with null stats; they never rank", () => {
    const groups = get("players").body as Record<string, Array<Record<string, unknown>>>;
    expect(groups.unknownSide).toHaveLength(1);
    expect(groups.unknownSide![0]).toMatchObject({ name: "Neo", kills: null, kdRatio: null });
    expect(get("players/76561198012345678").body).toMatchObject({ score: null });
    expect(get("players/top/kills").body).toEqual([]);
  });

  test("players: every number and text the player's validator declares is null, none 0 or empty", () => {
    const player = get("players/76561198012345678").body as Record<string, unknown>;
    const leaked = Object.entries(vPlayer.fields)
      .filter(([key, field]) => field.kind === "float64" || key === "lastWeaponUsed")
      .map(([key]) => key)
      .filter((key) => player[key] !== null);
    expect(leaked).toEqual([]);
    expect(player).toMatchObject({ firstSeen: null, lastSeen: null, name: "Neo" });
  });
});
