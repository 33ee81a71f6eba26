import type { MessageKey } from "@/i18n";
import "@/i18n/load/docs";
import { HISTORY_ENDPOINTS } from "./history-endpoints";

const examplePlayer = {
  steamId: "76561198000000001",
  name: "s1mple_fan",
  team: "Counter-Terrorist",
  score: 42,
  kills: 18,
  deaths: 9,
  assists: 4,
  kdRatio: 2,
  mvp: 3,
  headshots: 9,
  chickenKills: 1,
  totalDamage: 2140,
  bombPlants: 0,
  bombDefuses: 1,
  grenadeKills: 1,
  grenadeDamageDealt: 186,
  enemiesFlashed: 7,
  knifeKills: 0,
  zeusKills: 1,
  playTimeMinutes: 37.5,
  roundsPlayed: 21,
  firstSeen: "2026-11-22T17:20:11.000Z",
  lastSeen: "2026-11-22T18:04:02.000Z",
  lastWeaponUsed: "ak47",
};

export interface EndpointDoc {
  path: string;
  description: MessageKey;
  params?: MessageKey[];
  example: unknown;
}

export const ENDPOINTS: EndpointDoc[] = [
  {
    path: "/api/servers",
    description: "docs.ep.servers",
    example: [
      {
        key: "server1",
        name: "Server #1",
        connectAddress: "203.0.113.10:27015",
        online: true,
        gotvAddress: "203.0.113.10:27020",
      },
      { key: "server2", name: "Server #2", connectAddress: "203.0.113.10:27016", online: false },
    ],
  },
  {
    path: "/api/servers/{key}/status",
    description: "docs.ep.status",
    example: {
      key: "server1",
      name: "Server #1",
      connectAddress: "203.0.113.10:27015",
      online: true,
      status: "Online",
      lastSuccessAt: "2026-11-22T18:04:05.000Z",
      timestamp: "2026-11-22T18:04:07.120Z",
    },
  },
  {
    path: "/api/servers/{key}/match",
    description: "docs.ep.match",
    example: {
      serverName: "Server #1",
      mapName: "de_dust2",
      scoreCT: 7,
      scoreT: 5,
      playersOnline: 10,
      roundPhase: "live",
      gameMode: "competitive",
      round: 13,
      maxRounds: 24,
    },
  },
  {
    path: "/api/servers/{key}/summary",
    description: "docs.ep.summary",
    example: {
      totalPlayers: 12,
      totalKills: 164,
      totalDeaths: 159,
      totalDamage: 21870,
      totalBombsPlanted: 6,
      totalBombsDefused: 2,
    },
  },
  {
    path: "/api/servers/{key}/players",
    description: "docs.ep.players",
    example: {
      terrorists: [],
      counterTerrorists: [examplePlayer],
      spectators: [],
      offline: [],
      unknownSide: [],
    },
  },
  {
    path: "/api/servers/{key}/players/{steamId}",
    description: "docs.ep.player",
    params: ["docs.param.steamId"],
    example: examplePlayer,
  },
  {
    path: "/api/servers/{key}/search?q=fan",
    description: "docs.ep.search",
    params: ["docs.param.q"],
    example: [examplePlayer],
  },
  {
    path: "/api/servers/{key}/players/top/{criterion}?limit=5",
    description: "docs.ep.top",
    params: ["docs.param.criterion", "docs.param.limit"],
    example: [examplePlayer],
  },
  ...HISTORY_ENDPOINTS,
  {
    path: "/api/bans?limit=50&cursor=",
    description: "docs.ep.bans",
    params: ["docs.param.bansLimit", "docs.param.cursor"],
    example: {
      bans: [
        {
          steamId: "76561198000000001",
          name: "s1mple_fan",
          reason: "wallhack",
          server: "Server #1",
          durationMinutes: 1440,
          bannedAt: "2026-11-22T18:04:02.000Z",
          expiresAt: "2026-11-23T18:04:02.000Z",
        },
      ],
      nextCursor: null,
    },
  },
];

export const ERROR_EXAMPLE = { error: "Invalid steam id", details: "12345" };
