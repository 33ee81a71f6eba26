/**
 * MatchZy event sequences for one scripted map, in each form MatchZy has sent
 * (lib/matchzyEvents.ts):
 * - `schema`: as `documentation/docs/event_schema.yml` describes them (`round_number` from 0,
 *   sides "ct"/"t", each team's `side`, `starting_side`, `score_ct`/`score_t`, players in
 *   `map_result`);
 * - `code`: as MatchZy 0.8.5–0.8.15's code builds them (`Utility.cs`: `round_number` = rounds
 *   played, `winner.side` "3"/"2", no team sides, zeros for `score_ct`/`score_t`, no players in
 *   `map_result`, whose `winner.side` is "3" only when team 1 won as CT);
 * - `legacy`: MatchZy 0.6–0.7.11 (`matchid` a string, `round_end.winner.side` the winning team's
 *   number "1"/"2").
 */
import type {
  MatchzyEvent,
  MatchzyMapResult,
  MatchzyPlayerStats,
  MatchzyRoundEnd,
  MatchzyStatsPlayer,
  MatchzyStatsTeam,
} from "../lib/matchzyEvents";
import { otherSide, type Side } from "../lib/side";

export type MatchzyForm = "schema" | "code" | "legacy";
export const MATCHZY_FORMS: readonly MatchzyForm[] = ["schema", "code", "legacy"];

export interface ScriptedRound {
  team1Won: boolean;
  /** CounterStrikeSharp RoundEndReason; elimination by the winning side when absent. */
  reason?: number;
}

export interface ScriptedMap {
  matchid: number;
  mapNumber?: number;
  team1: { name: string; id?: string; players: string[] };
  team2: { name: string; id?: string; players: string[] };
  team1StartSide: Side;
  /** Rounds per half (sides swap after this many). */
  half: number;
  rounds: ScriptedRound[];
}

function stats(kills: number, deaths: number, rounds: number): MatchzyPlayerStats {
  return {
    kills,
    deaths,
    assists: 1,
    flash_assists: 0,
    team_kills: 0,
    suicides: 0,
    damage: kills * 100 + 20,
    utility_damage: 0,
    enemies_flashed: 0,
    friendlies_flashed: 0,
    knife_kills: 0,
    headshot_kills: Math.floor(kills / 2),
    rounds_played: rounds,
    bomb_defuses: 0,
    bomb_plants: 0,
    "1k": 0,
    "2k": 0,
    "3k": 0,
    "4k": 0,
    "5k": 0,
    "1v1": 0,
    "1v2": 0,
    "1v3": 0,
    "1v4": 0,
    "1v5": 0,
    first_kills_t: 0,
    first_kills_ct: 0,
    first_deaths_t: 0,
    first_deaths_ct: 0,
    trade_kills: 0,
    kast: 0,
    score: kills * 2,
    mvp: 0,
  };
}

/** A SteamID64 for the n-th scripted player. */
export function steamIdOf(n: number): string {
  return String(76561198000000000n + BigInt(n));
}

/**
 * Every event of the map in order: going_live, one round_end per round, map_result. A player's
 * kills are the rounds their team won, deaths the rounds it lost (so lines are checkable).
 */
export function mapEvents(map: ScriptedMap, form: MatchzyForm): MatchzyEvent[] {
  const matchid = form === "legacy" ? (String(map.matchid) as unknown as number) : map.matchid;
  const mapNumber = map.mapNumber ?? 0;
  let side1 = map.team1StartSide;
  let [t1, t2] = [0, 0];
  let [ct1, tt1, ct2, tt2] = [0, 0, 0, 0];
  const team = (
    n: 1 | 2,
    round: number,
    withPlayers: boolean,
    final: boolean,
  ): MatchzyStatsTeam => {
    const def = n === 1 ? map.team1 : map.team2;
    const score = n === 1 ? t1 : t2;
    const side = n === 1 ? side1 : otherSide(side1);
    const start = n === 1 ? map.team1StartSide : otherSide(map.team1StartSide);
    // MatchZy lists bots too, with steamid "0".
    const players: MatchzyStatsPlayer[] = def.players.map((name, i) => ({
      steamid: name.startsWith("BOT ") ? "0" : steamIdOf((n - 1) * 10 + i + 1),
      name,
      stats: stats(score, n === 1 ? t2 : t1, round),
    }));
    const base = {
      id: def.id ?? "",
      name: def.name,
      score,
    };
    if (form === "schema") {
      return {
        ...base,
        series_score: final && score > (n === 1 ? t2 : t1) ? 1 : 0,
        score_ct: n === 1 ? ct1 : ct2,
        score_t: n === 1 ? tt1 : tt2,
        side: side === "CT" ? "ct" : "t",
        starting_side: start === "CT" ? "ct" : "t",
        players: withPlayers ? players : [],
      };
    }
    return {
      ...base,
      series_score: 0,
      score_ct: 0,
      score_t: 0,
      players: withPlayers && !final ? players : [],
    };
  };
  const events: MatchzyEvent[] = [{ event: "going_live", matchid, map_number: mapNumber }];
  for (const [i, r] of map.rounds.entries()) {
    const n = i + 1;
    const winnerSide = r.team1Won ? side1 : otherSide(side1);
    if (r.team1Won) {
      t1++;
      if (side1 === "CT") ct1++;
      else tt1++;
    } else {
      t2++;
      if (side1 === "CT") tt2++;
      else ct2++;
    }
    const side =
      form === "schema"
        ? winnerSide === "CT"
          ? "ct"
          : "t"
        : form === "code"
          ? winnerSide === "CT"
            ? "3"
            : "2"
          : r.team1Won
            ? "1"
            : "2";
    const roundEnd: MatchzyRoundEnd = {
      event: "round_end",
      matchid,
      map_number: mapNumber,
      round_number: form === "schema" ? n - 1 : n,
      round_time: form === "schema" ? 61_000 : 0,
      reason: r.reason ?? (winnerSide === "CT" ? 8 : 9),
      winner: { side, team: t1 > t2 ? "team1" : "team2" },
      team1: team(1, n, true, false),
      team2: team(2, n, true, false),
    };
    events.push(roundEnd);
    if (n === map.half) side1 = otherSide(side1);
  }
  // The map result is sent at the sides of the last round (the swap above only follows a half).
  if (map.rounds.length === map.half) side1 = otherSide(side1);
  const winnerSideCode = t1 > t2 && side1 === "CT" ? "3" : "2";
  const winnerSideSchema =
    t1 === t2 ? null : (t1 > t2 ? side1 : otherSide(side1)) === "CT" ? "ct" : "t";
  const mapResult: MatchzyMapResult = {
    event: "map_result",
    matchid,
    map_number: mapNumber,
    winner: {
      side: form === "schema" ? winnerSideSchema : winnerSideCode,
      team: t1 > t2 ? "team1" : "team2",
    },
    team1: team(1, t1 + t2, form === "schema", true),
    team2: team(2, t1 + t2, form === "schema", true),
  };
  events.push(mapResult);
  return events;
}

/** The final score by side of the scripted map (the sides of its last round). */
export function finalBySide(map: ScriptedMap): { scoreCT: number; scoreT: number } {
  const t1 = map.rounds.filter((r) => r.team1Won).length;
  const t2 = map.rounds.length - t1;
  const swapped = map.rounds.length > map.half;
  const side1 = swapped ? otherSide(map.team1StartSide) : map.team1StartSide;
  return side1 === "CT" ? { scoreCT: t1, scoreT: t2 } : { scoreCT: t2, scoreT: t1 };
}
