/**
 * MatchZy's match setup on a simulated server: `matchzy_loadmatch_url "<url>" ["<header>"
 * "<value>"]` (alias `get5_loadmatch_url`) fetches a match config (convex/lib/matchzyMatch.ts) and
 * loads it the way MatchZy 0.8.15 does (MatchManagement.cs: LoadMatchFromURL, LoadMatchFromJSON,
 * SetMapSides, SetTeamNames; EventHandlers.cs: EventPlayerConnectFull; Utility.cs:
 * UpdatePlayersMap):
 *
 *   - refused while a match is set up ("A match is already setup with id: …") or for a URL that is
 *     not absolute http(s) ("Invalid URL: …");
 *   - the GET carries the header only when both its name and value were given;
 *   - a non-2xx answer or a config that fails MatchZy's checks loads nothing (logged);
 *   - loaded: the game mode (wingman or competitive) and the first map are set, team names go to
 *     `mp_teamname_1` (the team starting as CT) and `mp_teamname_2`, stripped as MatchZy strips
 *     them; connected roster players move to their team's side and every other connected human is
 *     kicked; from then on a human who connects is put on their team, or kicked when not in it;
 *   - the remote log's events (matchzy.ts) carry the config's match id and team names;
 *   - after the map (a one-map series) the config is dropped once the next match begins, as
 *     MatchZy restores the server after `series_end`; `css_endmatch` drops it at once.
 *
 * Unlike MatchZy, which blocks its game thread on the GET, the simulator answers the command first
 * and fetches afterwards (its HTTP server may be what serves the config): a failed load shows in
 * the simulator's log and in the server's state (`matchzy.lastLoad`), not in the command's reply.
 */
import {
  matchzyTeamName,
  type MatchzyMapSide,
  type MatchzyMatchConfig,
} from "../../convex/lib/matchzyMatch";
import { otherSide } from "../../convex/lib/side";
import { isSteamId64 } from "../../convex/lib/steamId";
import { isKnownMap } from "./catalog";
import { newMatch } from "./match";
import { isHttpUrl } from "./matchzy";
import { type SimPlayer } from "./players";
import { type GameWorld } from "./world";

const FETCH_TIMEOUT_MS = 15_000;
const MAX_CONFIG_BYTES = 256 * 1024;
const MAP_SIDES: readonly MatchzyMapSide[] = [
  "team1_ct",
  "team1_t",
  "team2_ct",
  "team2_t",
  "knife",
];

export interface LoadedTeam {
  name: string;
  /** SteamID64 → name, as the config lists them. */
  players: ReadonlyMap<string, string>;
}

/** A match config as the simulated MatchZy holds it. */
export interface LoadedMatch {
  matchId: number;
  team1: LoadedTeam;
  team2: LoadedTeam;
  maplist: string[];
  wingman: boolean;
  /** Team 1 starts the first map as CT (`map_sides[0]`; a knife round is played as team1_ct). */
  team1StartsCT: boolean;
  /** The map was decided: the config goes when the next match begins. */
  over: boolean;
}

/** The last load, for tests and the control API. */
export interface LoadAttempt {
  url: string;
  outcome: "loaded" | "failed";
  status?: number;
  error?: string;
}

export interface MatchzyMatchState {
  loaded: {
    matchId: number;
    team1: { name: string; players: string[] };
    team2: { name: string; players: string[] };
    maplist: string[];
    wingman: boolean;
  } | null;
  lastLoad: LoadAttempt | null;
  /** Humans kicked because they are in neither team. */
  kicked: number;
}

export interface MatchzyMatchOptions {
  timeoutMs?: number;
  log?: (message: string) => void;
}

/**
 * MatchZy's ValidateMatchJsonStructure and the parts of LoadMatchFromJSON the simulator plays: the
 * loaded match, or the reason MatchZy would log. Team names are kept as sent (stripped when used).
 */
export function parseMatchConfig(text: string): LoadedMatch | string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return "Invalid JSON";
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) return "Invalid JSON";
  const c = json as Partial<Record<keyof MatchzyMatchConfig, unknown>>;
  for (const field of ["maplist", "team1", "team2", "num_maps"] as const) {
    if (c[field] === undefined || c[field] === null) return `Missing mandatory field: ${field}`;
  }
  const maplist = c.maplist;
  if (!Array.isArray(maplist) || maplist.length === 0) {
    return "maplist should contain atleast 1 map!";
  }
  if (!maplist.every((m): m is string => typeof m === "string" && isKnownMap(m))) {
    return "maplist should list known maps";
  }
  const numMaps = c.num_maps;
  if (typeof numMaps !== "number" || !Number.isInteger(numMaps) || numMaps < 1) {
    return "num_maps should be an integer!";
  }
  if (numMaps > maplist.length) return "num_maps should be equal to or greater than maplist!";
  const matchId = c.matchid ?? 0;
  if (typeof matchId !== "number" || !Number.isSafeInteger(matchId)) {
    return "matchid should be an integer!";
  }
  const sides = c.map_sides ?? ["team1_ct"];
  if (!Array.isArray(sides) || !sides.every((s) => MAP_SIDES.includes(s as MatchzyMapSide))) {
    return 'map_sides should be "team1_ct", "team1_t", or "knife"!';
  }
  if (sides.length < numMaps) return "map_sides should be equal to or greater than num_maps!";
  const team1 = parseTeam(c.team1, "team1");
  if (typeof team1 === "string") return team1;
  const team2 = parseTeam(c.team2, "team2");
  if (typeof team2 === "string") return team2;
  const first = sides[0] as MatchzyMapSide;
  return {
    matchId,
    team1,
    team2,
    maplist,
    wingman: c.wingman === true,
    team1StartsCT: first !== "team1_t" && first !== "team2_ct",
    over: false,
  };
}

function parseTeam(team: unknown, field: string): LoadedTeam | string {
  if (typeof team !== "object" || team === null || Array.isArray(team)) {
    return `${field} should be a JSON structure!`;
  }
  const { name, players } = team as { name?: unknown; players?: unknown };
  if (typeof players !== "object" || players === null || Array.isArray(players)) {
    return `${field} should have 'players' JSON!`;
  }
  const roster = new Map<string, string>();
  for (const [steamId, player] of Object.entries(players)) {
    // MatchZy reads players by SteamID64 only; any other key matches nobody.
    if (isSteamId64(steamId)) roster.set(steamId, typeof player === "string" ? player : "");
  }
  return { name: typeof name === "string" ? name : "", players: roster };
}

export class MatchzyMatch {
  loaded: LoadedMatch | null = null;
  lastLoad: LoadAttempt | null = null;
  kicked = 0;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly aborts = new Set<AbortController>();
  private readonly timeoutMs: number;
  private stopped = false;

  constructor(
    private readonly world: GameWorld,
    private readonly options: MatchzyMatchOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
    world.onMatchEvent((event) => {
      if (event.type === "playerConnected") this.admit(event.player);
      else if (event.type === "matchOver" && this.loaded) this.loaded.over = true;
      else if (event.type === "newMatch" && this.loaded?.over) this.loaded = null;
    });
  }

  /** The config in force for a match that begins now (none once its map was decided). */
  current(): LoadedMatch | null {
    return this.loaded && !this.loaded.over ? this.loaded : null;
  }

  /** `matchzy_loadmatch_url "<url>" ["<header name>" "<header value>"]`. */
  loadFromUrl(args: string[]): string {
    if (this.current()) {
      return `[LoadMatchDataCommand] A match is already setup with id: ${this.loaded!.matchId}, cannot load a new match!`;
    }
    const url = args[0] ?? "";
    if (!isHttpUrl(url)) {
      return `[LoadMatchDataCommand] Invalid URL: ${url}. Please provide a valid URL to load the match!`;
    }
    // MatchZy takes the header pair only when both arguments are there.
    const headers: Record<string, string> =
      args.length >= 3 && args[1] ? { [args[1]]: args[2] ?? "" } : {};
    this.track(this.fetchAndLoad(url, headers));
    return "";
  }

  /** `css_endmatch`: the loaded match is dropped and the server is back in warmup. */
  endMatch(): string {
    if (!this.loaded) return "";
    this.loaded = null;
    newMatch(this.world);
    return "";
  }

  /** Resolves once every fetch under way has loaded or failed. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Drops the loaded match (the control API's reset). */
  reset(): void {
    this.loaded = null;
    this.lastLoad = null;
    this.kicked = 0;
  }

  stop(): void {
    this.stopped = true;
    for (const abort of this.aborts) abort.abort();
  }

  state(): MatchzyMatchState {
    const m = this.loaded;
    const team = (t: LoadedTeam) => ({ name: t.name, players: [...t.players.keys()] });
    return {
      loaded: m
        ? {
            matchId: m.matchId,
            team1: team(m.team1),
            team2: team(m.team2),
            maplist: [...m.maplist],
            wingman: m.wingman,
          }
        : null,
      lastLoad: this.lastLoad,
      kicked: this.kicked,
    };
  }

  private track(promise: Promise<void>): void {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise));
  }

  /** One GET as LoadMatchFromURL sends it; never rejects (the outcome is logged and kept). */
  private async fetchAndLoad(url: string, headers: Record<string, string>): Promise<void> {
    const abort = new AbortController();
    this.aborts.add(abort);
    const timer = setTimeout(() => abort.abort(), this.timeoutMs);
    const failed = (attempt: Omit<LoadAttempt, "url" | "outcome">, message: string) => {
      this.lastLoad = { url, outcome: "failed", ...attempt };
      this.options.log?.(message);
    };
    try {
      const res = await fetch(url, { headers, signal: abort.signal });
      const text = await res.text();
      if (this.stopped) return;
      if (!res.ok) {
        return failed(
          { status: res.status },
          `[LoadMatchFromURL] HTTP request failed with status code: ${res.status}`,
        );
      }
      const parsed =
        Buffer.byteLength(text) > MAX_CONFIG_BYTES ? "Config too large" : parseMatchConfig(text);
      if (typeof parsed === "string") {
        return failed(
          { status: res.status, error: parsed },
          `[LoadMatchDataCommand] ${parsed}. Match load failed! Resetting current match`,
        );
      }
      if (this.current()) {
        return failed(
          { error: "already setup" },
          "[LoadMatchDataCommand] A match is already setup",
        );
      }
      this.apply(parsed);
      this.lastLoad = { url, outcome: "loaded", status: res.status };
      this.options.log?.(`[LoadMatchFromJSON] Success with matchid: ${parsed.matchId}!`);
    } catch (error) {
      failed(
        { error: error instanceof Error ? error.message : String(error) },
        `[LoadMatchFromURL - FATAL] An error occured: ${String(error)}`,
      );
    } finally {
      clearTimeout(timer);
      this.aborts.delete(abort);
    }
  }

  private apply(match: LoadedMatch): void {
    const w = this.world;
    this.loaded = match;
    const mode = match.wingman ? "wingman" : "competitive";
    const map = match.maplist[0]!;
    const reload = w.mode !== mode || w.map !== map;
    if (w.mode !== mode) w.setMode(mode);
    const [ctTeam, tTeam] = match.team1StartsCT
      ? [match.team1, match.team2]
      : [match.team2, match.team1];
    w.cvars.set("mp_teamname_1", matchzyTeamName(ctTeam.name));
    w.cvars.set("mp_teamname_2", matchzyTeamName(tTeam.name));
    // The match begins (series_start goes out with this config), in warmup, on its first map.
    if (reload) w.changeMap(map);
    else newMatch(w);
    for (const player of w.connected()) this.admit(player);
    w.fillBots();
  }

  /** A human on the server while a match is loaded: onto their team's side, or kicked. */
  private admit(player: SimPlayer): void {
    const match = this.loaded;
    if (!match || player.isBot || !player.connected) return;
    const team = match.team1.players.has(player.steamId)
      ? 1
      : match.team2.players.has(player.steamId)
        ? 2
        : null;
    if (team === null) {
      this.kicked++;
      this.options.log?.(
        `[EventPlayerConnectFull] KICKING PLAYER STEAMID: ${player.steamId}, Name: ${player.name} (NOT ALLOWED!)`,
      );
      this.world.say(`Kicking player ${player.name} - Not a player in this game.`);
      this.world.disconnect(player);
      return;
    }
    const startsCT = team === 1 ? match.team1StartsCT : !match.team1StartsCT;
    const ctStarters = this.world.match.team1Side;
    const side = startsCT ? ctStarters : otherSide(ctStarters);
    if (player.side !== side) this.world.moveTo(player, side);
  }
}
