/**
 * The 2v2 map veto as plain functions: state in, state out, no database. The mutations in
 * `convex/tournament.ts` load the active tournament, call one of these and write the result back,
 * so every rule lives here and the property tests exercise exactly what production runs.
 *
 * Refusals throw `fail(code, message)` with a Ukrainian message. Inputs are never mutated.
 */
import type { ObjectType } from "convex/values";
import { LAUNCH_MODES, NICKNAME_MAX, TEAM_SIZE, type LaunchMode } from "../lib/catalog";
import { fail } from "../lib/errors";
import type { WireLaunchGame } from "../lib/gameApi";
import { type tournamentFields, type Side, type TournamentTeamKey } from "../lib/validators";

/** A tournament document without its system fields. */
export type TournamentState = ObjectType<typeof tournamentFields>;
type Step = TournamentState["sequence"][number];

export const MAP_POOL = [
  "de_inferno",
  "de_nuke",
  "de_overpass",
  "de_vertigo",
  "de_dogtown",
  "de_brewery",
] as const;

export const SEQUENCE: readonly Step[] = [
  { team: "teamA", action: "Ban" },
  { team: "teamB", action: "Ban" },
  { team: "teamA", action: "Ban" },
  { team: "teamB", action: "Ban" },
  { team: "teamB", action: "Ban" },
  { team: "teamA", action: "SidePick" },
];

export const TOURNAMENT_MESSAGES = {
  notFound: "Активний турнір не знайдено.",
  alreadyJoined: "Ви вже приєдналися до команди.",
  teamFull: "У цій команді вже 2 гравці.",
  nicknameBlank: "Введіть нікнейм Steam.",
  nicknameTooLong: `Нікнейм задовгий: не більше ${NICKNAME_MAX} символів.`,
  nicknameInvalid: "Нікнейм містить недопустимі символи.",
  nicknameTaken: "Цей нікнейм уже використовується в турнірі.",
  nicknameIsSteamId: "Введіть нікнейм Steam, а не SteamID.",
  notStarted: "Турнір ще не розпочався: команди не укомплектовані.",
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
} as const;
const M = TOURNAMENT_MESSAGES;

/** Who is acting, as the mutation found them: their team in this tournament, if any. */
export interface Actor {
  team: TournamentTeamKey | null;
  isAdmin: boolean;
}

export function createTournament({
  createdBy,
  now,
}: {
  createdBy: string;
  now: number;
}): TournamentState {
  return {
    active: true,
    status: "waiting_for_teams",
    // The whole pool stays listed; what is still playable is `remainingMaps`.
    mapPool: [...MAP_POOL],
    bannedMaps: [],
    // Kept for the schema: the 2v2 sequence has no pick steps, the decider is `finalMap`.
    pickedMaps: [],
    teamA: { name: "Команда A", players: [] },
    teamB: { name: "Команда B", players: [] },
    sequence: [...SEQUENCE],
    currentStep: 0,
    isLaunched: false,
    history: [],
    createdBy,
    createdAt: now,
  };
}

export function remainingMaps(t: TournamentState): string[] {
  return t.mapPool.filter((map) => !t.bannedMaps.some((b) => b.map === map));
}

export function otherSide(side: Side): Side {
  return side === "CT" ? "T" : "CT";
}

// Control characters (incl. NUL, newlines, C1) and bidi overrides, which can disguise a name.
const FORBIDDEN_CHARS = /[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** Trimmed, NFC-normalised nickname, or a refusal. */
export function normalizeNickname(raw: string): string {
  const nickname = raw.trim().normalize("NFC");
  if (!nickname) fail("INVALID_INPUT", M.nicknameBlank);
  if ([...nickname].length > NICKNAME_MAX) fail("INVALID_INPUT", M.nicknameTooLong);
  if (FORBIDDEN_CHARS.test(nickname)) fail("INVALID_INPUT", M.nicknameInvalid);
  // Launch places players by nickname; a SteamID typed here must never pick someone else.
  if (/^\d{17}$/.test(nickname)) fail("INVALID_INPUT", M.nicknameIsSteamId);
  return nickname;
}

function withTeam(
  t: TournamentState,
  team: TournamentTeamKey,
  value: TournamentState["teamA"],
): TournamentState {
  return team === "teamA" ? { ...t, teamA: value } : { ...t, teamB: value };
}

export function join(
  t: TournamentState,
  actor: Actor,
  team: TournamentTeamKey,
  rawNickname: string,
  now: number,
): TournamentState {
  if (actor.team) fail("CONFLICT", M.alreadyJoined);
  if (t[team].players.length >= TEAM_SIZE) fail("CONFLICT", M.teamFull);
  const nickname = normalizeNickname(rawNickname);
  // Launch identifies players by nickname, so two equal names would be ambiguous.
  const taken = [...t.teamA.players, ...t.teamB.players].some(
    (p) => p.nickname.toLowerCase() === nickname.toLowerCase(),
  );
  if (taken) fail("CONFLICT", M.nicknameTaken);

  const next: TournamentState = {
    ...withTeam(t, team, {
      ...t[team],
      players: [...t[team].players, { nickname, joinedAt: now }],
    }),
    history: [...t.history, { at: now, team, action: "join", value: nickname }],
  };
  const full = next.teamA.players.length === TEAM_SIZE && next.teamB.players.length === TEAM_SIZE;
  if (!full) return next;
  const first = next.sequence[0]!;
  return { ...next, status: "in_progress", currentStep: 0, turn: first.team, phase: first.action };
}

/**
 * Moves to the next sequence step. Entering the side pick fixes the decider (the one map the bans
 * left); running past the last step finishes the tournament and clears turn and phase.
 */
function advance(t: TournamentState): TournamentState {
  const currentStep = t.currentStep + 1;
  const step = t.sequence[currentStep];
  const { turn: _turn, phase: _phase, ...rest } = t;
  if (!step) return { ...rest, currentStep, status: "finished" };
  const next: TournamentState = { ...rest, currentStep, turn: step.team, phase: step.action };
  if (step.action !== "SidePick") return next;
  const left = remainingMaps(t);
  if (left.length !== 1) throw new Error(`Sequence leaves ${left.length} maps before side pick`);
  return { ...next, finalMap: left[0], serverMap: left[0] };
}

/** Common gate of ban and side pick; `expectedStep` makes a stale (already answered) click fail. */
function checkStep(t: TournamentState, expectedStep: number) {
  if (t.status === "waiting_for_teams") fail("CONFLICT", M.notStarted);
  if (expectedStep !== t.currentStep) fail("CONFLICT", M.staleStep);
  if (t.status === "finished") fail("CONFLICT", M.finished);
}

function checkTurn(actor: Actor, turn: TournamentTeamKey) {
  if (actor.team === turn) return;
  fail("FORBIDDEN", actor.team ? M.notYourTurn : M.notMember);
}

export function ban(
  t: TournamentState,
  actor: Actor,
  map: string,
  expectedStep: number,
  now: number,
): TournamentState {
  checkStep(t, expectedStep);
  const turn = t.turn;
  if (t.phase !== "Ban" || !turn) fail("CONFLICT", M.notBanPhase);
  checkTurn(actor, turn);
  if (!t.mapPool.includes(map)) fail("INVALID_INPUT", M.unknownMap);
  if (t.bannedMaps.some((b) => b.map === map)) fail("CONFLICT", M.mapBanned);
  return advance({
    ...t,
    bannedMaps: [...t.bannedMaps, { map, team: turn }],
    history: [...t.history, { at: now, team: turn, action: "Ban", value: map }],
  });
}

/** The team in turn picks its own side; an admin may pick on its behalf. */
export function pickSide(
  t: TournamentState,
  actor: Actor,
  side: Side,
  expectedStep: number,
  now: number,
): TournamentState {
  checkStep(t, expectedStep);
  const turn = t.turn;
  if (t.phase !== "SidePick" || !turn) fail("CONFLICT", M.notSidePhase);
  if (!actor.isAdmin) checkTurn(actor, turn);
  return advance({
    ...t,
    finalSide: side,
    history: [...t.history, { at: now, team: turn, action: "SidePick", value: side }],
  });
}

export function isLaunchMode(mode: string): mode is LaunchMode {
  return (LAUNCH_MODES as readonly string[]).includes(mode);
}

/** Body of `POST /private/launch_game`. `finalSide` is the side of the team that picked it. */
export function launchPayload(t: TournamentState, mode: string): WireLaunchGame {
  if (!isLaunchMode(mode)) fail("INVALID_INPUT", M.unknownMode(mode));
  const picker = t.sequence.find((s) => s.action === "SidePick")?.team;
  const { serverMap, finalMap, finalSide } = t;
  const teamsFull = t.teamA.players.length === TEAM_SIZE && t.teamB.players.length === TEAM_SIZE;
  if (!serverMap || !finalMap || !finalSide || !picker || !teamsFull) {
    fail("CONFLICT", M.launchIncomplete);
  }
  const sideOf = (team: TournamentTeamKey) => (team === picker ? finalSide : otherSide(finalSide));
  const players = (team: TournamentTeamKey) => t[team].players.map((p) => p.nickname);
  return {
    Mode: mode,
    Map: serverMap,
    TeamA: { Side: sideOf("teamA"), Players: players("teamA") },
    TeamB: { Side: sideOf("teamB"), Players: players("teamB") },
  };
}
