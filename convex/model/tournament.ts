/**
 * The 2v2 map veto as plain functions: state in, state out, no database. The mutations in
 * `convex/tournament.ts` load the active tournament, call one of these and write the result back,
 * so every rule lives here and the property tests exercise exactly what production runs.
 *
 * Refusals throw `fail(code, message)` with a Ukrainian message. Inputs are never mutated.
 */
import { looksLikeSteamId } from "../lib/steamId";
import type { ObjectType } from "convex/values";
import { LAUNCH_MODES, NICKNAME_MAX, type LaunchMode } from "../lib/catalog";
import { fail } from "../lib/errors";
import type { WireLaunchGame } from "../lib/gameApi";
import type { Chance } from "../lib/random";
import { otherSide, type Side } from "../lib/side";
import {
  type TournamentFormat,
  type TournamentTeamKey,
  type tournamentFields,
} from "../lib/validators";
import { presetFormat } from "../lib/tournamentPresets";
import { orientSequence } from "./tournamentFormats";

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

/** Who is acting, as the mutation found them: their team in this tournament, if any. */
export interface Actor {
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

// Control characters (incl. NUL, newlines, C1) and bidi overrides, which can disguise a name.
const FORBIDDEN_CHARS = /[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** Trimmed, NFC-normalised nickname, or a refusal. */
export function normalizeNickname(raw: string): string {
  const nickname = raw.trim().normalize("NFC");
  if (!nickname) fail("INVALID_INPUT", M.nicknameBlank);
  if ([...nickname].length > NICKNAME_MAX) fail("INVALID_INPUT", M.nicknameTooLong);
  if (FORBIDDEN_CHARS.test(nickname)) fail("INVALID_INPUT", M.nicknameInvalid);
  // Launch places players by nickname; a SteamID typed here (in any form, fullwidth digits or
  // hidden characters included) must never pick someone else.
  if (looksLikeSteamId(nickname)) fail("INVALID_INPUT", M.nicknameIsSteamId);
  return nickname;
}

function withTeam(
  t: TournamentState,
  team: TournamentTeamKey,
  value: TournamentState["teamA"],
): TournamentState {
  return team === "teamA" ? { ...t, teamA: value } : { ...t, teamB: value };
}

function teamsFull(t: TournamentState): boolean {
  const size = t.format.teamSize;
  return t.teamA.players.length === size && t.teamB.players.length === size;
}

export function join(
  t: TournamentState,
  actor: Actor,
  team: TournamentTeamKey,
  rawNickname: string,
  now: number,
  chance?: Chance,
  steam?: SteamSeat,
): TournamentState {
  if (t.archived) fail("CONFLICT", M.archived);
  if (actor.team) fail("CONFLICT", M.alreadyJoined);
  if (t.format.steamRequired && !steam) fail("FORBIDDEN", M.steamRequired);
  if (t[team].players.length >= t.format.teamSize) fail("CONFLICT", M.teamFull);
  if (steam && seatBySteamId(t, steam.steamId)) fail("CONFLICT", M.steamSeated);
  const nickname = steam ? steamNickname(t, steam) : normalizeNickname(rawNickname);
  // Launch identifies players by nickname, so two equal names would be ambiguous.
  if (nameTaken(t, nickname)) fail("CONFLICT", M.nicknameTaken);

  const seat = { nickname, joinedAt: now, ...(steam ? { steamId: steam.steamId } : {}) };
  const next: TournamentState = {
    ...withTeam(t, team, { ...t[team], players: [...t[team].players, seat] }),
    history: [...t.history, { at: now, team, action: "join", value: nickname }],
  };
  // A seat freed during the veto is filled without starting anything again.
  if (!teamsFull(next) || t.status !== "waiting_for_teams") return next;
  if (t.format.readyCheck) return { ...next, status: "ready_check" };
  return start(next, now, chance);
}

function nameTaken(t: TournamentState, nickname: string): boolean {
  return [...t.teamA.players, ...t.teamB.players].some(
    (p) => p.nickname.toLowerCase() === nickname.toLowerCase(),
  );
}

/** The team and seat holding this SteamID, if any. */
export function seatBySteamId(t: TournamentState, steamId: string) {
  for (const team of ["teamA", "teamB"] as const) {
    const seat = t[team].players.find((p) => p.steamId === steamId);
    if (seat) return { team, nickname: seat.nickname };
  }
  return null;
}

/**
 * The name a Steam seat shows: the Steam name made safe (control and direction characters out,
 * bounded), told apart by the SteamID's last digits when another seat has it already.
 */
export function steamNickname(t: TournamentState, steam: SteamSeat): string {
  const cleaned = [...steam.name.normalize("NFC").replace(new RegExp(FORBIDDEN_CHARS, "gu"), "")]
    .slice(0, NICKNAME_MAX - 7)
    .join("")
    .trim();
  const base = cleaned && !/^\d{17}$/.test(cleaned) ? cleaned : "Гравець";
  return nameTaken(t, base) ? `${base} (${steam.steamId.slice(-4)})` : base;
}

/** Before the veto starts, a player gives up their seat. */
export function leave(
  t: TournamentState,
  actor: Actor,
  nickname: string | null,
  now: number,
): TournamentState {
  if (!actor.team || !nickname) fail("FORBIDDEN", M.notMember);
  if (t.status !== "waiting_for_teams" && t.status !== "ready_check") {
    fail("CONFLICT", M.leaveTooLate);
  }
  return withoutSeat(t, actor.team, nickname, now, "leave");
}

function withoutSeat(
  t: TournamentState,
  team: TournamentTeamKey,
  nickname: string,
  now: number,
  action: "leave" | "remove",
): TournamentState {
  if (!t[team].players.some((p) => p.nickname === nickname)) fail("NOT_FOUND", M.seatNotFound);
  const next: TournamentState = {
    ...withTeam(t, team, {
      ...t[team],
      players: t[team].players.filter((p) => p.nickname !== nickname),
    }),
    ready: t.ready.filter((n) => n !== nickname),
    history: [...t.history, { at: now, team, action, value: nickname }],
  };
  // Teams are no longer full: a ready check waits for the seat again.
  return t.status === "ready_check" ? { ...next, status: "waiting_for_teams" } : next;
}

function checkRosterOpen(t: TournamentState) {
  if (t.archived) fail("CONFLICT", M.archived);
  if (t.launchedMaps > 0) fail("CONFLICT", M.rosterLocked);
}

/** An admin frees a seat, at any time before the first launch; anyone may take it again. */
export function removeSeat(
  t: TournamentState,
  team: TournamentTeamKey,
  nickname: string,
  now: number,
): TournamentState {
  checkRosterOpen(t);
  return withoutSeat(t, team, nickname, now, "remove");
}

/**
 * An admin puts another player in a seat, at any time before the first launch. The seat is bound
 * to the new SteamID (that player acts in the tournament once signed in with it linked).
 */
export function replaceSeat(
  t: TournamentState,
  team: TournamentTeamKey,
  nickname: string,
  steam: SteamSeat,
  now: number,
): TournamentState {
  checkRosterOpen(t);
  if (!t[team].players.some((p) => p.nickname === nickname)) fail("NOT_FOUND", M.seatNotFound);
  if (seatBySteamId(t, steam.steamId)) fail("CONFLICT", M.steamSeated);
  const rest = withTeam(t, team, {
    ...t[team],
    players: t[team].players.filter((p) => p.nickname !== nickname),
  });
  const newName = steamNickname(rest, steam);
  return {
    ...withTeam(t, team, {
      ...t[team],
      players: t[team].players.map((p) =>
        p.nickname === nickname ? { nickname: newName, joinedAt: now, steamId: steam.steamId } : p,
      ),
    }),
    ready: t.ready.filter((n) => n !== nickname),
    history: [
      ...t.history,
      { at: now, team, action: "replace", value: `${nickname} → ${newName}` },
    ],
  };
}

/** Trimmed name for a tournament or a team; empty means "the default". */
export function normalizeName(raw: string): string {
  const name = raw.trim().normalize("NFC");
  if ([...name].length > NAME_MAX) fail("INVALID_INPUT", M.nameTooLong);
  if (FORBIDDEN_CHARS.test(name)) fail("INVALID_INPUT", M.nameInvalid);
  return name;
}

/** An admin names the tournament and its teams (blank team names go back to the defaults). */
export function rename(
  t: TournamentState,
  names: { name: string; teamA: string; teamB: string },
): TournamentState {
  const name = normalizeName(names.name);
  const teamA = normalizeName(names.teamA) || "Команда A";
  const teamB = normalizeName(names.teamB) || "Команда B";
  const { name: _old, ...rest } = t;
  return {
    ...rest,
    ...(name ? { name } : {}),
    teamA: { ...t.teamA, name: teamA },
    teamB: { ...t.teamB, name: teamB },
  };
}

/** A participant confirms "Готові"; the last one starts the veto. */
export function markReady(
  t: TournamentState,
  actor: Actor,
  nickname: string | null,
  now: number,
  chance?: Chance,
): TournamentState {
  if (t.status !== "ready_check") fail("CONFLICT", M.notReadyPhase);
  if (!actor.team || !nickname) fail("FORBIDDEN", M.notMember);
  if (t.ready.includes(nickname)) fail("CONFLICT", M.alreadyReady);
  const next: TournamentState = {
    ...t,
    ready: [...t.ready, nickname],
    history: [...t.history, { at: now, team: actor.team, action: "ready", value: nickname }],
  };
  return next.ready.length === t.format.teamSize * 2 ? start(next, now, chance) : next;
}

/** An admin starts the veto without waiting for every "Готові" (teams must be full). */
export function forceStart(t: TournamentState, now: number, chance?: Chance): TournamentState {
  if (t.status !== "ready_check") fail("CONFLICT", M.notReadyPhase);
  return start(t, now, chance);
}

/**
 * Decides who moves first (the admin's fixed team, or the coin), records it, orients the format's
 * sequence so its `teamA` steps belong to that team, and opens the first step.
 */
function start(t: TournamentState, now: number, chance?: Chance): TournamentState {
  const fixed = t.format.firstTeam;
  const first = fixed ?? (chance ? chance.coin() : null);
  if (!first) throw new Error("A coin toss needs a random source");
  const sequence = orientSequence(t.format.sequence, first);
  const step = sequence[0]!;
  return withClock(
    {
      ...t,
      status: "in_progress",
      sequence,
      currentStep: 0,
      turn: step.team,
      phase: step.action,
      history: [
        ...t.history,
        {
          at: now,
          team: first,
          action: "coinToss",
          value: first,
          ...(fixed ? { fixed: true } : {}),
        },
      ],
    },
    now,
  );
}

/** Sets the current step's deadline when the format has a clock and nobody paused it. */
function withClock(t: TournamentState, now: number): TournamentState {
  const { deadline: _deadline, ...rest } = t;
  const seconds = t.format.turnSeconds;
  if (!seconds || t.status !== "in_progress" || t.pausedRemainingMs !== undefined) return rest;
  return { ...rest, deadline: now + seconds * 1000 };
}

function isMapStep(action: string): boolean {
  return action === "Ban" || action === "Pick";
}

/**
 * Moves to the next sequence step. After the last Ban/Pick, the one map left (if any) joins the
 * series as the decider; running past the last step finishes the tournament.
 */
function advance(t: TournamentState, now: number): TournamentState {
  const currentStep = t.currentStep + 1;
  const step = t.sequence[currentStep];
  const { turn: _turn, phase: _phase, deadline: _deadline, ...rest } = t;
  let next: TournamentState = { ...rest, currentStep };
  const mapStepsLeft = t.sequence.slice(currentStep).some((s) => isMapStep(s.action));
  const needsDecider = !mapStepsLeft && !t.series.some((m) => m.pickedBy === undefined);
  const left = remainingMaps(t);
  if (needsDecider && left.length === 1) {
    next = {
      ...next,
      series: [...t.series, { map: left[0]! }],
      finalMap: left[0],
      serverMap: left[0],
    };
  }
  if (!step) return finish(next);
  return withClock({ ...next, turn: step.team, phase: step.action }, now);
}

/** The veto's last step was played. The one place a tournament finishes. */
function finish(t: TournamentState): TournamentState {
  return { ...t, status: "finished" };
}

/** Common gate of every step; `expectedStep` makes a stale (already answered) click fail. */
function checkStep(t: TournamentState, expectedStep: number) {
  if (t.status === "waiting_for_teams" || t.status === "ready_check") {
    fail("CONFLICT", M.notStarted);
  }
  if (expectedStep !== t.currentStep) fail("CONFLICT", M.staleStep);
  if (t.status === "finished") fail("CONFLICT", M.finished);
  if (t.pausedRemainingMs !== undefined) fail("CONFLICT", M.paused);
}

function checkTurn(actor: Actor, turn: TournamentTeamKey) {
  if (actor.team === turn) return;
  fail("FORBIDDEN", actor.team ? M.notYourTurn : M.notMember);
}

function checkMap(t: TournamentState, map: string) {
  if (!t.mapPool.includes(map)) fail("INVALID_INPUT", M.unknownMap);
  if (t.bannedMaps.some((b) => b.map === map)) fail("CONFLICT", M.mapBanned);
  if (t.pickedMaps.some((b) => b.map === map)) fail("CONFLICT", M.mapPicked);
}

/** Marks a history entry as played by the clock. */
type Auto = { auto?: true };

/** The checks before a map is banned or picked; returns the team in turn. */
function mapTurn(
  t: TournamentState,
  actor: Actor,
  map: string,
  expectedStep: number,
  phase: "Ban" | "Pick",
  auto: Auto,
): TournamentTeamKey {
  checkStep(t, expectedStep);
  const turn = t.turn;
  if (t.phase !== phase || !turn) {
    fail("CONFLICT", phase === "Ban" ? M.notBanPhase : M.notPickPhase);
  }
  if (!auto.auto) checkTurn(actor, turn);
  checkMap(t, map);
  return turn;
}

export function ban(
  t: TournamentState,
  actor: Actor,
  map: string,
  expectedStep: number,
  now: number,
  auto: Auto = {},
): TournamentState {
  const turn = mapTurn(t, actor, map, expectedStep, "Ban", auto);
  return advance(
    {
      ...t,
      bannedMaps: [...t.bannedMaps, { map, team: turn }],
      history: [...t.history, { at: now, team: turn, action: "Ban", value: map, ...auto }],
    },
    now,
  );
}

/** The team in turn picks a map of the series. */
export function pickMap(
  t: TournamentState,
  actor: Actor,
  map: string,
  expectedStep: number,
  now: number,
  auto: Auto = {},
): TournamentState {
  const turn = mapTurn(t, actor, map, expectedStep, "Pick", auto);
  return advance(
    {
      ...t,
      pickedMaps: [...t.pickedMaps, { map, team: turn }],
      series: [...t.series, { map, pickedBy: turn }],
      history: [...t.history, { at: now, team: turn, action: "Pick", value: map, ...auto }],
    },
    now,
  );
}

/**
 * The team in turn picks its own side on the first series map without one; an admin may pick on
 * its behalf. The decider's side is also kept as `finalSide` (the spec's single-map view).
 */
export function pickSide(
  t: TournamentState,
  actor: Actor,
  side: Side,
  expectedStep: number,
  now: number,
  auto: Auto = {},
): TournamentState {
  checkStep(t, expectedStep);
  const turn = t.turn;
  if (t.phase !== "SidePick" || !turn) fail("CONFLICT", M.notSidePhase);
  if (!actor.isAdmin && !auto.auto) checkTurn(actor, turn);
  const index = t.series.findIndex((m) => !m.side);
  // checkSequence guarantees a map here for every stored format.
  if (index === -1) throw new Error("Side pick without a series map");
  const target = t.series[index]!;
  const series = t.series.map((m, i) => (i === index ? { ...m, side, sideBy: turn } : m));
  const isDecider = target.pickedBy === undefined;
  return advance(
    {
      ...t,
      series,
      ...(isDecider ? { finalSide: side } : {}),
      history: [
        ...t.history,
        { at: now, team: turn, action: "SidePick", value: side, map: target.map, ...auto },
      ],
    },
    now,
  );
}

/**
 * What the clock does when the step with index `step` ran out: a random remaining map is banned or
 * picked, or a random side chosen, for the team in turn. Null (nothing to do) unless that very step
 * is still open, unpaused and past its deadline, so a late or repeated timer never acts twice.
 */
export function expireStep(
  t: TournamentState,
  step: number,
  now: number,
  chance: Chance,
): TournamentState | null {
  if (t.status !== "in_progress" || t.currentStep !== step) return null;
  if (t.deadline === undefined || t.deadline > now || t.pausedRemainingMs !== undefined) {
    return null;
  }
  const system: Actor = { team: null, isAdmin: false };
  const auto = { auto: true } as const;
  if (t.phase === "SidePick") {
    const side: Side = chance.pick(2) === 0 ? "CT" : "T";
    return pickSide(t, system, side, step, now, auto);
  }
  const left = remainingMaps(t);
  const map = left[chance.pick(left.length)]!;
  return t.phase === "Pick"
    ? pickMap(t, system, map, step, now, auto)
    : ban(t, system, map, step, now, auto);
}

/** An admin stops the clock (and the veto) keeping what was left of the step. */
export function pause(t: TournamentState, now: number): TournamentState {
  if (t.status !== "in_progress") fail("CONFLICT", M.notStarted);
  if (t.pausedRemainingMs !== undefined) fail("CONFLICT", M.paused);
  const { deadline, ...rest } = t;
  return { ...rest, pausedRemainingMs: deadline === undefined ? 0 : Math.max(0, deadline - now) };
}

export function resume(t: TournamentState, now: number): TournamentState {
  if (t.pausedRemainingMs === undefined) fail("CONFLICT", M.notPaused);
  const { pausedRemainingMs, ...rest } = t;
  if (!t.format.turnSeconds || t.status !== "in_progress") return rest;
  // A step paused in its last moment still gets a few seconds to be played by hand.
  return { ...rest, deadline: now + Math.max(pausedRemainingMs, 5000) };
}

export function archive(t: TournamentState): TournamentState {
  return { ...t, archived: true };
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
  if (mapIndex < t.launchedMaps) fail("CONFLICT", M.alreadyLaunched);
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

/** Records that the next series map started on the server. The one place a launch is marked. */
export function markLaunched(t: TournamentState, mode: string): TournamentState {
  return { ...t, launchedMaps: t.launchedMaps + 1, launchedMode: mode };
}

/** Every map of the series was launched (nothing is left to start). */
export function isLaunched(t: Pick<TournamentState, "launchedMaps" | "series">): boolean {
  return t.series.length > 0 && t.launchedMaps >= t.series.length;
}
