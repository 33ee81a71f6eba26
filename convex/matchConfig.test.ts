/**
 * MatchZy's match config for a tournament launch: built from the Steam seats, the team names and
 * the veto's map and sides (model/tournament/matchConfig.ts), and served at `/matchzy/match/{key}` only to a
 * caller with the launch's token, until it expires (convex/http.ts).
 */
import { describe, expect, test } from "vitest";
import type { Id } from "./_generated/dataModel";
import { MATCH_CONFIG_HEADER, MATCH_CONFIG_TTL_MS, matchzyTeamName } from "./lib/matchzyMatch";
import { matchConfigUrl, matchzyConfigOf, storeMatchConfig } from "./model/tournament/matchConfig";
import { createTournament, launchPayload, type TournamentState } from "./model/tournament/state";
import { serverRow, setupTest } from "./test.setup";

const A1 = "76561198000000601";
const A2 = "76561198000000602";
const B1 = "76561198000000603";
const B2 = "76561198000000604";

/** A finished 2v2 BO3 veto with Steam seats: Nuke (A chose T), Inferno (B chose CT), Overpass. */
function finishedBo3(steam = true): TournamentState {
  const base = createTournament({ createdBy: "Olena", now: 1, slug: "cup" });
  const seat = (nickname: string, steamId: string) => ({
    nickname,
    joinedAt: 1,
    ...(steam ? { steamId } : {}),
  });
  return {
    ...base,
    name: "Кубок <весни>",
    status: "finished",
    teamA: { name: "Вовки; quit", players: [seat("Петро", A1), seat("Олег", A2)] },
    teamB: { name: "Team B", players: [seat("Max", B1), seat("Ірина", B2)] },
    series: [
      { map: "de_nuke", side: "T", sideBy: "teamA" },
      { map: "de_inferno", side: "CT", sideBy: "teamB" },
      { map: "de_overpass", side: "CT", sideBy: "teamA" },
    ],
  };
}

describe("the config a launch loads", () => {
  test("team names, the roster by SteamID64, the map and team 1's side from the veto", () => {
    const t = finishedBo3();
    const config = matchzyConfigOf(launchPayload(t, "wingman", 0), {
      matchId: 1764000000000,
      teamSize: 2,
    });
    expect(config).toEqual({
      matchid: 1764000000000,
      team1: { name: "Вовки; quit", players: { [A1]: "Петро", [A2]: "Олег" } },
      team2: { name: "Team B", players: { [B1]: "Max", [B2]: "Ірина" } },
      num_maps: 1,
      maplist: ["de_nuke"],
      map_sides: ["team1_t"],
      skip_veto: true,
      clinch_series: true,
      players_per_team: 2,
      wingman: true,
    });
    // What MatchZy makes of the name before it reaches `mp_teamname_N`: nothing that splits a line.
    expect(matchzyTeamName(config!.team1.name)).toBe("Вовки quit");
  });

  test("the second map: the side chosen by team B, so team 1 (A) takes the other one", () => {
    const t = { ...finishedBo3(), launchedMaps: 1, seriesResults: [] as never[] };
    const done = {
      ...t,
      seriesResults: [
        {
          mapIndex: 0,
          map: "de_nuke",
          matchId: "m" as unknown as Id<"matches">,
          winner: "teamA" as const,
          scoreA: 13,
          scoreB: 4,
        },
      ],
    };
    const config = matchzyConfigOf(launchPayload(done, "competitive", 1), {
      matchId: 7,
      teamSize: 2,
    });
    expect(config).toMatchObject({ maplist: ["de_inferno"], map_sides: ["team1_t"] });
    expect(config?.wingman).toBe(false);
  });

  test("seats without SteamIDs give no config: MatchZy holds players by SteamID64 only", () => {
    const payload = launchPayload(finishedBo3(false), "wingman", 0);
    expect(matchzyConfigOf(payload, { matchId: 1, teamSize: 2 })).toBeNull();
  });

  test("the URL: the deployment's site URL and the key; none without a site URL", () => {
    expect(matchConfigUrl("https://x.convex.site/", "ab")).toBe(
      "https://x.convex.site/matchzy/match/ab",
    );
    expect(matchConfigUrl(undefined, "ab")).toBe("");
  });
});

describe("GET /matchzy/match/{key}", () => {
  async function stored(now = Date.now()) {
    const t = setupTest();
    const config = matchzyConfigOf(launchPayload(finishedBo3(), "wingman", 0), {
      matchId: 42,
      teamSize: 2,
    })!;
    const saved = await t.run(async (ctx) => {
      const serverId = await ctx.db.insert("servers", serverRow());
      const tournamentId = await ctx.db.insert("tournaments", finishedBo3());
      return await storeMatchConfig(ctx, { tournamentId, serverId, config }, now);
    });
    const fetchWith = (headers: Record<string, string>, key = saved.key) =>
      t.fetch(`/matchzy/match/${key}`, { method: "GET", headers });
    return { t, config, saved, fetchWith };
  }

  test("with the launch's token: exactly the config, never cached", async () => {
    const { config, saved, fetchWith } = await stored();
    const res = await fetchWith({ [MATCH_CONFIG_HEADER]: saved.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(await res.json()).toEqual(config);
  });

  test("a wrong or missing token is refused with 401, an unknown key with 404", async () => {
    const { saved, fetchWith } = await stored();
    const wrong = saved.token.replace(/^./, (c) => (c === "0" ? "1" : "0"));
    const attempts: Record<string, string>[] = [
      {},
      { [MATCH_CONFIG_HEADER]: wrong },
      { "X-Other": saved.token },
    ];
    for (const headers of attempts) {
      const res = await fetchWith(headers);
      expect(res.status).toBe(401);
      expect(JSON.stringify(await res.json())).not.toContain(A1);
    }
    const unknown = await fetchWith({ [MATCH_CONFIG_HEADER]: saved.token }, "0".repeat(32));
    expect(unknown.status).toBe(404);
    const malformed = await fetchWith({ [MATCH_CONFIG_HEADER]: saved.token }, "..%2Fx");
    expect(malformed.status).toBe(404);
  });

  test("once expired it is gone (410), and expired configs are deleted as new ones come", async () => {
    const { t, saved, fetchWith } = await stored(Date.now() - MATCH_CONFIG_TTL_MS - 1000);
    const res = await fetchWith({ [MATCH_CONFIG_HEADER]: saved.token });
    expect(res.status).toBe(410);
    const left = await t.run(async (ctx) => {
      const [row] = await ctx.db.query("matchConfigs").collect();
      await storeMatchConfig(
        ctx,
        { tournamentId: row!.tournamentId, serverId: row!.serverId, config: JSON.parse(row!.body) },
        Date.now(),
      );
      return await ctx.db.query("matchConfigs").collect();
    });
    expect(left.map((r) => r.key)).not.toContain(saved.key);
    expect(left).toHaveLength(1);
  });
});
