/**
 * MatchZy remote-log events: the JSON bodies a CS2 server running MatchZy POSTs to
 * `matchzy_remote_log_url`. The contract between the simulator (`dev/sim/matchzy.ts`, which sends
 * them) and the panel's event endpoint (which validates incoming bodies with these validators).
 * Documented for humans in `docs/game-server-api.md` ("MatchZy remote log").
 *
 * Source: github.com/shobhit-pathak/MatchZy at commit ef289d512766b89b0f7bf3088208ae88235e61fa
 * (0.8.15): field names from `Events.cs` and `MatchData.cs` ([JsonPropertyName]), values from the
 * code that builds the events (`Utility.cs`: StartLive, HandlePostRoundEndEvent, HandleMatchEnd,
 * GetPlayerStatsDict; `MatchManagement.cs`: LoadMatchFromJSON, EndSeries), sending in
 * `PublishEvents.cs`, nullability and the schema-only fields from
 * `documentation/docs/event_schema.yml` ("MatchZy Event Documentation").
 *
 * What MatchZy's code really sends, where it differs from its schema (the validators accept both):
 * - `winner.side` is a team number as a string, `"3"` (CT) or `"2"` (T), not `"ct"`/`"t"`.
 * - `round_end.winner.team` is the team leading the map after the round (`"team2"` on a tie), not
 *   necessarily the round's winner; `winner.side` is the round winner's side.
 * - `round_end`: `round_time` is always 0; in both stats teams `series_score`, `score_ct` and
 *   `score_t` are always 0. `map_result`: `players` is always empty; `score_ct`/`score_t` are 0.
 * - `side` and `starting_side` of a stats team appear in the schema only (never sent).
 * - Player stats MatchZy does not track are always 0 (see `vMatchzyPlayerStats`). Bots are
 *   included, with `steamid` `"0"`.
 * - `series_end.winner.team` is `"none"` for a drawn series.
 *
 * Events MatchZy also sends but the panel does not use (answer them 2xx and ignore them):
 * `map_picked`, `map_vetoed`, `side_picked`, `demo_upload_ended`.
 *
 * Dependency-free apart from `convex/values`: the simulator (Node) imports it too.
 */
import { v, type Infer } from "convex/values";

/** The console commands that configure the remote log (MatchZy also accepts `get5_…` aliases). */
export const MATCHZY_REMOTE_LOG_CVARS = {
  url: "matchzy_remote_log_url",
  headerKey: "matchzy_remote_log_header_key",
  headerValue: "matchzy_remote_log_header_value",
} as const;

/** `winner.side` as MatchZy's code sends it: the CS team number, as a string. */
export const MATCHZY_SIDE = { T: "2", CT: "3" } as const;

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
  id: vNullableString,
  name: v.string(),
});
export type MatchzyTeam = Infer<typeof vMatchzyTeam>;

/**
 * `PlayerStats`, cumulative over the map. MatchZy fills kills, deaths, assists, damage,
 * utility_damage, enemies_flashed, headshot_kills, rounds_played (the map's rounds played, the same
 * for every player), 2k–5k, 1v1, 1v2, score and mvp; every other field is always 0.
 */
export const vMatchzyPlayerStats = v.object({
  kills: v.number(),
  deaths: v.number(),
  assists: v.number(),
  flash_assists: v.number(),
  team_kills: v.number(),
  suicides: v.number(),
  damage: v.number(),
  utility_damage: v.number(),
  enemies_flashed: v.number(),
  friendlies_flashed: v.number(),
  knife_kills: v.number(),
  headshot_kills: v.number(),
  rounds_played: v.number(),
  bomb_defuses: v.number(),
  bomb_plants: v.number(),
  "1k": v.number(),
  "2k": v.number(),
  "3k": v.number(),
  "4k": v.number(),
  "5k": v.number(),
  "1v1": v.number(),
  "1v2": v.number(),
  "1v3": v.number(),
  "1v4": v.number(),
  "1v5": v.number(),
  first_kills_t: v.number(),
  first_kills_ct: v.number(),
  first_deaths_t: v.number(),
  first_deaths_ct: v.number(),
  trade_kills: v.number(),
  kast: v.number(),
  score: v.number(),
  mvp: v.number(),
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
  id: vNullableString,
  name: v.string(),
  series_score: v.number(),
  score: v.number(),
  score_ct: v.number(),
  score_t: v.number(),
  players: v.array(vMatchzyStatsPlayer),
  side: v.optional(vNullableString),
  starting_side: v.optional(vNullableString),
});
export type MatchzyStatsTeam = Infer<typeof vMatchzyStatsTeam>;

/** `series_start` (MatchZySeriesStartedEvent): a match config was loaded. */
export const vMatchzySeriesStart = v.object({
  event: v.literal("series_start"),
  matchid: v.number(),
  num_maps: v.number(),
  team1: vMatchzyTeam,
  team2: vMatchzyTeam,
});
export type MatchzySeriesStart = Infer<typeof vMatchzySeriesStart>;

/** `going_live` (GoingLiveEvent): the map goes live. `map_number` counts from 0. */
export const vMatchzyGoingLive = v.object({
  event: v.literal("going_live"),
  matchid: v.number(),
  map_number: v.number(),
});
export type MatchzyGoingLive = Infer<typeof vMatchzyGoingLive>;

/** `round_end` (MatchZyRoundEndedEvent): `round_number` = rounds played on the map (from 1). */
export const vMatchzyRoundEnd = v.object({
  event: v.literal("round_end"),
  matchid: v.number(),
  map_number: v.number(),
  round_number: v.number(),
  round_time: v.number(),
  reason: v.number(),
  winner: vMatchzyWinner,
  team1: vMatchzyStatsTeam,
  team2: vMatchzyStatsTeam,
});
export type MatchzyRoundEnd = Infer<typeof vMatchzyRoundEnd>;

/** `map_result` (MapResultEvent): the map is over; `series_score` includes this map. */
export const vMatchzyMapResult = v.object({
  event: v.literal("map_result"),
  matchid: v.number(),
  map_number: v.number(),
  winner: vMatchzyWinner,
  team1: vMatchzyStatsTeam,
  team2: vMatchzyStatsTeam,
});
export type MatchzyMapResult = Infer<typeof vMatchzyMapResult>;

/** `series_end` (MatchZySeriesResultEvent): the series is over. */
export const vMatchzySeriesEnd = v.object({
  event: v.literal("series_end"),
  matchid: v.number(),
  team1_series_score: v.number(),
  team2_series_score: v.number(),
  winner: vMatchzyWinner,
  time_until_restore: v.number(),
});
export type MatchzySeriesEnd = Infer<typeof vMatchzySeriesEnd>;

/** Every event the panel understands; tell them apart by `event`. */
export const vMatchzyEvent = v.union(
  vMatchzySeriesStart,
  vMatchzyGoingLive,
  vMatchzyRoundEnd,
  vMatchzyMapResult,
  vMatchzySeriesEnd,
);
export type MatchzyEvent = Infer<typeof vMatchzyEvent>;
export type MatchzyEventName = MatchzyEvent["event"];

export const MATCHZY_EVENT_NAMES: readonly MatchzyEventName[] = [
  "series_start",
  "going_live",
  "round_end",
  "map_result",
  "series_end",
];
