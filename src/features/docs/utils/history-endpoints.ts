import "@/i18n/load/docs";
import type { EndpointDoc } from "./endpoints";

const exampleMatch = {
  id: "k57a3h0d9yq7x3w2n1m0p8r6b57v4c2e",
  map: "de_mirage",
  mode: "competitive",
  startedAt: "2026-11-22T17:20:11.000Z",
  endedAt: "2026-11-22T18:04:02.000Z",
  scoreCT: 13,
  scoreT: 9,
  winner: "CT",
  rounds: 22,
};

const exampleLine = {
  steamId: "76561198000000001",
  name: "s1mple_fan",
  side: "CT",
  kills: 21,
  deaths: 14,
  assists: 5,
  headshots: 11,
  damage: 2310,
  mvps: 4,
  rounds: 22,
};

/** Match history, careers and leaderboards. */
export const HISTORY_ENDPOINTS: EndpointDoc[] = [
  {
    path: "/api/servers/{key}/matches?limit=20&cursor=",
    description: "docs.ep.matches",
    params: ["docs.param.matchesLimit", "docs.param.cursor"],
    example: { matches: [exampleMatch], nextCursor: null },
  },
  {
    path: "/api/matches/{id}",
    description: "docs.ep.matchById",
    example: {
      ...exampleMatch,
      server: "server1",
      counted: true,
      source: "push",
      players: [exampleLine],
    },
  },
  {
    path: "/api/players/{steamId}",
    description: "docs.ep.career",
    params: ["docs.param.steamId"],
    example: {
      steamId: "76561198000000001",
      name: "s1mple_fan",
      names: ["s1mple_fan", "fan"],
      matches: 12,
      wins: 7,
      losses: 5,
      kills: 214,
      deaths: 160,
      assists: 51,
      headshots: 101,
      damage: 23410,
      mvps: 30,
      rounds: 250,
      kd: 1.34,
      hsPercent: 47.2,
      adr: 93.64,
      firstSeen: "2026-11-02T19:01:44.000Z",
      lastSeen: "2026-11-22T18:04:02.000Z",
    },
  },
  {
    path: "/api/leaderboard/{criterion}?limit=10&season=2026-11",
    description: "docs.ep.leaderboard",
    params: ["docs.param.boardCriterion", "docs.param.boardLimit", "docs.param.season"],
    example: {
      criterion: "kills",
      season: "2026-11",
      players: [
        { rank: 1, steamId: "76561198000000001", name: "s1mple_fan", value: 214, matches: 12 },
      ],
    },
  },
];
