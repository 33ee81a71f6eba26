/**
 * A tournament as plain functions: state in, state out, no database. This file holds the state's
 * shape, the refusal messages, creation and the launch of a finished veto; who sits where is
 * `roster.ts` and the veto itself `veto.ts`. The mutations load the
 * tournament, call one of these and write the result back, so every rule lives in plain functions
 * and the property tests exercise exactly what production runs.
 *
 * Refusals throw `fail(code, message)` with a Ukrainian message. Inputs are never mutated.
 */
import type { ObjectType } from "convex/values";
import type { Id } from "../../_generated/dataModel";
import { LAUNCH_MODES, NICKNAME_MAX, type LaunchMode } from "../../lib/catalog";
import { fail } from "../../lib/errors";
import type { WireLaunchGame } from "../../lib/gameApi";
import { otherSide } from "../../lib/side";
import {
  type TournamentFormat,
  type TournamentTeamKey,
  type tournamentFields,
} from "../../lib/tournamentFields";
import { presetFormat } from "../../lib/tournamentPresets";
import { wordedIn } from "../../lib/wording";
import { TOURNAMENT_TEXTS } from "../../lib/texts/tournament";
import { defaultName } from "../../lib/texts/tournamentNames";

/** A tournament document without its system fields. */
export type TournamentState = ObjectType<typeof tournamentFields>;

/** Longest tournament or team name. */
export const NAME_MAX = 40;

export const TOURNAMENT_MESSAGES = {
  notFound: TOURNAMENT_TEXTS["refusal.tournament.notFound"],
  alreadyJoined: TOURNAMENT_TEXTS["refusal.tournament.alreadyJoined"],
  teamFull: TOURNAMENT_TEXTS["refusal.tournament.teamFull"],
  nicknameBlank: TOURNAMENT_TEXTS["refusal.tournament.nicknameBlank"],
  nicknameTooLong: wordedIn(TOURNAMENT_TEXTS, "refusal.tournament.nicknameTooLong", {
    max: NICKNAME_MAX,
  }),
  nicknameInvalid: TOURNAMENT_TEXTS["refusal.tournament.nicknameInvalid"],
  nicknameTaken: TOURNAMENT_TEXTS["refusal.tournament.nicknameTaken"],
  nicknameIsSteamId: TOURNAMENT_TEXTS["refusal.tournament.nicknameIsSteamId"],
  notStarted: TOURNAMENT_TEXTS["refusal.tournament.notStarted"],
  notReadyPhase: TOURNAMENT_TEXTS["refusal.tournament.notReadyPhase"],
  alreadyReady: TOURNAMENT_TEXTS["refusal.tournament.alreadyReady"],
  paused: TOURNAMENT_TEXTS["refusal.tournament.paused"],
  notPaused: TOURNAMENT_TEXTS["refusal.tournament.notPaused"],
  noClock: TOURNAMENT_TEXTS["refusal.tournament.noClock"],
  notPickPhase: TOURNAMENT_TEXTS["refusal.tournament.notPickPhase"],
  mapPicked: TOURNAMENT_TEXTS["refusal.tournament.mapPicked"],
  archived: TOURNAMENT_TEXTS["refusal.tournament.archived"],
  noSuchSeriesMap: TOURNAMENT_TEXTS["refusal.tournament.noSuchSeriesMap"],
  seriesOrder: (n: number) => wordedIn(TOURNAMENT_TEXTS, "refusal.tournament.seriesOrder", { n }),
  finished: TOURNAMENT_TEXTS["refusal.tournament.finished"],
  staleStep: TOURNAMENT_TEXTS["refusal.tournament.staleStep"],
  notBanPhase: TOURNAMENT_TEXTS["refusal.tournament.notBanPhase"],
  notSidePhase: TOURNAMENT_TEXTS["refusal.tournament.notSidePhase"],
  notMember: TOURNAMENT_TEXTS["refusal.tournament.notMember"],
  notYourTurn: TOURNAMENT_TEXTS["refusal.tournament.notYourTurn"],
  unknownMap: TOURNAMENT_TEXTS["refusal.tournament.unknownMap"],
  mapBanned: TOURNAMENT_TEXTS["refusal.tournament.mapBanned"],
  launchIncomplete: TOURNAMENT_TEXTS["refusal.tournament.launchIncomplete"],
  alreadyLaunched: TOURNAMENT_TEXTS["refusal.tournament.alreadyLaunched"],
  unknownMode: (mode: string) =>
    wordedIn(TOURNAMENT_TEXTS, "refusal.tournament.unknownMode", { mode }),
  steamRequired: TOURNAMENT_TEXTS["refusal.tournament.steamRequired"],
  steamSeated: TOURNAMENT_TEXTS["refusal.tournament.steamSeated"],
  leaveTooLate: TOURNAMENT_TEXTS["refusal.tournament.leaveTooLate"],
  seatNotFound: TOURNAMENT_TEXTS["refusal.tournament.seatNotFound"],
  rosterLocked: TOURNAMENT_TEXTS["refusal.tournament.rosterLocked"],
  seriesWon: (team: string) => wordedIn(TOURNAMENT_TEXTS, "refusal.tournament.seriesWon", { team }),
  seriesWaiting: (n: number) =>
    wordedIn(TOURNAMENT_TEXTS, "refusal.tournament.seriesWaiting", { n }),
  nameTooLong: wordedIn(TOURNAMENT_TEXTS, "refusal.tournament.nameTooLong", { max: NAME_MAX }),
  nameInvalid: TOURNAMENT_TEXTS["refusal.tournament.nameInvalid"],
} as const;
const M = TOURNAMENT_MESSAGES;

/** A seat bound to a linked Steam account: the SteamID and the name Steam (or the career) gives. */
export interface SteamSeat {
  steamId: string;
  name: string;
}

/**
 * Who is acting in a tournament, as the mutation found them: their team in it, if any, and whether
 * they are an admin (not the audit log's `Actor`, which names who did something).
 */
export interface TournamentCaller {
  team: TournamentTeamKey | null;
  /** An admin deciding for the team in turn (the admin capability only; a seat never is). */
  isAdmin: boolean;
}

export function createTournament({
  createdBy,
  now,
  format = presetFormat("default"),
  slug = "default",
}: {
  createdBy: string;
  now: number;
  /** Already validated (tournamentFormats.validateFormat). */
  format?: TournamentFormat;
  slug?: string;
}): TournamentState {
  return {
    slug,
    archived: false,
    format,
    status: "waiting_for_teams",
    // The whole pool stays listed; what is still playable is `remainingMaps`.
    mapPool: [...format.mapPool],
    bannedMaps: [],
    pickedMaps: [],
    series: [],
    teamA: { name: defaultName("teamA"), players: [] },
    teamB: { name: defaultName("teamB"), players: [] },
    ready: [],
    sequence: [...format.sequence],
    currentStep: 0,
    launchedMaps: 0,
    history: [],
    createdBy,
    createdAt: now,
  };
}

export function remainingMaps(t: TournamentState): string[] {
  const gone = new Set([...t.bannedMaps, ...t.pickedMaps].map((m) => m.map));
  return t.mapPool.filter((map) => !gone.has(map));
}

export function otherTeam(team: TournamentTeamKey): TournamentTeamKey {
  return team === "teamA" ? "teamB" : "teamA";
}

/** Both teams have every seat taken. */
export function teamsFull(t: TournamentState): boolean {
  const size = t.format.teamSize;
  return t.teamA.players.length === size && t.teamB.players.length === size;
}

/**
 * Archived: hidden from the active list, steps refused. A running turn clock stops where it was
 * (as a pause), so nothing is decided by time meanwhile; back from the archive, the admin resumes.
 */
export function archive(t: TournamentState, pause: (t: TournamentState) => TournamentState) {
  const ticking = t.status === "in_progress" && t.pausedRemainingMs === undefined;
  return { ...(ticking ? pause(t) : t), archived: true };
}

export function unarchive(t: TournamentState): TournamentState {
  return { ...t, archived: false };
}

export function isLaunchMode(mode: string): mode is LaunchMode {
  return (LAUNCH_MODES as readonly string[]).includes(mode);
}

/**
 * Body of `POST /private/launch_game` for the series map at `mapIndex` (0-based). Maps launch in
 * order: a BO3 launches map 1, then offers 2 and 3. The side stored is the side of the team that
 * chose it; the other team gets the other one.
 */
export function launchPayload(t: TournamentState, mode: string, mapIndex = 0): WireLaunchGame {
  if (!isLaunchMode(mode)) fail("INVALID_INPUT", M.unknownMode(mode));
  if (t.status !== "finished" || !teamsFull(t)) fail("CONFLICT", M.launchIncomplete);
  const entry = t.series[mapIndex];
  if (!entry) fail("INVALID_INPUT", M.noSuchSeriesMap);
  if (mapIndex < t.launchedMaps && mapIndex !== relaunchableMap(t)) {
    fail("CONFLICT", M.alreadyLaunched);
  }
  if (mapIndex > t.launchedMaps) fail("CONFLICT", M.seriesOrder(t.launchedMaps + 1));
  if (t.seriesWinner) fail("CONFLICT", M.seriesWon(t[t.seriesWinner].name));
  // The next map waits for the previous one's recorded result, so the series can end in time.
  const results = t.seriesResults ?? [];
  if (mapIndex > 0 && !results.some((r) => r.mapIndex === mapIndex - 1)) {
    fail("CONFLICT", M.seriesWaiting(mapIndex));
  }
  const { side, sideBy } = entry;
  if (!side || !sideBy) fail("CONFLICT", M.launchIncomplete);
  const sideOf = (team: TournamentTeamKey) => (team === sideBy ? side : otherSide(side));
  const team = (key: TournamentTeamKey) => {
    const players = t[key].players;
    const steamIds = players.map((p) => p.steamId);
    return {
      Side: sideOf(key),
      Players: players.map((p) => p.nickname),
      Name: t[key].name,
      // The roster by SteamID (MatchZy's match config holds players by SteamID64 only).
      ...(steamIds.every((id) => id !== undefined) ? { SteamIds: steamIds as string[] } : {}),
    };
  };
  return { Mode: mode, Map: entry.map, TeamA: team("teamA"), TeamB: team("teamB") };
}

/**
 * The launched map that may be launched again: the latest one, while it has no recorded result
 * and the series is not won (it was never played through, or its match was voided). Without
 * this a series whose map never produced a result could go neither back nor on.
 */
export function relaunchableMap(
  t: Pick<TournamentState, "launchedMaps" | "seriesResults" | "seriesWinner">,
): number | null {
  const last = t.launchedMaps - 1;
  if (last < 0 || t.seriesWinner) return null;
  return (t.seriesResults ?? []).some((r) => r.mapIndex === last) ? null : last;
}

/**
 * Records that the series map at `mapIndex` started on the server (the next one, or the latest
 * one again), and where and when. The one place a launch is marked.
 */
export function markLaunched(
  t: TournamentState,
  mode: string,
  mapIndex: number,
  on?: { serverId: Id<"servers">; at: number },
): TournamentState {
  const { launchedOn: _previous, ...rest } = t;
  return {
    ...rest,
    launchedMaps: Math.max(t.launchedMaps, mapIndex + 1),
    launchedMode: mode,
    ...(on ? { launchedOn: on } : {}),
  };
}

/** Every map of the series was launched (nothing is left to start). */
export function isLaunched(t: Pick<TournamentState, "launchedMaps" | "series">): boolean {
  return t.series.length > 0 && t.launchedMaps >= t.series.length;
}

/** Maps of the series each team has won so far. */
export function seriesScore(t: TournamentState): { teamA: number; teamB: number } {
  const results = t.seriesResults ?? [];
  return {
    teamA: results.filter((r) => r.winner === "teamA").length,
    teamB: results.filter((r) => r.winner === "teamB").length,
  };
}
