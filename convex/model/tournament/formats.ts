/**
 * The check that a custom veto format is playable (the presets are in lib/tournamentPresets.ts),
 * and turning a format's sequence to the team that moves first.
 */
import { OFFICIAL_MAPS, WORKSHOP_GROUPS } from "../../lib/catalog";
import { fail } from "../../lib/errors";
import { TOURNAMENT_TEXTS } from "../../lib/texts/tournament";
import type { TournamentFormat, TournamentTeamKey } from "../../lib/tournamentFields";
import {
  POOL_MAX,
  SEQUENCE_MAX,
  SERIES_MAX,
  TEAM_SIZE_MAX,
  TEAM_SIZE_MIN,
  TURN_SECONDS_MAX,
  TURN_SECONDS_MIN,
  presetFormat,
  type Step,
} from "../../lib/tournamentPresets";
import { wordedIn } from "../../lib/wording";

const T = TOURNAMENT_TEXTS;

/** Why a custom format is refused, worded by the panel from the key (`refusal.tournament.format*`). */
export const FORMAT_MESSAGES = {
  teamSize: wordedIn(T, "refusal.tournament.formatTeamSize", {
    min: TEAM_SIZE_MIN,
    max: TEAM_SIZE_MAX,
  }),
  turnSeconds: wordedIn(T, "refusal.tournament.formatTurnSeconds", {
    min: TURN_SECONDS_MIN,
    max: TURN_SECONDS_MAX,
  }),
  poolSize: wordedIn(T, "refusal.tournament.formatPoolSize", { max: POOL_MAX }),
  poolDuplicate: (map: string) => wordedIn(T, "refusal.tournament.formatPoolDuplicate", { map }),
  poolUnknown: (map: string) => wordedIn(T, "refusal.tournament.formatPoolUnknown", { map }),
  sequenceLength: wordedIn(T, "refusal.tournament.formatSequenceLength", { max: SEQUENCE_MAX }),
  lastMapBanned: (n: number) => wordedIn(T, "refusal.tournament.formatLastMapBanned", { n }),
  noMapToPick: (n: number) => wordedIn(T, "refusal.tournament.formatNoMapToPick", { n }),
  noMapForSide: (n: number) => wordedIn(T, "refusal.tournament.formatNoMapForSide", { n }),
  pickerPicksSide: (n: number) => wordedIn(T, "refusal.tournament.formatPickerPicksSide", { n }),
  mapsLeft: (left: number) => wordedIn(T, "refusal.tournament.formatMapsLeft", { left }),
  noSeries: wordedIn(T, "refusal.tournament.formatNoSeries"),
  seriesTooLong: wordedIn(T, "refusal.tournament.formatSeriesTooLong", { max: SERIES_MAX }),
  sideMissing: (map: number) => wordedIn(T, "refusal.tournament.formatSideMissing", { map }),
  presetMismatch: wordedIn(T, "refusal.tournament.formatPresetMismatch"),
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
  if (first === "teamA") return [...sequence];
  return sequence.map((s) => ({ ...s, team: s.team === "teamA" ? "teamB" : "teamA" }));
}
