/**
 * The veto formats a tournament can start from, and the bounds of a custom one. A format's
 * sequence is written with `teamA` as the team that moves first; the coin toss (or the admin)
 * decides which real team that is when the veto starts.
 */
import type {
  TournamentAction,
  TournamentFormat,
  TournamentPreset,
  TournamentTeamKey,
} from "./tournamentFields";

export type Step = TournamentFormat["sequence"][number];

const A = "teamA" as const;
const B = "teamB" as const;
const step = (team: TournamentTeamKey, action: TournamentAction): Step => ({ team, action });

/** The spec's 2v2 wingman pool. */
export const MAP_POOL = [
  "de_inferno",
  "de_nuke",
  "de_overpass",
  "de_vertigo",
  "de_dogtown",
  "de_brewery",
] as const;

/** The spec's order: A ban, B ban, A ban, B ban, B ban, A side pick. */
export const SEQUENCE: readonly Step[] = [
  step(A, "Ban"),
  step(B, "Ban"),
  step(A, "Ban"),
  step(B, "Ban"),
  step(B, "Ban"),
  step(A, "SidePick"),
];

/** CS2's active-duty pool (the catalog's competitive group). */
export const ACTIVE_DUTY = [
  "de_ancient",
  "de_dust2",
  "de_inferno",
  "de_mirage",
  "de_nuke",
  "de_overpass",
  "de_train",
] as const;

export const TEAM_SIZE_MIN = 1;
export const TEAM_SIZE_MAX = 5;
export const TURN_SECONDS_MIN = 30;
export const TURN_SECONDS_MAX = 120;
export const POOL_MAX = 12;
export const SEQUENCE_MAX = 24;
export const SERIES_MAX = 5;

const PRESETS: Record<Exclude<TournamentPreset, "custom">, TournamentFormat> = {
  // The spec's flow, unchanged: A always starts, no ready check, no clock.
  default: {
    preset: "default",
    teamSize: 2,
    mapPool: [...MAP_POOL],
    sequence: [...SEQUENCE],
    readyCheck: false,
    turnSeconds: 0,
    firstTeam: A,
  },
  duel: {
    preset: "duel",
    teamSize: 1,
    mapPool: [...MAP_POOL],
    sequence: [...SEQUENCE],
    readyCheck: true,
    turnSeconds: 60,
  },
  // Valve Major BO1: six alternating bans, the decider's side by the team that did not ban last.
  major_bo1: {
    preset: "major_bo1",
    teamSize: 5,
    mapPool: [...ACTIVE_DUTY],
    sequence: [
      step(A, "Ban"),
      step(B, "Ban"),
      step(A, "Ban"),
      step(B, "Ban"),
      step(A, "Ban"),
      step(B, "Ban"),
      step(A, "SidePick"),
    ],
    readyCheck: true,
    turnSeconds: 60,
  },
  // Ban, ban, pick, pick, ban, ban, decider; the team that did not pick a map picks its side.
  bo3: {
    preset: "bo3",
    teamSize: 5,
    mapPool: [...ACTIVE_DUTY],
    sequence: [
      step(A, "Ban"),
      step(B, "Ban"),
      step(A, "Pick"),
      step(B, "SidePick"),
      step(B, "Pick"),
      step(A, "SidePick"),
      step(A, "Ban"),
      step(B, "Ban"),
      step(A, "SidePick"),
    ],
    readyCheck: true,
    turnSeconds: 60,
  },
};

export const PRESET_NAMES = Object.keys(PRESETS) as Exclude<TournamentPreset, "custom">[];

export function presetFormat(preset: Exclude<TournamentPreset, "custom">): TournamentFormat {
  const format = PRESETS[preset];
  return { ...format, mapPool: [...format.mapPool], sequence: [...format.sequence] };
}
