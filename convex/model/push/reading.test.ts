/**
 * What a MatchZy event proves about the match (pure): the scores by side are written only when
 * the teams' sides are certain, and then they are right, whichever events are lost or reordered.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type {
  MatchzyEvent,
  MatchzyMapResult,
  MatchzyRoundEnd,
  MatchzyStatsTeam,
} from "../../lib/matchzyEvents";
import type { Side } from "../../lib/side";
import type { Match, PushTrack } from "../../lib/validators";
import {
  finalBySide,
  MATCHZY_FORMS,
  mapEvents,
  type MatchzyForm,
  type ScriptedMap,
} from "../../testing/matchzy.fixtures";
import { interpretEvent, readScores } from "./reading";
import { parsePushEvent } from "./parse";
import { eventKey } from "./receive";
import { sameSecret } from "./secret";

const PROPERTY_RUNS = Number(process.env.PROPERTY_RUNS ?? (process.env.CI === "true" ? 400 : 150));

const MATCH: Match = {
  serverName: "S",
  mapName: "de_nuke",
  scoreCT: 0,
  scoreT: 0,
  playersOnline: 4,
  roundPhase: "warmup",
  round: 0,
};

function team(score: number): MatchzyStatsTeam {
  return { id: "", name: "x", series_score: 0, score, score_ct: 0, score_t: 0, players: [] };
}

const SIDE_NUMBER: Record<Side, "2" | "3"> = { T: "2", CT: "3" };

function roundEnd(
  round: number,
  team1: number,
  team2: number,
  winnerSide: Side,
  reason = 8,
): MatchzyRoundEnd {
  return {
    event: "round_end",
    matchid: 1,
    map_number: 0,
    round_number: round,
    round_time: 0,
    reason,
    winner: { side: SIDE_NUMBER[winnerSide], team: team1 > team2 ? "team1" : "team2" },
    team1: team(team1),
    team2: team(team2),
  };
}

describe("interpretEvent", () => {
  test("a drawn round proves no side", () => {
    const out = interpretEvent(roundEnd(1, 1, 0, "CT", 10), undefined, MATCH)!;
    expect(out.fields).toEqual({ round: 1, roundPhase: "over" });
  });

  test("the schema's side spelling proves the side like the code's", () => {
    const event = { ...roundEnd(0, 1, 0, "CT"), winner: { side: "ct", team: "team1" } };
    expect(interpretEvent(event, undefined, MATCH)!.fields).toEqual({
      round: 1,
      roundPhase: "over",
      scoreCT: 1,
      scoreT: 0,
    });
  });

  test("the round is read from the scores, whatever round_number says", () => {
    for (const roundNumber of [undefined, 0, 4, 5, 99]) {
      const event = { ...roundEnd(1, 3, 2, "CT"), round_number: roundNumber };
      expect(interpretEvent(event, undefined, MATCH)!.fields.round).toBe(5);
    }
  });

  test("a team's own side (the schema's form) proves the sides without any history", () => {
    const event: MatchzyRoundEnd = {
      ...roundEnd(7, 5, 3, "T"),
      team1: { ...team(5), side: "t", starting_side: "ct" },
      team2: { ...team(3), side: "ct", starting_side: "t" },
    };
    const out = interpretEvent(event, undefined, null)!;
    expect(out.fields).toMatchObject({ scoreCT: 3, scoreT: 5 });
    expect(out.track).toMatchObject({ team1Side: "T", team1StartSide: "CT" });
  });

  test("before 0.8.5 the winner names a team: winner known, sides only from a poll", () => {
    const legacy = {
      ...roundEnd(4, 3, 1, "CT"),
      matchid: "9",
      winner: { side: "1", team: "team1" },
    };
    expect(interpretEvent(legacy, undefined, MATCH)!.fields).toEqual({
      round: 4,
      roundPhase: "over",
    });
    const polled = { ...MATCH, scoreCT: 2, scoreT: 1, round: 3, maxRounds: 24 };
    expect(interpretEvent(legacy, undefined, polled)!.fields).toEqual({
      round: 4,
      roundPhase: "over",
      scoreCT: 3,
      scoreT: 1,
    });
    // "2" in that match names team 2 (not T): the track remembers the form.
    const track = interpretEvent(legacy, undefined, polled)!.track!;
    expect(track.teamNumbers).toBe(true);
    const next = { ...legacy, matchid: 9, winner: { side: "2", team: "team1" }, team2: team(2) };
    const reading = readScores(next, track, null);
    expect(reading.teamNumbers).toBe(true);
    expect(reading.team1Side).toBeUndefined();
  });

  test("map_result lost by team 1: the side the last round proved at the same score", () => {
    const track: PushTrack = {
      matchid: 1,
      mapNumber: 0,
      round: 21,
      team1Score: 8,
      team2Score: 13,
      team1Side: "CT",
    };
    const result: MatchzyMapResult = {
      event: "map_result",
      matchid: 1,
      map_number: 0,
      winner: { side: "2", team: "team2" },
      team1: team(8),
      team2: team(13),
    };
    expect(interpretEvent(result, track, null)!.fields).toEqual({
      round: 21,
      roundPhase: "over",
      scoreCT: 8,
      scoreT: 13,
    });
    // Without that round, and a stored match that does not show the final score: left alone.
    expect(interpretEvent(result, undefined, MATCH)!.fields).toEqual({
      round: 21,
      roundPhase: "over",
    });
  });

  test("series_end changes nothing on the map; going_live after rounds is stale", () => {
    const track: PushTrack = { matchid: 1, mapNumber: 0, round: 4, team1Score: 3, team2Score: 1 };
    const end = {
      event: "series_end" as const,
      matchid: 1,
      team1_series_score: 1,
      team2_series_score: 0,
      winner: { side: "3", team: "team1" },
      time_until_restore: 10,
    };
    expect(interpretEvent(end, track, MATCH)).toEqual({ fields: {}, track });
    expect(interpretEvent({ event: "going_live", matchid: 1, map_number: 0 }, track, MATCH)).toBe(
      null,
    );
  });

  /**
   * A map played round by round, in each form MatchZy sends: team 1 starts on a random side, sides swap after `half` rounds,
   * events get lost (never delivered) at random, and between rounds the poller may store the true
   * state. Whenever an event writes scores they are the true scores by side at that round's end.
   */
  test("scores by side are never wrong, with lost events, polls and a side swap", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Side>("CT", "T"),
        fc.constantFrom<MatchzyForm>(...MATCHZY_FORMS),
        fc.integer({ min: 1, max: 15 }),
        fc.array(
          fc.record({
            team1Won: fc.boolean(),
            lost: fc.boolean(),
            polled: fc.boolean(),
            polledBeforeSwap: fc.boolean(),
          }),
          {
            minLength: 1,
            maxLength: 30,
          },
        ),
        (startSide, form, half, rounds) => {
          let side1: Side = startSide;
          let [t1, t2] = [0, 0];
          let stored: Match = { ...MATCH, maxRounds: half * 2 };
          let track: PushTrack | undefined;
          let delivered = 0;
          let proved = 0;
          for (const [i, r] of rounds.entries()) {
            const n = i + 1;
            if (r.team1Won) t1++;
            else t2++;
            const winnerSide = r.team1Won ? side1 : side1 === "CT" ? "T" : "CT";
            const truth =
              side1 === "CT" ? { scoreCT: t1, scoreT: t2 } : { scoreCT: t2, scoreT: t1 };
            if (!r.lost) {
              const code = roundEnd(n, t1, t2, winnerSide);
              const event: MatchzyRoundEnd =
                form === "code"
                  ? code
                  : form === "schema"
                    ? {
                        ...code,
                        round_number: n - 1,
                        winner: { ...code.winner, side: winnerSide.toLowerCase() },
                      }
                    : {
                        ...code,
                        matchid: "1",
                        winner: { ...code.winner, side: r.team1Won ? "1" : "2" },
                      };
              const out = interpretEvent(event, track, stored)!;
              expect(out).not.toBeNull();
              if (out.fields.scoreCT !== undefined) {
                expect({ scoreCT: out.fields.scoreCT, scoreT: out.fields.scoreT }).toEqual(truth);
                proved++;
              }
              stored = { ...stored, ...out.fields };
              track = out.track;
              delivered++;
              // Every event after the first round, when none was lost, proves the sides.
              if (form !== "legacy" && rounds.slice(0, n).every((x) => !x.lost)) {
                expect(out.fields.scoreCT, `round ${n}`).toBeDefined();
              }
            }
            // A poll between rounds sees the sides of that moment: at halftime, before or after
            // the swap (the game swaps when the next round starts).
            const poll = () => {
              stored = {
                ...stored,
                round: n,
                ...(side1 === "CT" ? { scoreCT: t1, scoreT: t2 } : { scoreCT: t2, scoreT: t1 }),
              };
            };
            if (r.polled && r.polledBeforeSwap) poll();
            if (n === half) side1 = side1 === "CT" ? "T" : "CT";
            if (r.polled && !r.polledBeforeSwap) poll();
          }
          expect(proved).toBeLessThanOrEqual(delivered);
        },
      ),
      { numRuns: PROPERTY_RUNS },
    );
  });
});

const SCRIPTED = (team1StartSide: Side, half: number, wins: boolean[]): ScriptedMap => ({
  matchid: 14272,
  team1: { name: "Alpha", id: "a1", players: ["a", "b"] },
  team2: { name: "Beta", players: ["c", "d"] },
  team1StartSide,
  half,
  rounds: wins.map((team1Won) => ({ team1Won })),
});

/** Applies a sequence as the endpoint does: track and live match carried from event to event. */
function play(events: MatchzyEvent[], stored: Match = MATCH) {
  let track: PushTrack | undefined;
  let match = stored;
  const fields = [];
  for (const event of events) {
    const out = interpretEvent(event, track, match);
    if (!out) continue;
    track = out.track;
    match = { ...match, ...out.fields };
    fields.push(out.fields);
  }
  return { track, match, fields };
}

describe("every form MatchZy has sent, in full", () => {
  test.each(MATCHZY_FORMS)("%s: the final score by side and team 1's starting side", (form) => {
    const map = SCRIPTED("T", 3, [true, false, true, true, false, true, true]);
    const { track, match } = play(mapEvents(map, form), { ...MATCH, maxRounds: 6 });
    // Old releases name only the winning team of a round: the sides come from the map_result.
    expect({ scoreCT: match.scoreCT, scoreT: match.scoreT }).toEqual(finalBySide(map));
    expect(track).toMatchObject({ round: 7, team1Score: 5, team1Side: "CT" });
    if (form !== "legacy") expect(track?.team1StartSide).toBe("T");
  });

  test.each(MATCHZY_FORMS)("%s: the map_result alone gives the final round", (form) => {
    const map = SCRIPTED("CT", 3, [true, true, false, true]);
    const events = mapEvents(map, form);
    const out = interpretEvent(events.at(-1)!, undefined, null)!;
    expect(out.fields).toMatchObject({ round: 4, roundPhase: "over" });
    if (form === "schema") expect(out.fields).toMatchObject(finalBySide(map));
  });
});

describe("parsePushEvent", () => {
  test.each(MATCHZY_FORMS)("%s: every event of a map is read", (form: MatchzyForm) => {
    const events = mapEvents(SCRIPTED("CT", 2, [true, false, false]), form);
    for (const event of events) {
      expect(parsePushEvent(JSON.parse(JSON.stringify(event))).kind).toBe("event");
    }
  });

  test("a used event that cannot be read is refused with its name", () => {
    expect(parsePushEvent({ event: "round_end", matchid: 1 })).toEqual({
      kind: "invalid",
      name: "round_end",
    });
    expect(parsePushEvent([1])).toEqual({ kind: "invalid", name: "" });
  });

  test("drops fields the panel does not know, keeps the event", () => {
    const parsed = parsePushEvent({ ...roundEnd(1, 1, 0, "CT"), future_field: { nested: true } });
    expect(parsed.kind).toBe("event");
    expect(parsed.kind === "event" && "future_field" in parsed.event).toBe(false);
  });

  test("event names are looked up as own keys", () => {
    for (const name of ["__proto__", "constructor", "hasOwnProperty"]) {
      expect(parsePushEvent({ event: name, matchid: 1 })).toEqual({ kind: "unknown", name });
    }
  });
});

test("eventKey: match, event, map and the round's scores", () => {
  expect(eventKey(roundEnd(4, 3, 1, "CT"))).toBe("1:round_end:0:3-1:8");
  // The schema's round 3 and the code's round 4 are the same round.
  expect(eventKey(roundEnd(3, 3, 1, "CT"))).toBe(eventKey(roundEnd(4, 3, 1, "CT")));
  expect(eventKey({ event: "going_live", matchid: 1, map_number: 2 })).toBe("1:going_live:2");
});

test("sameSecret", () => {
  const secret = "ab".repeat(32);
  expect(sameSecret(secret, secret)).toBe(true);
  expect(sameSecret(`${secret}x`, secret)).toBe(false);
  expect(sameSecret(secret.slice(1), secret)).toBe(false);
  expect(sameSecret("", secret)).toBe(false);
  expect(sameSecret("", "")).toBe(false);
});
