/** The simulated player: internal state plus its wire form (gameApi.ts WirePlayer). */
import { type WirePlayer, type WireTeam } from "../../convex/lib/gameApi";
import type { Side as PlayingSide } from "../../convex/lib/side";
import { type Rng } from "./rng";

export type { PlayingSide };
/** A player's team: a side of the map, or spectating. */
export type Side = PlayingSide | "SPEC";

export interface PlayerStats {
  score: number;
  kills: number;
  deaths: number;
  assists: number;
  mvp: number;
  headshots: number;
  chickenKills: number;
  totalDamage: number;
  bombPlants: number;
  bombDefuses: number;
  grenadeKills: number;
  grenadeDamageDealt: number;
  enemiesFlashed: number;
  knifeKills: number;
  zeusKills: number;
  roundsPlayed: number;
  /** Rounds with 2, 3, 4 and 5+ kills (CS2's MatchStats; MatchZy's 2k..5k, not in /players). */
  enemy2Ks: number;
  enemy3Ks: number;
  enemy4Ks: number;
  enemy5Ks: number;
}

export interface SimPlayer {
  /** The console's userid (what `kickid` and `status` use). */
  userId: number;
  steamId: string;
  name: string;
  isBot: boolean;
  side: Side;
  connected: boolean;
  alive: boolean;
  stats: PlayerStats;
  roundKills: number;
  playMs: number;
  firstSeen: number;
  lastSeen: number;
  connectedAt: number;
  lastWeaponUsed: string;
  ping: number;
  address: string;
}

export function emptyStats(): PlayerStats {
  return {
    score: 0,
    kills: 0,
    deaths: 0,
    assists: 0,
    mvp: 0,
    headshots: 0,
    chickenKills: 0,
    totalDamage: 0,
    bombPlants: 0,
    bombDefuses: 0,
    grenadeKills: 0,
    grenadeDamageDealt: 0,
    enemiesFlashed: 0,
    knifeKills: 0,
    zeusKills: 0,
    roundsPlayed: 0,
    enemy2Ks: 0,
    enemy3Ks: 0,
    enemy4Ks: 0,
    enemy5Ks: 0,
  };
}

const STEAM_ID64_BASE = 76561197960265728n;

/** What a bot reports as its SteamID. */
export const BOT_STEAM_ID = "0";

/** A valid individual SteamID64 (account ids well inside the range isSteamId64 accepts). */
export function randomSteamId(rng: Rng): string {
  const accountId = rng.int(10_000_000, 1_900_000_000);
  return (STEAM_ID64_BASE + BigInt(accountId)).toString();
}

export function steamId3(steamId: string): string {
  return `[U:1:${BigInt(steamId) - STEAM_ID64_BASE}]`;
}

const WIRE_TEAM: Record<Side, WireTeam> = {
  T: "Terrorist",
  CT: "Counter-Terrorist",
  SPEC: "Spectator",
};

export function toWirePlayer(p: SimPlayer, now: number): WirePlayer {
  const s = p.stats;
  return {
    // Like a real CS2 server, bots have no SteamID: the plugin reports "0" (MatchZy does too).
    steamId: p.isBot ? BOT_STEAM_ID : p.steamId,
    name: p.name,
    team: p.connected ? WIRE_TEAM[p.side] : "Offline",
    score: s.score,
    kills: s.kills,
    deaths: s.deaths,
    assists: s.assists,
    kdRatio: s.deaths === 0 ? s.kills : Math.round((s.kills / s.deaths) * 100) / 100,
    mvp: s.mvp,
    headshots: s.headshots,
    chickenKills: s.chickenKills,
    totalDamage: s.totalDamage,
    bombPlants: s.bombPlants,
    bombDefuses: s.bombDefuses,
    grenadeKills: s.grenadeKills,
    grenadeDamageDealt: s.grenadeDamageDealt,
    enemiesFlashed: s.enemiesFlashed,
    knifeKills: s.knifeKills,
    zeusKills: s.zeusKills,
    playTimeMinutes: Math.floor(p.playMs / 60_000),
    roundsPlayed: s.roundsPlayed,
    firstSeen: new Date(p.firstSeen).toISOString(),
    lastSeen: new Date(p.connected ? now : p.lastSeen).toISOString(),
    lastWeaponUsed: p.lastWeaponUsed,
  };
}
