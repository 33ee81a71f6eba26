/**
 * MatchZy's match configuration, as the panel serves it for a tournament launch and the simulator
 * loads it: the JSON MatchZy's `matchzy_loadmatch_url "<url>" "<header>" "<value>"` fetches with one
 * GET (shobhit-pathak/MatchZy 0.8.15, `MatchManagement.cs`: LoadMatchFromURL, LoadMatchFromJSON,
 * ValidateMatchJsonStructure; `documentation/docs/match_setup.md`). What MatchZy does with it:
 * - required keys `maplist`, `team1`, `team2`, `num_maps`; `matchid` must be an integer (a long);
 *   `team1`/`team2` carry `players` as `{ "<SteamID64>": "<name>" }` (SteamID64 only);
 * - `num_maps` equal to the maplist's length skips MatchZy's own veto; `map_sides` entries are
 *   `team1_ct`, `team1_t`, `team2_ct`, `team2_t` or `knife`;
 * - team names are stripped to letters, digits, space, `_` and `-` before they reach the console
 *   (`mp_teamname_1` is the team that starts as CT);
 * - once loaded, every connected human who is not in either team is kicked, and so is anyone who
 *   connects later (EventPlayerConnectFull); roster players are put on their team's side;
 * - a second load while a match is set up is refused ("A match is already setup with id: …").
 *
 * Dependency-free: the simulator (Node) imports it too.
 */

/** Where a game server fetches a launch's match config: `<site URL>/matchzy/match/<key>`. */
export const MATCH_CONFIG_PATH = "/matchzy/match/";
/** The header MatchZy sends the launch's token in (the command's `[header name]`). */
export const MATCH_CONFIG_HEADER = "X-Panel-Match-Key";
/** How long a launch's config can be fetched: MatchZy fetches it while the command runs. */
export const MATCH_CONFIG_TTL_MS = 10 * 60_000;

/** The console commands that load a config from a URL (`get5_…` is MatchZy's alias). */
export const MATCHZY_LOAD_COMMANDS = ["matchzy_loadmatch_url", "get5_loadmatch_url"] as const;

export type MatchzyMapSide = "team1_ct" | "team1_t" | "team2_ct" | "team2_t" | "knife";

export interface MatchzyMatchTeam {
  name: string;
  /** SteamID64 → the name shown for the player. */
  players: Record<string, string>;
}

export interface MatchzyMatchConfig {
  matchid: number;
  team1: MatchzyMatchTeam;
  team2: MatchzyMatchTeam;
  num_maps: number;
  maplist: string[];
  map_sides: MatchzyMapSide[];
  skip_veto: boolean;
  clinch_series: boolean;
  players_per_team: number;
  /** MatchZy sets wingman (game_mode 2) instead of competitive (game_mode 1). */
  wingman: boolean;
}

/** MatchZy's RemoveSpecialCharacters: what a team name becomes on the server. */
export function matchzyTeamName(name: string): string {
  return name.replace(/[^\p{L}0-9 _-]/gu, "");
}
