/**
 * The map veto itself: the ready check, the coin toss, each ban, pick and side pick by the team in
 * turn (a stale click fails), the step clock with its pause, and the clock playing a step that ran
 * out. Plain functions over `TournamentState`, like the rest of the tournament model.
 */
import { fail } from "../../lib/errors";
import type { Chance } from "../../lib/random";
import type { Side } from "../../lib/side";
import type { TournamentTeamKey } from "../../lib/tournamentFields";
import {
  remainingMaps,
  TOURNAMENT_MESSAGES as M,
  type TournamentCaller,
  type TournamentState,
} from "./state";
import { orientSequence } from "./formats";

/** A participant confirms "Готові"; the last one starts the veto. */
export function markReady(
  t: TournamentState,
  actor: TournamentCaller,
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
  return next.ready.length === t.format.teamSize * 2 ? startVeto(next, now, chance) : next;
}

/** An admin starts the veto without waiting for every "Готові" (teams must be full). */
export function forceStart(t: TournamentState, now: number, chance?: Chance): TournamentState {
  if (t.status !== "ready_check") fail("CONFLICT", M.notReadyPhase);
  return startVeto(t, now, chance);
}

/**
 * Decides who moves first (the admin's fixed team, or the coin), records it, orients the format's
 * sequence so its `teamA` steps belong to that team, and opens the first step.
 */
export function startVeto(t: TournamentState, now: number, chance?: Chance): TournamentState {
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
  if (t.archived) fail("CONFLICT", M.archived);
  if (expectedStep !== t.currentStep) fail("CONFLICT", M.staleStep);
  if (t.status === "finished") fail("CONFLICT", M.finished);
  if (t.pausedRemainingMs !== undefined) fail("CONFLICT", M.paused);
}

function checkTurn(actor: TournamentCaller, turn: TournamentTeamKey) {
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
  actor: TournamentCaller,
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
  actor: TournamentCaller,
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
  actor: TournamentCaller,
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
  actor: TournamentCaller,
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
  const system: TournamentCaller = { team: null, isAdmin: false };
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
