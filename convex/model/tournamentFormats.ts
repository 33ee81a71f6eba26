/**
 * Veto formats: the presets and the check that a custom one is playable. A format's sequence is
 * written with `teamA` as the team that moves first; the coin toss (or the admin) decides which
 * real team that is when the veto starts.
 */
import { OFFICIAL_MAPS, WORKSHOP_GROUPS } from "../lib/catalog";
import { fail } from "../lib/errors";
import type {
  TournamentAction,
  TournamentFormat,
  TournamentPreset,
  TournamentTeamKey,
} from "../lib/validators";

type Step = TournamentFormat["sequence"][number];

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

export const FORMAT_MESSAGES = {
  teamSize: `Розмір команди: від ${TEAM_SIZE_MIN} до ${TEAM_SIZE_MAX} гравців.`,
  turnSeconds: `Таймер ходу: вимкнено або від ${TURN_SECONDS_MIN} до ${TURN_SECONDS_MAX} секунд.`,
  poolSize: `Пул мап: від 2 до ${POOL_MAX} мап.`,
  poolDuplicate: (map: string) => `Мапа ${map} у пулі двічі.`,
  poolUnknown: (map: string) => `Мапи ${map} немає в каталозі.`,
  sequenceLength: `Послідовність: від 1 до ${SEQUENCE_MAX} кроків.`,
  lastMapBanned: (n: number) => `Крок ${n}: не можна забанити останню мапу пулу.`,
  noMapToPick: (n: number) => `Крок ${n}: у пулі не лишилося мап для вибору.`,
  noMapForSide: (n: number) => `Крок ${n}: вибір сторони без визначеної мапи.`,
  pickerPicksSide: (n: number) =>
    `Крок ${n}: сторону на мапі обирає команда, яка цю мапу не обирала.`,
  mapsLeft: (left: number) =>
    `Після всіх банів і виборів лишається ${left} мап: має лишитися одна (вирішальна) або жодної.`,
  noSeries: "Серія без жодної мапи: додайте вибір мапи або залиште одну вирішальну.",
  seriesTooLong: `Серія довша за ${SERIES_MAX} мап.`,
  sideMissing: (map: number) => `Для мапи ${map} серії немає вибору сторони.`,
  presetMismatch: "Налаштування пресету змінювати не можна: оберіть «Власний формат».",
} as const;
const F = FORMAT_MESSAGES;

const WORKSHOP_NAMES: ReadonlySet<string> = new Set(
  WORKSHOP_GROUPS.flatMap((g) => g.maps.map((m) => m.name)),
);

export function isCatalogMap(map: string): boolean {
  return OFFICIAL_MAPS.has(map) || WORKSHOP_NAMES.has(map);
}

/**
 * Plays the sequence through on the pool's size alone and returns how many maps the series has,
 * or refuses with the first problem. Each Ban leaves at least one map; each Pick adds a series map;
 * after the last Ban/Pick at most one map is left, and it becomes the decider. Every series map
 * gets exactly one side pick, after the map is known, by a team that did not pick it.
 */
export function checkSequence(poolSize: number, sequence: readonly Step[]): number {
  if (sequence.length < 1 || sequence.length > SEQUENCE_MAX) {
    fail("INVALID_INPUT", F.sequenceLength);
  }
  let lastMapStep = -1;
  sequence.forEach((s, i) => {
    if (s.action !== "SidePick") lastMapStep = i;
  });
  let left = poolSize;
  const series: { pickedBy?: TournamentTeamKey; sided: boolean }[] = [];
  sequence.forEach((s, i) => {
    const n = i + 1;
    if (s.action === "Ban") {
      if (left <= 1) fail("INVALID_INPUT", F.lastMapBanned(n));
      left--;
    } else if (s.action === "Pick") {
      if (left < 1) fail("INVALID_INPUT", F.noMapToPick(n));
      left--;
      series.push({ pickedBy: s.team, sided: false });
    } else {
      const target = series.find((m) => !m.sided);
      if (!target) fail("INVALID_INPUT", F.noMapForSide(n));
      if (target.pickedBy === s.team) fail("INVALID_INPUT", F.pickerPicksSide(n));
      target.sided = true;
    }
    if (i === lastMapStep) {
      if (left > 1) fail("INVALID_INPUT", F.mapsLeft(left));
      if (left === 1) series.push({ sided: false });
    }
  });
  if (lastMapStep === -1) {
    if (left > 1) fail("INVALID_INPUT", F.mapsLeft(left));
    fail("INVALID_INPUT", F.noMapForSide(1));
  }
  if (series.length === 0) fail("INVALID_INPUT", F.noSeries);
  if (series.length > SERIES_MAX) fail("INVALID_INPUT", F.seriesTooLong);
  const missing = series.findIndex((m) => !m.sided);
  if (missing !== -1) fail("INVALID_INPUT", F.sideMissing(missing + 1));
  return series.length;
}

/** The format as the server stores it, or a refusal naming the first problem. */
export function validateFormat(format: TournamentFormat): TournamentFormat {
  if (format.preset !== "custom") {
    const preset = presetFormat(format.preset);
    // Only the clock and the first team may differ from a preset.
    const same =
      preset.teamSize === format.teamSize &&
      preset.readyCheck === format.readyCheck &&
      JSON.stringify(preset.mapPool) === JSON.stringify(format.mapPool) &&
      JSON.stringify(preset.sequence.map((s) => [s.team, s.action])) ===
        JSON.stringify(format.sequence.map((s) => [s.team, s.action]));
    if (!same) fail("INVALID_INPUT", F.presetMismatch);
  }
  const { teamSize, turnSeconds, mapPool, sequence } = format;
  if (!Number.isInteger(teamSize) || teamSize < TEAM_SIZE_MIN || teamSize > TEAM_SIZE_MAX) {
    fail("INVALID_INPUT", F.teamSize);
  }
  const clockOk =
    turnSeconds === 0 ||
    (Number.isInteger(turnSeconds) &&
      turnSeconds >= TURN_SECONDS_MIN &&
      turnSeconds <= TURN_SECONDS_MAX);
  if (!clockOk) fail("INVALID_INPUT", F.turnSeconds);
  if (mapPool.length < 2 || mapPool.length > POOL_MAX) fail("INVALID_INPUT", F.poolSize);
  const seen = new Set<string>();
  for (const map of mapPool) {
    if (!isCatalogMap(map)) fail("INVALID_INPUT", F.poolUnknown(map.slice(0, 40)));
    if (seen.has(map)) fail("INVALID_INPUT", F.poolDuplicate(map));
    seen.add(map);
  }
  checkSequence(mapPool.length, sequence);
  return format;
}

/** Swaps the teams of a format's steps when the second-listed team won the right to start. */
export function orientSequence(sequence: readonly Step[], first: TournamentTeamKey): Step[] {
  if (first === A) return [...sequence];
  return sequence.map((s) => ({ ...s, team: s.team === A ? B : A }));
}
