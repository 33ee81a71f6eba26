import { ConvexError } from "convex/values";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { OFFICIAL_MAPS } from "../../lib/catalog";
import { randomInt } from "../../lib/random";
import type { Chance } from "../../lib/random";
import type { TournamentFormat, TournamentTeamKey } from "../../lib/tournamentFields";
import {
  type TournamentCaller,
  createTournament,
  launchPayload,
  isLaunched,
  markLaunched,
  remainingMaps,
  TOURNAMENT_MESSAGES as M,
  type TournamentState,
} from "./state";
import { join } from "./roster";
import { ban, expireStep, markReady, pickMap, pickSide } from "./veto";
import { ACTIVE_DUTY, PRESET_NAMES, presetFormat } from "../../lib/tournamentPresets";
import { FORMAT_MESSAGES as F, validateFormat } from "./formats";
import { withMapResult } from "./series";
import type { Id } from "../../_generated/dataModel";

const PROPERTY_RUNS = Number(process.env.PROPERTY_RUNS ?? (process.env.CI === "true" ? 400 : 150));

type Step = TournamentFormat["sequence"][number];
const other = (team: TournamentTeamKey) => (team === "teamA" ? "teamB" : "teamA");
const seat = (team: TournamentTeamKey): TournamentCaller => ({ team, isAdmin: false });

/** A chance whose choices come from a list (cycled), so a test can steer every random draw. */
function scripted(coin: TournamentTeamKey, picks: readonly number[] = [0]): Chance {
  let i = 0;
  return { coin: () => coin, pick: (n) => picks[i++ % picks.length]! % n };
}

/** Fills both teams (readying everyone when the format asks) so the veto is open. */
function started(format: TournamentFormat, chance: Chance): TournamentState {
  let t = createTournament({ createdBy: "admin", now: 0, format, slug: "abc234" });
  for (const team of ["teamA", "teamB"] as const) {
    for (let i = 0; i < format.teamSize; i++) {
      t = join(t, { team: null, isAdmin: false }, team, `${team}-${i}`, 1, chance);
    }
  }
  if (format.readyCheck) {
    for (const team of ["teamA", "teamB"] as const) {
      for (const p of t[team].players) t = markReady(t, seat(team), p.nickname, 2, chance);
    }
  }
  return t;
}

/** Plays every step by the team in turn, choosing with `choose(n)`. */
function playThrough(t: TournamentState, choose: (n: number) => number): TournamentState {
  while (t.status === "in_progress") {
    const actor = seat(t.turn!);
    const left = remainingMaps(t);
    if (t.phase === "Ban") t = ban(t, actor, left[choose(left.length)]!, t.currentStep, 3);
    else if (t.phase === "Pick") {
      t = pickMap(t, actor, left[choose(left.length)]!, t.currentStep, 3);
    } else t = pickSide(t, actor, choose(2) ? "CT" : "T", t.currentStep, 3);
  }
  return t;
}

/** What every finished veto must satisfy, whatever its format. */
function checkFinished(t: TournamentState, format: TournamentFormat) {
  expect(t.status).toBe("finished");
  expect(t.currentStep).toBe(format.sequence.length);
  const picks = format.sequence.filter((s) => s.action === "Pick").length;
  const bans = format.sequence.filter((s) => s.action === "Ban").length;
  expect(t.bannedMaps).toHaveLength(bans);
  expect(t.pickedMaps).toHaveLength(picks);
  const decider = format.mapPool.length - bans - picks;
  expect(t.series).toHaveLength(picks + decider);
  // Each map is used once: banned, picked or the decider.
  const used = [...t.bannedMaps.map((b) => b.map), ...t.series.map((m) => m.map)];
  expect(new Set(used).size).toBe(format.mapPool.length);
  // Steps followed the oriented sequence, and the coin toss (or fixed team) oriented it.
  const toss = t.history.find((h) => h.action === "coinToss")!;
  expect(t.sequence[0]!.team).toBe(
    format.sequence[0]!.team === "teamA" ? toss.value : other(toss.value as TournamentTeamKey),
  );
  const moves = t.history.filter((h) => ["Ban", "Pick", "SidePick"].includes(h.action));
  expect(moves.map((h) => ({ team: h.team, action: h.action }))).toEqual(t.sequence);
  for (const m of t.series) {
    expect(m.side).toBeDefined();
    if (m.pickedBy) expect(m.sideBy).toBe(other(m.pickedBy));
  }
  // Every series map launches, in order, with opposite sides for the two teams.
  let launched = t;
  t.series.forEach((m, i) => {
    const payload = launchPayload(launched, "competitive", i);
    expect(payload.Map).toBe(m.map);
    expect(payload.TeamA.Side).not.toBe(payload.TeamB.Side);
    expect(payload[m.sideBy === "teamA" ? "TeamA" : "TeamB"].Side).toBe(m.side);
    expect(() => launchPayload(launched, "competitive", i + 1)).toThrow();
    // The next map opens once this one has a recorded result (a draw decides nothing).
    const result = { mapIndex: i, matchId: `m${i}` as Id<"matches">, scoreA: 6, scoreB: 6 };
    launched = withMapResult(markLaunched(launched, "competitive", i), {
      ...result,
      winner: "draw",
    })!;
  });
  expect(isLaunched(launched)).toBe(true);
}

describe("presets", () => {
  test.each(PRESET_NAMES)("%s is valid and plays through with either team starting", (name) => {
    const format = validateFormat(presetFormat(name));
    for (const coin of ["teamA", "teamB"] as const) {
      for (const seed of [0, 1, 2, 5]) {
        const t = playThrough(started(format, scripted(coin)), (n) => (seed + n) % n);
        checkFinished(t, format);
      }
    }
  });

  test("the spec's default keeps its order, pool, fixed first team and no clock", () => {
    const t = started(presetFormat("default"), scripted("teamB"));
    expect(t.sequence.map((s) => `${s.team}:${s.action}`)).toEqual([
      "teamA:Ban",
      "teamB:Ban",
      "teamA:Ban",
      "teamB:Ban",
      "teamB:Ban",
      "teamA:SidePick",
    ]);
    expect(t.deadline).toBeUndefined();
    expect(t.status).toBe("in_progress");
  });

  test("BO3: two picks, the decider third; the team that did not pick a map picks its side", () => {
    const format = presetFormat("bo3");
    expect(format.mapPool).toEqual([...ACTIVE_DUTY]);
    ACTIVE_DUTY.forEach((m) => expect(OFFICIAL_MAPS.has(m)).toBe(true));
    const t = playThrough(started(format, scripted("teamB")), () => 0);
    expect(t.series.map((m) => [m.pickedBy, m.sideBy])).toEqual([
      ["teamB", "teamA"],
      ["teamA", "teamB"],
      [undefined, "teamB"],
    ]);
  });

  test("a ready check holds the veto until everyone is ready", () => {
    const format = presetFormat("duel");
    let t = createTournament({ createdBy: "a", now: 0, format, slug: "x" });
    t = join(t, { team: null, isAdmin: false }, "teamA", "one", 1);
    t = join(t, { team: null, isAdmin: false }, "teamB", "two", 1);
    expect(t.status).toBe("ready_check");
    t = markReady(t, seat("teamA"), "one", 2, scripted("teamB"));
    expect(() => markReady(t, seat("teamA"), "one", 2)).toThrow(M.alreadyReady);
    t = markReady(t, seat("teamB"), "two", 5_000, scripted("teamB"));
    expect(t).toMatchObject({ status: "in_progress", turn: "teamB", deadline: 65_000 });
  });
});

// ---- Random valid custom formats ----

const team = fc.constantFrom<TournamentTeamKey>("teamA", "teamB");

/** Builds a playable custom format: bans and picks interleaved, a side pick for every map. */
const customFormat: fc.Arbitrary<TournamentFormat> = fc
  .record({
    poolSize: fc.integer({ min: 2, max: 12 }),
    picks: fc.integer({ min: 0, max: 5 }),
    decider: fc.boolean(),
    order: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
    teams: fc.array(team, { minLength: 24, maxLength: 24 }),
    sidesAtEnd: fc.boolean(),
    teamSize: fc.integer({ min: 1, max: 5 }),
    clock: fc.constantFrom(0, 30, 60, 120),
    ready: fc.boolean(),
  })
  .filter(({ poolSize, picks, decider }) => {
    const series = picks + (decider ? 1 : 0);
    return series >= 1 && series <= 5 && picks + (decider ? 1 : 0) <= poolSize;
  })
  .map(({ poolSize, picks, decider, order, teams, sidesAtEnd, teamSize, clock, ready }) => {
    const pool = [...OFFICIAL_MAPS].slice(0, poolSize);
    const bans = poolSize - picks - (decider ? 1 : 0);
    const mapSteps: ("Ban" | "Pick")[] = [];
    // Without a decider the last map step must be a pick: a ban may never take the last map.
    const lastPick = !decider;
    let [b, p] = [bans, picks - (lastPick ? 1 : 0)];
    for (let i = 0; b + p > 0; i++) {
      const pickNow = p > 0 && (b === 0 || order[i % order.length]!);
      mapSteps.push(pickNow ? "Pick" : "Ban");
      if (pickNow) p--;
      else b--;
    }
    if (lastPick) mapSteps.push("Pick");
    const sequence: Step[] = [];
    const deferred: Step[] = [];
    mapSteps.forEach((action, i) => {
      const t = teams[i]!;
      sequence.push({ team: t, action });
      if (action === "Pick") {
        (sidesAtEnd ? deferred : sequence).push({ team: other(t), action: "SidePick" });
      }
    });
    sequence.push(...deferred);
    if (decider) sequence.push({ team: teams[23]!, action: "SidePick" });
    return {
      preset: "custom" as const,
      teamSize,
      mapPool: pool,
      sequence,
      readyCheck: ready,
      turnSeconds: clock,
    };
  });

describe("custom formats", () => {
  test("property: random playable formats validate and every play keeps the invariants", () => {
    fc.assert(
      fc.property(
        customFormat,
        team,
        fc.array(fc.nat(), { minLength: 1, maxLength: 30 }),
        (format, coin, draws) => {
          const valid = validateFormat(format);
          let i = 0;
          const t = playThrough(
            started(valid, scripted(coin)),
            (n) => draws[i++ % draws.length]! % n,
          );
          checkFinished(t, valid);
        },
      ),
      { numRuns: PROPERTY_RUNS },
    );
  }, 60_000);

  test("property: the clock alone also finishes any playable format", () => {
    fc.assert(
      fc.property(
        customFormat,
        fc.array(fc.nat(), { minLength: 1, maxLength: 30 }),
        (format, draws) => {
          const valid = validateFormat({ ...format, turnSeconds: 30 });
          const chance = scripted("teamA", draws);
          let t = started(valid, chance);
          while (t.status === "in_progress") {
            expect(expireStep(t, t.currentStep, t.deadline! - 1, chance)).toBeNull();
            t = expireStep(t, t.currentStep, t.deadline!, chance)!;
          }
          checkFinished(t, valid);
          expect(t.history.filter((h) => h.auto)).toHaveLength(valid.sequence.length);
        },
      ),
      { numRuns: PROPERTY_RUNS },
    );
  }, 60_000);

  const refusalOf = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      if (error instanceof ConvexError) return error.data as unknown;
      throw error;
    }
    return undefined;
  };
  const custom = (sequence: Step[], extra: Partial<TournamentFormat> = {}): TournamentFormat => ({
    preset: "custom",
    teamSize: 2,
    mapPool: ["de_nuke", "de_inferno", "de_mirage"],
    sequence,
    readyCheck: false,
    turnSeconds: 0,
    ...extra,
  });
  const s = (t: "A" | "B", action: Step["action"]): Step => ({
    team: t === "A" ? "teamA" : "teamB",
    action,
  });

  test.each([
    ["too many bans", [s("A", "Ban"), s("B", "Ban"), s("A", "Ban")], F.lastMapBanned(3)],
    ["maps left over", [s("A", "Ban"), s("A", "SidePick")], F.mapsLeft(2)],
    [
      "a side pick before any map",
      [s("A", "SidePick"), s("A", "Ban"), s("B", "Ban")],
      F.noMapForSide(1),
    ],
    [
      "the picker picks the side",
      [s("A", "Pick"), s("A", "SidePick"), s("B", "Ban"), s("A", "SidePick")],
      F.pickerPicksSide(2),
    ],
    ["a map without a side", [s("A", "Ban"), s("B", "Ban")], F.sideMissing(1)],
    ["no steps", [], F.sequenceLength],
    ["only side picks", [s("A", "SidePick")], F.noMapForSide(1)],
  ])("refuses %s with a clear message", (_, sequence, message) => {
    expect(refusalOf(() => validateFormat(custom(sequence)))).toEqual({
      code: "INVALID_INPUT",
      ...message,
    });
  });

  test("a refusal sends its key and parameters beside the same Ukrainian", () => {
    expect(refusalOf(() => validateFormat(custom([s("A", "Ban"), s("A", "SidePick")])))).toEqual({
      code: "INVALID_INPUT",
      key: "refusal.tournament.formatMapsLeft",
      params: { left: 2 },
      message:
        "Після всіх банів і виборів лишається 2 мап: має лишитися одна (вирішальна) або жодної.",
    });
    expect(refusalOf(() => validateFormat(custom([], { teamSize: 6 })))).toEqual({
      code: "INVALID_INPUT",
      key: "refusal.tournament.formatTeamSize",
      params: { min: 1, max: 5 },
      message: "Розмір команди: від 1 до 5 гравців.",
    });
  });

  test("refuses bad team sizes, clocks and pools", () => {
    const ok = [s("A", "Ban"), s("B", "Ban"), s("A", "SidePick")];
    expect(() => validateFormat(custom(ok, { teamSize: 6 }))).toThrow(F.teamSize.message);
    expect(() => validateFormat(custom(ok, { teamSize: 1.5 }))).toThrow(F.teamSize.message);
    expect(() => validateFormat(custom(ok, { turnSeconds: 10 }))).toThrow(F.turnSeconds.message);
    expect(() => validateFormat(custom(ok, { turnSeconds: NaN }))).toThrow(F.turnSeconds.message);
    expect(() => validateFormat(custom(ok, { mapPool: ["de_nuke", "de_nuke", "x"] }))).toThrow(
      F.poolDuplicate("de_nuke").message,
    );
    expect(() => validateFormat(custom(ok, { mapPool: ["de_nuke", "<b>", "de_train"] }))).toThrow(
      F.poolUnknown("<b>").message,
    );
    expect(() => validateFormat(custom(ok, { mapPool: [] }))).toThrow(F.poolSize.message);
    // Workshop maps from the catalog are allowed.
    expect(
      validateFormat(custom(ok, { mapPool: ["aim_map", "de_nuke", "surf_kitsune"] })),
    ).toBeTruthy();
  });
});

describe("the clock", () => {
  const timed = () => started(presetFormat("duel"), scripted("teamA", [3]));

  test("acts once, only on its own step, only when due, never while paused", () => {
    const t = timed();
    const chance = scripted("teamA", [3]);
    expect(t.deadline).toBe(60_002);
    expect(expireStep(t, 0, 60_001, chance)).toBeNull();
    expect(expireStep(t, 1, 60_002, chance)).toBeNull();
    const after = expireStep(t, 0, 60_002, chance)!;
    expect(after.bannedMaps).toEqual([{ map: remainingMaps(t)[3], team: "teamA" }]);
    expect(after.history.at(-1)).toMatchObject({ auto: true, action: "Ban", team: "teamA" });
    // The same timer firing again finds its step already played.
    expect(expireStep(after, 0, 999_999, chance)).toBeNull();
    // A step played by hand leaves its timer nothing to do.
    const played = ban(t, seat("teamA"), "de_nuke", 0, 10);
    expect(expireStep(played, 0, 60_002, chance)).toBeNull();
  });
});

test("the server's coin is fair: 10,000 tosses land within ±3% of half", () => {
  // Binomial(10000, 0.5) has σ = 50; ±300 is 6σ, so a fair coin fails about once in 5e8 runs.
  let teamA = 0;
  for (let i = 0; i < 10_000; i++) if (randomInt(2) === 0) teamA++;
  expect(Math.abs(teamA - 5_000)).toBeLessThanOrEqual(300);
  // And automatic moves draw every index in range.
  const seen = new Set(Array.from({ length: 2_000 }, () => randomInt(7)));
  expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
});
