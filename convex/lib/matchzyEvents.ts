/**
 * MatchZy remote-log events: the JSON bodies a CS2 server running MatchZy POSTs to
 * `matchzy_remote_log_url`. The contract between the simulator (`dev/sim/matchzy.ts`, which sends
 * them) and the panel's event endpoint (which validates incoming bodies with these validators).
 * Documented for humans in `docs/game-server-api.md` ("MatchZy remote log").
 *
 * Source: github.com/shobhit-pathak/MatchZy at commit ef289d512766b89b0f7bf3088208ae88235e61fa
 * (0.8.15) and its history: field names from `Events.cs` and `MatchData.cs` ([JsonPropertyName]),
 * values from the code that builds the events (`Utility.cs`: StartLive, HandlePostRoundEndEvent,
 * HandleMatchEnd, GetPlayerStatsDict; `MatchManagement.cs`: LoadMatchFromJSON, EndSeries;
 * `MapVeto.cs`: map and side picks), sending in `PublishEvents.cs`, nullability and the schema-only
 * fields from `documentation/docs/event_schema.yml` ("MatchZy Event Documentation").
 *
 * Every form MatchZy has sent is accepted, because servers run old releases for years:
 * - The schema: `round_number` counts from 0, `winner.side` and a stats team's `side` /
 *   `starting_side` are `"ct"`/`"t"`, `score_ct`/`score_t` are filled.
 * - 0.8.5 to 0.8.15: `round_number` counts from 1 (the rounds played), `winner.side` of
 *   `round_end` is the winner's CS team number as a string, `"3"` (CT) or `"2"` (T); `side` and
 *   `starting_side` are never sent; `score_ct`/`score_t`/`series_score` of `round_end` are 0.
 * - 0.6 to 0.8.4: `round_end.winner.side` is the winning team's number in the match, `"1"` (team
 *   1) or `"2"` (team 2); before 0.7.12 `matchid` is a string.
 * So the round is always read from the teams' scores, never from `round_number`, and a side is
 * read with `readSide` (model/push/reading.ts decides what `"2"` means).
 *
 * What MatchZy's code also does, whatever the release:
 * - `round_end.winner.team` is the team leading the map after the round (`"team2"` on a tie), not
 *   necessarily the round's winner.
 * - `round_time` is always 0. `map_result` carries no players (the schema allows them).
 * - Player stats MatchZy does not track are always 0. Bots are included, with `steamid` `"0"`.
 * - `series_end.winner.team` is `"none"` for a drawn series.
 * - No `player_death` or bomb event is sent: neither the schema nor the code has one (Get5 does).
 *
 * Events MatchZy also sends and the panel only uses for names: `map_picked` and `side_picked` (the
 * map name of a map number, a team's starting side). `map_vetoed` and `demo_upload_ended` are
 * acknowledged and ignored.
 *
 * Dependency-free apart from `convex/values`: the simulator (Node) imports it too.
 */
import { v, type Infer } from "convex/values";
import type { Side } from "./side";

/** The console commands that configure the remote log (MatchZy also accepts `get5_…` aliases). */
export const MATCHZY_REMOTE_LOG_CVARS = {
  url: "matchzy_remote_log_url",
  headerKey: "matchzy_remote_log_header_key",
  headerValue: "matchzy_remote_log_header_value",
} as const;

/** `winner.side` as MatchZy 0.8.5+ sends it: the CS team number, as a string. */
export const MATCHZY_SIDE = { T: "2", CT: "3" } as const;
/** A side as MatchZy's schema spells it. */
export const MATCHZY_SCHEMA_SIDE = { T: "t", CT: "ct" } as const;

/**
 * A side in any spelling MatchZy uses: the schema's `"ct"`/`"t"` (any case, also `"CT"`,
 * `"TERRORIST"`) or a CS team number `"3"`/`"2"`; undefined for anything else (`"spec"`, null).
 * The `"1"`/`"2"` team numbers of releases before 0.8.5 are told apart by the caller.
 */
export function readSide(side: string | null | undefined): Side | undefined {
  if (typeof side !== "string") return undefined;
  const s = side.trim().toLowerCase();
  if (s === "ct" || s === "3" || s === "counterterrorist" || s === "counter-terrorist") return "CT";
  if (s === "t" || s === "2" || s === "terrorist") return "T";
  return undefined;
}

/** `matchid`: an integer since 0.7.12, a string before. */
export const vMatchzyMatchId = v.union(v.number(), v.string());
export type MatchzyMatchId = number | string;

/**
 * `round_end.reason`: CounterStrikeSharp's `RoundEndReason` (the values a competitive round ends
 * with; managed/CounterStrikeSharp.API/Modules/Entities/Constants/RoundEndReason.cs).
 */
export const MATCHZY_ROUND_END_REASON = {
  TargetBombed: 1,
  BombDefused: 7,
  CTsWin: 8,
  TerroristsWin: 9,
  RoundDraw: 10,
  TargetSaved: 12,
} as const;

/** Schema `Team`/`Side`: strings, `null` allowed by the schema (MatchZy's code never sends null). */
const vNullableString = v.union(v.string(), v.null());

/** `Winner`: `side` = `"3"`/`"2"` (see MATCHZY_SIDE), `team` = `"team1"`/`"team2"`/`"none"`. */
export const vMatchzyWinner = v.object({
  side: vNullableString,
  team: vNullableString,
});
export type MatchzyWinner = Infer<typeof vMatchzyWinner>;

/** `MatchZyTeamWrapper`: `id` is the match config's team id, `""` when none was given. */
export const vMatchzyTeam = v.object({
  id: v.optional(vNullableString),
  name: v.string(),
});
export type MatchzyTeam = Infer<typeof vMatchzyTeam>;

/**
 * `PlayerStats`, cumulative over the map. MatchZy fills kills, deaths, assists, damage,
 * utility_damage, enemies_flashed, headshot_kills, rounds_played (the map's rounds played, the same
 * for every player), 2k–5k, 1v1, 1v2, score and mvp; every other field is always 0. Any field
 * may be missing in a body written from the schema: read it as 0.
 */
/** A stat the sender may leave out (the schema marks none required): read as 0. */
const vStat = v.optional(v.number());

export const vMatchzyPlayerStats = v.object({
  kills: vStat,
  deaths: vStat,
  assists: vStat,
  flash_assists: vStat,
  team_kills: vStat,
  suicides: vStat,
  damage: vStat,
  utility_damage: vStat,
  enemies_flashed: vStat,
  friendlies_flashed: vStat,
  knife_kills: vStat,
  headshot_kills: vStat,
  rounds_played: vStat,
  bomb_defuses: vStat,
  bomb_plants: vStat,
  "1k": vStat,
  "2k": vStat,
  "3k": vStat,
  "4k": vStat,
  "5k": vStat,
  "1v1": vStat,
  "1v2": vStat,
  "1v3": vStat,
  "1v4": vStat,
  "1v5": vStat,
  first_kills_t: vStat,
  first_kills_ct: vStat,
  first_deaths_t: vStat,
  first_deaths_ct: vStat,
  trade_kills: vStat,
  kast: vStat,
  score: vStat,
  mvp: vStat,
});
export type MatchzyPlayerStats = Infer<typeof vMatchzyPlayerStats>;

/** `StatsPlayer`: `steamid` is the SteamID64 as a string (`"0"` for a bot). */
export const vMatchzyStatsPlayer = v.object({
  steamid: v.string(),
  name: v.string(),
  stats: vMatchzyPlayerStats,
});
export type MatchzyStatsPlayer = Infer<typeof vMatchzyStatsPlayer>;

/** `MatchZyStatsTeam`: a team with its scores on the current map and its players' stats. */
export const vMatchzyStatsTeam = v.object({
  id: v.optional(vNullableString),
  name: v.string(),
  series_score: v.optional(v.number()),
  score: v.number(),
  score_ct: v.optional(v.number()),
  score_t: v.optional(v.number()),
  players: v.optional(v.array(vMatchzyStatsPlayer)),
  side: v.optional(vNullableString),
  starting_side: v.optional(vNullableString),
});
export type MatchzyStatsTeam = Infer<typeof vMatchzyStatsTeam>;

/** `series_start` (MatchZySeriesStartedEvent): a match config was loaded. */
export const vMatchzySeriesStart = v.object({
  event: v.literal("series_start"),
  matchid: vMatchzyMatchId,
  num_maps: v.number(),
  team1: vMatchzyTeam,
  team2: vMatchzyTeam,
});
export type MatchzySeriesStart = Infer<typeof vMatchzySeriesStart>;

/** `going_live` (GoingLiveEvent): the map goes live. `map_number` counts from 0. */
export const vMatchzyGoingLive = v.object({
  event: v.literal("going_live"),
  matchid: vMatchzyMatchId,
  map_number: v.number(),
});
export type MatchzyGoingLive = Infer<typeof vMatchzyGoingLive>;

/**
 * `round_end` (MatchZyRoundEndedEvent): `round_number` is the rounds played on the map in the
 * code (from 1) and the round's index in the schema (from 0): read the scores instead.
 */
export const vMatchzyRoundEnd = v.object({
  event: v.literal("round_end"),
  matchid: vMatchzyMatchId,
  map_number: v.number(),
  round_number: v.optional(v.number()),
  round_time: v.optional(v.number()),
  reason: v.number(),
  winner: vMatchzyWinner,
  team1: vMatchzyStatsTeam,
  team2: vMatchzyStatsTeam,
});
export type MatchzyRoundEnd = Infer<typeof vMatchzyRoundEnd>;

/** `map_result` (MapResultEvent): the map is over; `series_score` includes this map. */
export const vMatchzyMapResult = v.object({
  event: v.literal("map_result"),
  matchid: vMatchzyMatchId,
  map_number: v.number(),
  winner: vMatchzyWinner,
  team1: vMatchzyStatsTeam,
  team2: vMatchzyStatsTeam,
});
export type MatchzyMapResult = Infer<typeof vMatchzyMapResult>;

/** `series_end` (MatchZySeriesResultEvent): the series is over. */
export const vMatchzySeriesEnd = v.object({
  event: v.literal("series_end"),
  matchid: vMatchzyMatchId,
  team1_series_score: v.number(),
  team2_series_score: v.number(),
  winner: vMatchzyWinner,
  time_until_restore: v.optional(v.number()),
});
export type MatchzySeriesEnd = Infer<typeof vMatchzySeriesEnd>;

/** `map_picked` (MatchZyMapPickedEvent): the map that map number `map_number` (from 0) is. */
export const vMatchzyMapPicked = v.object({
  event: v.literal("map_picked"),
  matchid: vMatchzyMatchId,
  team: vNullableString,
  map_name: v.string(),
  map_number: v.number(),
});
export type MatchzyMapPicked = Infer<typeof vMatchzyMapPicked>;

/**
 * `side_picked` (MatchZySidePickedEvent): `team` starts `map_name` on `side` (`"ct"`/`"t"`). Its
 * `map_number` is the count of maps picked so far in the code (from 1), so the map is matched by
 * name.
 */
export const vMatchzySidePicked = v.object({
  event: v.literal("side_picked"),
  matchid: vMatchzyMatchId,
  team: vNullableString,
  map_name: v.string(),
  map_number: v.optional(v.number()),
  side: vNullableString,
});
export type MatchzySidePicked = Infer<typeof vMatchzySidePicked>;

/** Every event the panel understands; tell them apart by `event`. */
export const vMatchzyEvent = v.union(
  vMatchzySeriesStart,
  vMatchzyMapPicked,
  vMatchzySidePicked,
  vMatchzyGoingLive,
  vMatchzyRoundEnd,
  vMatchzyMapResult,
  vMatchzySeriesEnd,
);
export type MatchzyEvent = Infer<typeof vMatchzyEvent>;
export type MatchzyEventName = MatchzyEvent["event"];
