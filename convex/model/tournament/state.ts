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

/** A tournament document without its system fields. */
export type TournamentState = ObjectType<typeof tournamentFields>;

/** Longest tournament or team name. */
export const NAME_MAX = 40;

export const TOURNAMENT_MESSAGES = {
  notFound: "Активний турнір не знайдено.",
  alreadyJoined: "Ви вже приєдналися до команди.",
  teamFull: "Ця команда вже укомплектована.",
  nicknameBlank: "Введіть нікнейм Steam.",
  nicknameTooLong: `Нікнейм задовгий: не більше ${NICKNAME_MAX} символів.`,
  nicknameInvalid: "Нікнейм містить недопустимі символи.",
  nicknameTaken: "Цей нікнейм уже використовується в турнірі.",
  nicknameIsSteamId: "Введіть нікнейм Steam, а не SteamID.",
  notStarted: "Турнір ще не розпочався: команди не укомплектовані.",
  notReadyPhase: "Зараз не етап підтвердження готовності.",
  alreadyReady: "Ви вже підтвердили готовність.",
  paused: "Вето на паузі: зачекайте, доки адміністратор продовжить.",
  notPaused: "Вето не на паузі.",
  noClock: "У цього турніру немає таймера ходу.",
  notPickPhase: "Зараз не етап вибору мапи.",
  mapPicked: "Цю мапу вже обрано.",
  archived: "Турнір в архіві.",
  noSuchSeriesMap: "У серії немає такої мапи.",
  seriesOrder: (n: number) => `Спершу запустіть мапу ${n} серії.`,
  finished: "Турнір уже завершено.",
  staleStep: "Цей крок уже зроблено. Оновлено стан турніру.",
  notBanPhase: "Зараз не етап бану мап.",
  notSidePhase: "Зараз не етап вибору сторони.",
  notMember: "Ви не учасник цього турніру.",
  notYourTurn: "Зараз хід іншої команди.",
  unknownMap: "Такої мапи немає в пулі турніру.",
  mapBanned: "Цю мапу вже забанено.",
  launchIncomplete: "Конфігурація матчу не завершена.",
  alreadyLaunched: "Матч уже запущено. Створіть новий турнір, щоб зіграти ще раз.",
  unknownMode: (mode: string) => `Невідомий режим гри: ${mode}`,
  steamRequired:
    "Для цього турніру потрібен прив'язаний акаунт Steam: відкрийте «Мій профіль» і натисніть «Прив'язати Steam».",
  steamSeated: "Цей акаунт Steam уже має місце в турнірі.",
  leaveTooLate:
    "Вийти з команди можна лише до початку вето. Попросіть адміністратора замінити вас.",
  seatNotFound: "Такого гравця в команді немає.",
  rosterLocked: "Матч уже запущено: склад команд змінити не можна.",
  seriesWon: (team: string) => `Серію вже виграла ${team}.`,
  seriesWaiting: (n: number) =>
    `Спершу дочекайтеся результату мапи ${n}: він з'явиться, щойно матч буде записано в історію.`,
  nameTooLong: `Назва задовга: не більше ${NAME_MAX} символів.`,
  nameInvalid: "Назва містить недопустимі символи.",
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
    teamA: { name: "Команда A", players: [] },
    teamB: { name: "Команда B", players: [] },
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
