import type { Player } from "./validators";

/** A player's numbers before anything was counted: who they are is the caller's to say. */
export const NO_PLAYER_STATS = {
  score: 0,
  kills: 0,
  deaths: 0,
  assists: 0,
  kdRatio: 0,
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
  playTimeMinutes: 0,
  roundsPlayed: 0,
  firstSeen: "",
  lastSeen: "",
  lastWeaponUsed: "",
} as const satisfies Omit<Player, "steamId" | "name" | "team" | "statsUnknown">;
