import fc from "fast-check";
import { ConvexError } from "convex/values";
import { describe, expect, test } from "vitest";
import type { Worded } from "../../lib/wording";
import type { Side } from "../../lib/side";
import type { TournamentTeamKey } from "../../lib/tournamentFields";
import {
  type TournamentCaller,
  createTournament,
  launchPayload,
  remainingMaps,
  TOURNAMENT_MESSAGES as M,
  type TournamentState,
} from "./state";
import { join } from "./roster";
import { ban, pickSide } from "./veto";
import { MAP_POOL, SEQUENCE } from "../../lib/tournamentPresets";

/** 76561198000000001 in fullwidth digits (U+FF10…U+FF19). */
const FULLWIDTH = "76561198000000001".replace(/\d/g, (d) =>
  String.fromCharCode(0xff10 + Number(d)),
);

const A: TournamentCaller = { team: "teamA", isAdmin: false };
const B: TournamentCaller = { team: "teamB", isAdmin: false };
const stranger: TournamentCaller = { team: null, isAdmin: false };
const admin: TournamentCaller = { team: null, isAdmin: true };

function fresh() {
  return createTournament({ createdBy: "Olena", now: 1 });
}

function full() {
  let t = fresh();
  t = join(t, stranger, "teamA", "a1", 2);
  t = join(t, stranger, "teamA", "a2", 3);
  t = join(t, stranger, "teamB", "b1", 4);
  return join(t, stranger, "teamB", "b2", 5);
}

/** Bans the given maps in sequence order, each by the team in turn. */
function banAll(t: TournamentState, maps: readonly string[]) {
  return maps.reduce((s, map) => ban(s, s.turn === "teamA" ? A : B, map, s.currentStep, 10), t);
}

function refusal(run: () => unknown, refusal: string | Worded) {
  const message = typeof refusal === "string" ? refusal : refusal.message;
  expect(run).toThrow(expect.objectContaining({ data: expect.objectContaining({ message }) }));
}

describe("joining", () => {
  test("a new tournament waits for teams with the whole pool and no turn", () => {
    const t = fresh();
    expect(t).toMatchObject({ status: "waiting_for_teams", currentStep: 0, archived: false });
    expect(t.mapPool).toEqual([...MAP_POOL]);
    expect(t.turn).toBeUndefined();
    expect(t.phase).toBeUndefined();
  });

  test("the fourth player starts the veto with the first step's team and phase", () => {
    const t = full();
    expect(t).toMatchObject({ status: "in_progress", turn: "teamA", phase: "Ban" });
    expect(t.history.map((h) => h.action)).toEqual(["join", "join", "join", "join", "coinToss"]);
    expect(t.history.at(-1)).toMatchObject({ team: "teamA", fixed: true });
  });

  test("nicknames are trimmed; blank, too long, control and bidi characters are refused", () => {
    expect(join(fresh(), stranger, "teamA", "  s1mple \t", 1).teamA.players[0]!.nickname).toBe(
      "s1mple",
    );
    refusal(() => join(fresh(), stranger, "teamA", "   ", 1), M.nicknameBlank);
    refusal(() => join(fresh(), stranger, "teamA", "x".repeat(33), 1), M.nicknameTooLong);
    expect(join(fresh(), stranger, "teamA", "я".repeat(32), 1).teamA.players).toHaveLength(1);
    refusal(() => join(fresh(), stranger, "teamA", "a\nb", 1), M.nicknameInvalid);
    refusal(() => join(fresh(), stranger, "teamA", "a\u0000b", 1), M.nicknameInvalid);
    refusal(() => join(fresh(), stranger, "teamA", "a\u202Eb", 1), M.nicknameInvalid);
    refusal(() => join(fresh(), stranger, "teamA", "76561198000000001", 1), M.nicknameIsSteamId);
  });

  test("a SteamID in disguise is refused as a nickname too", () => {
    for (const disguised of [
      "7656119800000000１", // one fullwidth digit
      FULLWIDTH,
      "76561198\u200B000000001", // a zero-width space inside
      "STEAM_1:0:11101",
    ]) {
      refusal(() => join(fresh(), stranger, "teamA", disguised, 1), M.nicknameIsSteamId);
    }
  });

  test("a member cannot join again, a full team takes nobody, nicknames are unique", () => {
    const t = join(fresh(), stranger, "teamA", "Zeus", 1);
    refusal(() => join(t, A, "teamB", "Other", 2), M.alreadyJoined);
    refusal(() => join(t, stranger, "teamB", "zeus", 2), M.nicknameTaken);
    const teamAFull = join(t, stranger, "teamA", "Perfecto", 2);
    refusal(() => join(teamAFull, stranger, "teamA", "Third", 3), M.teamFull);
  });
});

describe("banning and picking", () => {
  test("only the team in turn bans, only pool maps, each once, only at the current step", () => {
    const t = full();
    refusal(() => ban(t, B, "de_nuke", 0, 9), M.notYourTurn);
    refusal(() => ban(t, stranger, "de_nuke", 0, 9), M.notMember);
    refusal(() => ban(t, admin, "de_nuke", 0, 9), M.notMember);
    refusal(() => ban(t, A, "de_dust2", 0, 9), M.unknownMap);
    refusal(() => ban(t, A, "de_nuke", 1, 9), M.staleStep);
    const after = ban(t, A, "de_nuke", 0, 9);
    expect(after).toMatchObject({ currentStep: 1, turn: "teamB", phase: "Ban" });
    refusal(() => ban(after, B, "de_nuke", 1, 9), M.mapBanned);
    refusal(() => ban(after, A, "de_inferno", 0, 9), M.staleStep);
    refusal(() => ban(fresh(), A, "de_nuke", 0, 9), M.notStarted);
  });

  test("the last ban fixes the decider and hands the side pick to teamA", () => {
    const t = banAll(full(), ["de_inferno", "de_nuke", "de_overpass", "de_vertigo", "de_dogtown"]);
    expect(t).toMatchObject({
      status: "in_progress",
      phase: "SidePick",
      turn: "teamA",
      currentStep: 5,
      finalMap: "de_brewery",
      serverMap: "de_brewery",
    });
    expect(t.bannedMaps.map((b) => b.team)).toEqual(["teamA", "teamB", "teamA", "teamB", "teamB"]);
    refusal(() => ban(t, A, "de_brewery", 5, 9), M.notBanPhase);
    refusal(() => pickSide(t, B, "CT", 5, 9), M.notYourTurn);
    refusal(() => pickSide(t, stranger, "CT", 5, 9), M.notMember);
    const done = pickSide(t, A, "T", 5, 9);
    expect(done).toMatchObject({ status: "finished", finalSide: "T", currentStep: 6 });
    expect("turn" in done || "phase" in done).toBe(false);
    refusal(() => pickSide(done, A, "CT", 6, 9), M.finished);
    refusal(() => pickSide(done, A, "CT", 5, 9), M.staleStep);
  });

  test("an admin may pick the side for the team in turn", () => {
    const t = banAll(full(), MAP_POOL.slice(1));
    expect(pickSide(t, admin, "CT", 5, 9).history.at(-1)).toEqual({
      at: 9,
      team: "teamA",
      action: "SidePick",
      value: "CT",
      map: "de_inferno",
    });
  });

  test("every ban order and side ends in a complete, launchable match", () => {
    let runs = 0;
    for (const order of permutations([...MAP_POOL], 5)) {
      const beforePick = banAll(full(), order);
      const decider = MAP_POOL.find((m) => !order.includes(m));
      expect(beforePick.finalMap).toBe(decider);
      for (const side of ["CT", "T"] as const) {
        const payload = launchPayload(pickSide(beforePick, A, side, 5, 9), "wingman");
        expect(payload.Map).toBe(decider);
        expect(payload.TeamA.Side).toBe(side);
        expect(payload.TeamB.Side).toBe(side === "CT" ? "T" : "CT");
        runs++;
      }
    }
    expect(runs).toBe(720 * 2);
  });
});

test("the launch payload names the players and refuses an unfinished or unknown configuration", () => {
  const done = pickSide(banAll(full(), MAP_POOL.slice(0, 5)), A, "CT", 5, 9);
  expect(launchPayload(done, "competitive")).toEqual({
    Mode: "competitive",
    Map: "de_brewery",
    TeamA: { Side: "CT", Players: ["a1", "a2"], Name: "Команда A" },
    TeamB: { Side: "T", Players: ["b1", "b2"], Name: "Команда B" },
  });
  refusal(() => launchPayload(done, "arms_race"), M.unknownMode("arms_race"));
  refusal(() => launchPayload(full(), "wingman"), M.launchIncomplete);
  refusal(() => launchPayload(banAll(full(), MAP_POOL.slice(1)), "wingman"), M.launchIncomplete);
});

function* permutations<T>(items: T[], k: number): Generator<T[]> {
  if (k === 0) return yield [];
  for (const [i, item] of items.entries()) {
    const rest = items.filter((_, j) => j !== i);
    for (const tail of permutations(rest, k - 1)) yield [item, ...tail];
  }
}

// ---- Property: random attempts by random actors never break the invariants. ----

type Attempt =
  | { kind: "join"; session: number; team: TournamentTeamKey; nickname: string | null }
  | { kind: "ban"; session: number; admin: boolean; map: string; stepOffset: number }
  | { kind: "pick"; session: number; admin: boolean; side: Side; stepOffset: number }
  | { kind: "reset" };

const session = fc.integer({ min: 0, max: 4 });
const isAdmin = fc.boolean();
const stepOffset = fc.constantFrom(0, 0, 0, 0, -1, 1);
// Mostly a name of its own (so teams can fill up), sometimes junk or a clash.
const nickname = fc.oneof(
  { arbitrary: fc.constant(null), weight: 4 },
  fc.constantFrom("ace", "Ace ", " ", "bot\n", "x".repeat(40)),
  fc.string(),
);
const team = fc.constantFrom("teamA" as const, "teamB" as const);
const map = fc.constantFrom(...MAP_POOL, "de_dust2");
const side = fc.constantFrom("CT" as const, "T" as const);
const attempt: fc.Arbitrary<Attempt> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant("join"), session, team, nickname }), weight: 15 },
  {
    arbitrary: fc.record({ kind: fc.constant("ban"), session, admin: isAdmin, map, stepOffset }),
    weight: 30,
  },
  {
    arbitrary: fc.record({ kind: fc.constant("pick"), session, admin: isAdmin, side, stepOffset }),
    weight: 10,
  },
  { arbitrary: fc.constant({ kind: "reset" }), weight: 1 },
);

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") Object.values(value).forEach(deepFreeze);
  return Object.freeze(value);
}

/** Runs one attempt; throws (a refusal) or returns the next state. */
function apply(
  t: TournamentState,
  actor: TournamentCaller,
  a: Exclude<Attempt, { kind: "reset" }>,
) {
  if (a.kind === "join") return join(t, actor, a.team, a.nickname ?? `p${a.session}`, 1);
  if (a.kind === "ban") return ban(t, actor, a.map, t.currentStep + a.stepOffset, 1);
  return pickSide(t, actor, a.side, t.currentStep + a.stepOffset, 1);
}

/** An accepted attempt must also have been allowed for this actor. */
function checkAllowed(
  before: TournamentState,
  actor: TournamentCaller,
  a: Attempt,
  after: TournamentState,
) {
  if (a.kind === "join") expect(actor.team).toBeNull();
  if (a.kind === "ban") {
    expect([actor.team, a.stepOffset, before.phase]).toEqual([before.turn, 0, "Ban"]);
  }
  if (a.kind === "pick") {
    expect(actor.isAdmin || actor.team === before.turn).toBe(true);
    expect([a.stepOffset, before.phase, after.finalSide]).toEqual([0, "SidePick", a.side]);
  }
}

function checkInvariants(t: TournamentState, seats: Map<number, TournamentTeamKey>) {
  const bans = t.bannedMaps;
  // Bans follow the sequence, each map at most once, only pool maps.
  bans.forEach((b, i) => expect(SEQUENCE[i]).toEqual({ team: b.team, action: "Ban" }));
  expect(new Set(bans.map((b) => b.map)).size).toBe(bans.length);
  bans.forEach((b) => expect(t.mapPool).toContain(b.map));
  const bansDue = SEQUENCE.slice(0, t.currentStep).filter((s) => s.action === "Ban").length;
  expect(bans.length).toBe(bansDue);
  // At most 2 per team; each seat is one session's only seat, so nobody is on both teams.
  expect(t.teamA.players.length).toBeLessThanOrEqual(2);
  expect(t.teamB.players.length).toBeLessThanOrEqual(2);
  const seated = (team: TournamentTeamKey) => [...seats.values()].filter((s) => s === team).length;
  expect(seated("teamA")).toBe(t.teamA.players.length);
  expect(seated("teamB")).toBe(t.teamB.players.length);

  if (t.status === "waiting_for_teams") {
    expect(t.currentStep).toBe(0);
    expect(t.teamA.players.length + t.teamB.players.length).toBeLessThan(4);
    expect(t.turn ?? t.phase ?? t.finalMap ?? t.finalSide).toBeUndefined();
  } else if (t.status === "in_progress") {
    expect(t.teamA.players.length + t.teamB.players.length).toBe(4);
    expect({ team: t.turn, action: t.phase }).toEqual(SEQUENCE[t.currentStep]);
    expect(t.finalSide).toBeUndefined();
    if (t.phase === "SidePick") {
      expect(remainingMaps(t)).toEqual([t.finalMap]);
      expect(t.serverMap).toBe(t.finalMap);
    } else {
      expect(t.finalMap).toBeUndefined();
    }
  } else {
    expect(t.currentStep).toBe(SEQUENCE.length);
    expect(remainingMaps(t)).toEqual([t.finalMap]);
    expect(t.finalSide).toBeDefined();
    expect("turn" in t || "phase" in t).toBe(false);
  }
}

/**
 * Property runs: PROPERTY_RUNS if set, else 400 on CI and 150 locally. About 7% of runs finish a
 * veto, so with 150 runs the guard at the end misses with a probability near 1e-5. A run costs about
 * 15 ms alone and several times that on a busy machine: the test gets a 60 s budget (enough for
 * 400 runs under load), not the 5 s default.
 */
const PROPERTY_RUNS = Number(process.env.PROPERTY_RUNS ?? (process.env.CI === "true" ? 400 : 150));

test("property: random join/ban/pick/reset attempts keep every invariant", () => {
  let finishedRuns = 0;
  fc.assert(
    fc.property(fc.array(attempt, { maxLength: 150, size: "max" }), (attempts) => {
      // Frozen, so a rule that mutated its input would throw instead of passing silently.
      let t = deepFreeze(fresh());
      let seats = new Map<number, TournamentTeamKey>();
      let finished = false;
      for (const a of attempts) {
        if (a.kind === "reset") {
          [t, seats] = [deepFreeze(fresh()), new Map()];
          continue;
        }
        const actor: TournamentCaller = {
          team: seats.get(a.session) ?? null,
          isAdmin: "admin" in a && a.admin,
        };
        let next: TournamentState | undefined;
        try {
          next = deepFreeze(apply(t, actor, a));
        } catch (error) {
          // Refusals are expected; they must be ours and in Ukrainian.
          expect(error).toBeInstanceOf(ConvexError);
          expect((error as ConvexError<{ message: string }>).data.message).toMatch(/[а-яіїєґ]/i);
        }
        if (next) {
          checkAllowed(t, actor, a, next);
          if (a.kind === "join") seats.set(a.session, a.team);
          t = next;
        }
        checkInvariants(t, seats);
        finished ||= t.status === "finished";
      }
      if (finished) finishedRuns++;
    }),
    { numRuns: PROPERTY_RUNS },
  );
  // Guard against a generator that never reaches the interesting states.
  expect(finishedRuns).toBeGreaterThan(0);
}, 60_000);
