/**
 * What a MatchZy event says about the map (pure): `readScores` is the one place that turns an
 * event into the round, the teams' scores and their sides, in every form MatchZy has sent
 * (lib/matchzyEvents.ts); `interpretEvent` turns that into the live match fields and the track.
 *
 * Sides: the schema's form names each team's side; MatchZy's code names only the side of the
 * round's winner (0.8.5+) or only the winning team (before 0.8.5), so there a side is proved by
 * who won the round (whose score went up) together with the winner's side, or by the polled match
 * when exactly one assignment of teams to sides fits it. What is not proved is left unknown (the
 * poller fills the scores), never guessed.
 */
import {
  MATCHZY_ROUND_END_REASON,
  readSide,
  type MatchzyEvent,
  type MatchzyMapResult,
  type MatchzyMatchId,
  type MatchzyRoundEnd,
  type MatchzyStatsTeam,
} from "../../lib/matchzyEvents";
import { otherSide, type Side } from "../../lib/side";
import type { Match, PushSeries, PushTrack } from "../../lib/validators";
import type { PushedMatchFields } from "../live/data";

export function sameMatchId(a: MatchzyMatchId, b: MatchzyMatchId): boolean {
  return String(a) === String(b);
}

export function sameMap(track: PushTrack | undefined, matchid: MatchzyMatchId, mapNumber: number) {
  return (
    track !== undefined && sameMatchId(track.matchid, matchid) && track.mapNumber === mapNumber
  );
}

export function scoresBySide(team1Side: Side, team1: number, team2: number) {
  return team1Side === "CT" ? { scoreCT: team1, scoreT: team2 } : { scoreCT: team2, scoreT: team1 };
}

/** What an event says about the map after it. */
export interface ScoreReading {
  matchid: MatchzyMatchId;
  mapNumber: number;
  /** Rounds played: the teams' scores summed (MatchZy's `round_number` differs by form). */
  round: number;
  team1Score: number;
  team2Score: number;
  /** Team 1's side in the round just played (at the map's end for `map_result`), when proved. */
  team1Side?: Side;
  /** The side team 1 started the map on, when known. */
  team1StartSide?: Side;
  /** The round's winning side (`round_end` only), when known. */
  winnerSide?: Side;
  /** This match's `round_end` names the winning team, not its side (MatchZy before 0.8.5). */
  teamNumbers?: boolean;
}

/** A side a stats team states about itself (the schema's `side` / `starting_side`). */
function statedSide(
  team1: MatchzyStatsTeam,
  team2: MatchzyStatsTeam,
  field: "side" | "starting_side",
) {
  const one = readSide(team1[field]);
  const two = readSide(team2[field]);
  if (one && (!two || two === otherSide(one))) return one;
  if (!one && two) return otherSide(two);
  return undefined;
}

/**
 * The one assignment of teams to sides that fits the polled match before the round (`w1`/`w2`:
 * rounds won by team 1/2 in it), or undefined when none or both fit.
 */
function fitStored(stored: Match | null, a: number, b: number, w1: number, w2: number) {
  if (!stored || stored.scoreCT + stored.scoreT !== a + b - w1 - w2) return undefined;
  const team1CT = stored.scoreCT === a - w1 && stored.scoreT === b - w2;
  const team1T = stored.scoreCT === b - w2 && stored.scoreT === a - w1;
  return team1CT !== team1T ? (team1CT ? "CT" : "T") : undefined;
}

/**
 * Whether the teams played round `round` on the sides they had after the round before: known
 * only in regulation, away from the halftime swap (a poll may have been taken on either side of
 * it). Needed where the event names no side at all.
 */
function sidesHeldSince(stored: Match | null, round: number): boolean {
  const max = stored?.maxRounds;
  return !!max && round <= max && round !== Math.floor(max / 2) + 1;
}

/** The side team 1 started on: stated, picked, kept, or from a side proved in regulation. */
function startSide(
  event: MatchzyRoundEnd | MatchzyMapResult,
  track: PushTrack | undefined,
  series: PushSeries | undefined,
  mapName: string | undefined,
  team1Side: Side | undefined,
  round: number,
  maxRounds: number | undefined,
): Side | undefined {
  const stated = statedSide(event.team1, event.team2, "starting_side");
  if (stated) return stated;
  if (series && sameMatchId(series.matchid, event.matchid)) {
    const pick = series.maps.find(
      (m) => m.mapNumber === event.map_number || (mapName !== undefined && m.mapName === mapName),
    );
    if (pick?.team1StartSide) return pick.team1StartSide;
  }
  if (sameMap(track, event.matchid, event.map_number) && track!.team1StartSide) {
    return track!.team1StartSide;
  }
  if (!team1Side || !maxRounds || round < 1 || round > maxRounds) return undefined;
  return round <= maxRounds / 2 ? team1Side : otherSide(team1Side);
}

/** What every reading starts from: the scores, the round, the previous event of the same map. */
function basics(event: MatchzyRoundEnd | MatchzyMapResult, track: PushTrack | undefined) {
  const a = event.team1.score;
  const b = event.team2.score;
  return {
    a,
    b,
    base: {
      matchid: event.matchid,
      mapNumber: event.map_number,
      round: a + b,
      team1Score: a,
      team2Score: b,
    },
    prev: sameMap(track, event.matchid, event.map_number) ? track : undefined,
  };
}

function readRoundEnd(
  event: MatchzyRoundEnd,
  track: PushTrack | undefined,
  stored: Match | null,
): Omit<ScoreReading, "team1StartSide"> {
  const { a, b, base, prev } = basics(event, track);
  const rawSide = event.winner.side?.trim();
  const teamNumbers =
    rawSide === "1" || typeof event.matchid === "string" || prev?.teamNumbers === true;
  const flags = teamNumbers ? { teamNumbers: true } : {};
  const stated = statedSide(event.team1, event.team2, "side");
  const drawn = event.reason === MATCHZY_ROUND_END_REASON.RoundDraw;
  // Who won the round: whose score went up since the previous round, or the only team scoring.
  let winner: 1 | 2 | undefined;
  if (!drawn) {
    if (prev && prev.round === a + b - 1) {
      if (a === prev.team1Score + 1 && b === prev.team2Score) winner = 1;
      else if (b === prev.team2Score + 1 && a === prev.team1Score) winner = 2;
    }
    if (!winner && a === 0 && b > 0) winner = 2;
    if (!winner && b === 0 && a > 0) winner = 1;
    if (!winner && teamNumbers && (rawSide === "1" || rawSide === "2")) {
      winner = rawSide === "1" ? 1 : 2;
    }
  }
  const winnerSideNamed = drawn || teamNumbers ? undefined : readSide(rawSide);
  let team1Side = stated;
  if (!team1Side && winner && winnerSideNamed) {
    team1Side = winner === 1 ? winnerSideNamed : otherSide(winnerSideNamed);
  }
  if (!team1Side && !drawn) {
    if (winner && sidesHeldSince(stored, a + b)) {
      team1Side = fitStored(stored, a, b, winner === 1 ? 1 : 0, winner === 2 ? 1 : 0);
    } else if (winnerSideNamed) {
      // Team 1 on CT: it won iff CT won; on T, iff T won. Exactly one of the two must fit.
      const w1IfCT = winnerSideNamed === "CT" ? 1 : 0;
      const asCT = fitStored(stored, a, b, w1IfCT, 1 - w1IfCT) === "CT";
      const asT = fitStored(stored, a, b, 1 - w1IfCT, w1IfCT) === "T";
      if (asCT !== asT) team1Side = asCT ? "CT" : "T";
    }
  }
  if (!team1Side && drawn && prev && prev.team1Score === a && prev.team2Score === b) {
    team1Side = prev.team1Side;
  }
  const winnerSide =
    winnerSideNamed ??
    (winner && team1Side ? (winner === 1 ? team1Side : otherSide(team1Side)) : undefined);
  return {
    ...base,
    ...(team1Side ? { team1Side } : {}),
    ...(winnerSide ? { winnerSide } : {}),
    ...flags,
  };
}

function readMapResult(
  event: MatchzyMapResult,
  track: PushTrack | undefined,
  stored: Match | null,
): Omit<ScoreReading, "team1StartSide"> {
  const { a, b, base, prev } = basics(event, track);
  const rawSide = event.winner.side?.trim().toLowerCase();
  let team1Side = statedSide(event.team1, event.team2, "side");
  const named = readSide(rawSide);
  if (!team1Side && named && a !== b) {
    if (rawSide === "ct" || rawSide === "t") {
      // The schema's form: the winning team's side.
      team1Side = a > b ? named : otherSide(named);
    } else if (a > b) {
      // The code's form: "3" only when team 1 won as CT, "2" in every other case.
      team1Side = named;
    }
  }
  if (!team1Side && prev && prev.team1Score === a && prev.team2Score === b) {
    team1Side = prev.team1Side;
  }
  if (!team1Side && stored && a !== b) {
    if (stored.scoreCT === a && stored.scoreT === b) team1Side = "CT";
    else if (stored.scoreCT === b && stored.scoreT === a) team1Side = "T";
  }
  return {
    ...base,
    ...(team1Side ? { team1Side } : {}),
    ...(prev?.teamNumbers ? { teamNumbers: true } : {}),
  };
}

/**
 * The one reading of a `round_end` or `map_result`: round, scores, sides. `track` is what the
 * previous applied event left, `stored` the live match (a poll, or the previous event), `series`
 * the picks of the series, `mapName` the map being played when known.
 */
export function readScores(
  event: MatchzyRoundEnd | MatchzyMapResult,
  track: PushTrack | undefined,
  stored: Match | null,
  series?: PushSeries,
  mapName?: string,
): ScoreReading {
  const reading =
    event.event === "round_end"
      ? readRoundEnd(event, track, stored)
      : readMapResult(event, track, stored);
  const start = startSide(
    event,
    track,
    series,
    mapName,
    reading.team1Side,
    reading.round,
    stored?.maxRounds,
  );
  return { ...reading, ...(start ? { team1StartSide: start } : {}) };
}

function trackOf(reading: ScoreReading): PushTrack {
  return {
    matchid: reading.matchid,
    mapNumber: reading.mapNumber,
    round: reading.round,
    team1Score: reading.team1Score,
    team2Score: reading.team2Score,
    ...(reading.team1Side ? { team1Side: reading.team1Side } : {}),
    ...(reading.team1StartSide ? { team1StartSide: reading.team1StartSide } : {}),
    ...(reading.teamNumbers ? { teamNumbers: true } : {}),
  };
}

/**
 * The match fields an event proves and the map state it leaves; null when it is older than what
 * was applied already (events may arrive out of order), so it must not overwrite anything.
 */
export function interpretEvent(
  event: MatchzyEvent,
  track: PushTrack | undefined,
  stored: Match | null,
  series?: PushSeries,
): { fields: PushedMatchFields; track: PushTrack | undefined; reading?: ScoreReading } | null {
  const fresh = (matchid: MatchzyMatchId, mapNumber: number): PushTrack => ({
    matchid,
    mapNumber,
    round: 0,
    team1Score: 0,
    team2Score: 0,
  });
  switch (event.event) {
    case "series_start":
      // A match config was loaded: the server waits in warmup.
      return {
        fields: { scoreCT: 0, scoreT: 0, round: 0, roundPhase: "warmup", newMap: true },
        track: fresh(event.matchid, 0),
      };
    case "going_live":
      if (sameMap(track, event.matchid, event.map_number) && track!.round > 0) return null;
      return {
        fields: { scoreCT: 0, scoreT: 0, round: 1, roundPhase: "freezetime", newMap: true },
        track: fresh(event.matchid, event.map_number),
      };
    case "round_end":
    case "map_result": {
      const a = event.team1.score;
      const b = event.team2.score;
      if (sameMap(track, event.matchid, event.map_number) && a + b < track!.round) return null;
      const reading = readScores(event, track, stored, series, stored?.mapName);
      const side = reading.team1Side;
      return {
        fields: {
          round: reading.round,
          roundPhase: "over",
          ...(side ? scoresBySide(side, a, b) : {}),
        },
        track: trackOf(reading),
        reading,
      };
    }
    case "map_picked":
    case "side_picked":
    case "series_end":
      // Nothing about the map being played; the server is alive.
      return { fields: {}, track };
  }
}

/** The series picks after a `map_picked` / `side_picked` (at most 9 maps kept). */
export function seriesAfter(
  series: PushSeries | undefined,
  event: Extract<MatchzyEvent, { event: "map_picked" | "side_picked" | "series_start" }>,
): PushSeries {
  const current =
    series && sameMatchId(series.matchid, event.matchid)
      ? series
      : { matchid: event.matchid, maps: [] };
  if (event.event === "series_start") return current;
  const maps = [...current.maps];
  const at = maps.findIndex((m) => m.mapName === event.map_name);
  const entry = at >= 0 ? { ...maps[at]! } : { mapName: event.map_name };
  if (event.event === "map_picked") entry.mapNumber = event.map_number;
  else {
    const side = readSide(event.side);
    if (side && (event.team === "team1" || event.team === "team2")) {
      entry.team1StartSide = event.team === "team1" ? side : otherSide(side);
    }
  }
  if (at >= 0) maps[at] = entry;
  else maps.push(entry);
  return { ...current, maps: maps.slice(-9) };
}
