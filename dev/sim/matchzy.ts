/**
 * MatchZy's remote log on a simulated server: with `matchzy_remote_log_url` set, the server POSTs
 * MatchZy events (convex/lib/matchzyEvents.ts) for its simulated match, built the way MatchZy 0.8.15
 * builds them (Utility.cs, MatchManagement.cs, PublishEvents.cs). The simulated match plays the
 * part of a one-map series loaded from a match config:
 *
 *   new match (warmup)  → series_start
 *   warmup ends         → going_live
 *   each round decided  → round_end (scores, every player's cumulative stats)
 *   last round decided  → round_end, map_result, then series_end once map_result has been answered
 *
 * With a match config loaded (matchzy-match.ts), `matchid` and the teams are the config's: team 1
 * is its `team1`, on whichever side `map_sides` starts it. Without one, team 1 is the team that
 * starts the match as CT, its name `mp_teamname_1` (team 2: `mp_teamname_2`) or MatchZy's
 * defaults, and `matchid` is a counter per server: one id per match.
 *
 * Delivery as MatchZy does it: one POST per event on a fresh connection, sent without waiting for
 * earlier events, `Content-Type: application/json; charset=utf-8`, the custom header only when both
 * its key and value are set, no retries. A failure or a non-2xx answer is logged and dropped. The
 * timeout is 15 s (MatchZy's documented figure; its code keeps .NET HttpClient's default).
 */
import type http from "node:http";
import {
  MATCHZY_REMOTE_LOG_CVARS,
  MATCHZY_ROUND_END_REASON,
  MATCHZY_SIDE,
  type MatchzyEvent,
  type MatchzyEventName,
  type MatchzyMapResult,
  type MatchzyPlayerStats,
  type MatchzyRoundEnd,
  type MatchzySeriesEnd,
  type MatchzyStatsPlayer,
  type MatchzyStatsTeam,
  type MatchzyTeam,
} from "../../convex/lib/matchzyEvents";
import { matchzyTeamName } from "../../convex/lib/matchzyMatch";
import { type Cvars } from "./cvars";
import { postOnce } from "./outbound-post";
import { otherSide } from "../../convex/lib/side";
import type { LoadedMatch, MatchzyMatch } from "./matchzy-match";
import { type PlayingSide, type SimPlayer } from "./players";
import { type GameWorld, type MatchEvent, type RoundEndReason } from "./world";

/** MatchZy's documented HTTP timeout for events. */
export const REMOTE_LOG_TIMEOUT_MS = 15_000;
/** MatchZy's `time_until_restore` in `series_end` (EndSeries). */
const TIME_UNTIL_RESTORE = 10;
/** Team names MatchZy starts with (MatchManagement.cs) when no match config names them. */
const DEFAULT_TEAM_NAMES = { 1: "COUNTER-TERRORISTS", 2: "TERRORISTS" } as const;
const MAX_ATTEMPTS_KEPT = 100;

/** CounterStrikeSharp's RoundEndReason for how the simulated round ended. */
function reasonCode(reason: RoundEndReason, winner: PlayingSide): number {
  const r = MATCHZY_ROUND_END_REASON;
  switch (reason) {
    case "bombed":
      return r.TargetBombed;
    case "defused":
      return r.BombDefused;
    case "time":
      return r.TargetSaved;
    case "elimination":
      return winner === "CT" ? r.CTsWin : r.TerroristsWin;
  }
}

/** MatchZy's `get5_…` aliases of its remote-log commands. */
const ALIASES = new Map<string, string>([
  ["get5_remote_log_url", MATCHZY_REMOTE_LOG_CVARS.url],
  ["get5_remote_log_header_key", MATCHZY_REMOTE_LOG_CVARS.headerKey],
  ["get5_remote_log_header_value", MATCHZY_REMOTE_LOG_CVARS.headerValue],
]);

/** The remote-log name a console command stands for (alias resolved), or undefined. */
export function remoteLogCvar(command: string): string | undefined {
  const lower = command.toLowerCase();
  const name = ALIASES.get(lower) ?? lower;
  return (Object.values(MATCHZY_REMOTE_LOG_CVARS) as string[]).includes(name) ? name : undefined;
}

/**
 * One of the three remote-log commands typed at the console. As in MatchZy: the URL must be an
 * absolute http(s) URL (anything else is refused and the old URL stays); an empty header key or
 * value is ignored (the old one stays). `matchzy_remote_log_url ""` is refused too, as MatchZy's
 * code does (its configuration docs promise it turns the log off; the panel points it nowhere
 * instead). Unlike MatchZy, where these are commands that print nothing, the bare name reads the
 * value back like a cvar.
 */
export function remoteLogCommand(cvars: Cvars, name: string, args: string[]): string {
  if (args.length === 0) return cvars.describe(name);
  const value = (args[0] ?? "").trim();
  if (name === MATCHZY_REMOTE_LOG_CVARS.url) {
    if (!isHttpUrl(value)) {
      return `[RemoteLogURLCommand] Invalid URL: ${value}. Please provide a valid URL!`;
    }
    cvars.set(name, value);
    return "";
  }
  if (value !== "") cvars.set(name, value);
  return "";
}

export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** One delivery attempt, kept for tests and the control API (the newest 100). */
export interface RemoteLogAttempt {
  event: MatchzyEventName;
  matchid: number | string;
  url: string;
  /** `ok`: 2xx; `status`: another HTTP status; `error`: no answer (refused, reset, timeout). */
  outcome: "ok" | "status" | "error";
  status?: number;
  error?: string;
}

export interface RemoteLogOptions {
  timeoutMs?: number;
  log?: (message: string) => void;
}

type Team = 1 | 2;

export class MatchzyRemoteLog {
  /** The current match's id (`matchid` of its events). */
  matchId = 0;
  readonly attempts: RemoteLogAttempt[] = [];
  sent = 0;
  failed = 0;
  private nextMatchId = 1;
  /** The side the team that started the match as CT plays now. */
  private team1Side: PlayingSide = "CT";
  /** The match config the current match was loaded from, if any. */
  private config: LoadedMatch | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly requests = new Set<http.ClientRequest>();
  private readonly timeoutMs: number;
  private stopped = false;

  constructor(
    private readonly world: GameWorld,
    private readonly options: RemoteLogOptions = {},
    private readonly match: Pick<MatchzyMatch, "current"> = { current: () => null },
  ) {
    this.timeoutMs = options.timeoutMs ?? REMOTE_LOG_TIMEOUT_MS;
    this.matchId = this.nextMatchId++;
    world.onMatchEvent((event) => this.onMatchEvent(event));
  }

  get url(): string {
    return this.world.cvars.get(MATCHZY_REMOTE_LOG_CVARS.url);
  }

  /** Resolves once every POST under way (and a `series_end` waiting for its `map_result`) is done. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Aborts every POST under way; nothing is sent afterwards. */
  stop(): void {
    this.stopped = true;
    for (const req of this.requests) req.destroy(new Error("simulator stopped"));
  }

  private onMatchEvent(event: MatchEvent): void {
    switch (event.type) {
      case "newMatch":
        this.config = this.match.current();
        this.matchId = this.config ? this.config.matchId : this.nextMatchId++;
        this.team1Side = "CT";
        this.send({
          event: "series_start",
          matchid: this.matchId,
          num_maps: 1,
          team1: this.team(1),
          team2: this.team(2),
        });
        break;
      case "live":
        this.send({ event: "going_live", matchid: this.matchId, map_number: 0 });
        break;
      case "sidesSwapped":
        this.team1Side = otherSide(this.team1Side);
        break;
      case "roundEnd":
        this.send(this.roundEnd(event.winner, event.reason));
        break;
      case "matchOver": {
        const [mapResult, seriesEnd] = this.mapAndSeriesResult();
        // MatchZy waits before series_end "making sure that map end event is fired first".
        this.track(this.deliver(mapResult).then(() => this.deliver(seriesEnd)));
        break;
      }
    }
  }

  private roundEnd(winner: PlayingSide, reason: RoundEndReason): MatchzyRoundEnd {
    const [t1, t2] = this.scores();
    return {
      event: "round_end",
      matchid: this.matchId,
      map_number: 0,
      round_number: t1 + t2,
      round_time: 0,
      reason: reasonCode(reason, winner),
      // As MatchZy: side = the round winner's team number; team = the map leader after the round.
      winner: { side: MATCHZY_SIDE[winner], team: t1 > t2 ? "team1" : "team2" },
      team1: this.statsTeam(1, 0, t1, true),
      team2: this.statsTeam(2, 0, t2, true),
    };
  }

  private mapAndSeriesResult(): [MatchzyMapResult, MatchzySeriesEnd] {
    const [t1, t2] = this.scores();
    // One map: its winner has won the series 1-0; a drawn map leaves it 0-0 (a drawn series).
    const series1 = t1 > t2 ? 1 : 0;
    const series2 = t2 > t1 ? 1 : 0;
    // MatchZy's formula (HandleMatchEnd, EndSeries): "3" only when team 1 won and plays CT.
    const side = t1 > t2 && this.sideOf(1) === "CT" ? MATCHZY_SIDE.CT : MATCHZY_SIDE.T;
    const mapResult: MatchzyMapResult = {
      event: "map_result",
      matchid: this.matchId,
      map_number: 0,
      winner: { side, team: t1 > t2 ? "team1" : "team2" },
      team1: this.statsTeam(1, series1, t1, false),
      team2: this.statsTeam(2, series2, t2, false),
    };
    const seriesEnd: MatchzySeriesEnd = {
      event: "series_end",
      matchid: this.matchId,
      winner: {
        side,
        team: series1 === series2 ? "none" : series1 > series2 ? "team1" : "team2",
      },
      team1_series_score: series1,
      team2_series_score: series2,
      time_until_restore: TIME_UNTIL_RESTORE,
    };
    return [mapResult, seriesEnd];
  }

  private sideOf(team: Team): PlayingSide {
    const startedCT = (team === 1) === (this.config?.team1StartsCT ?? true);
    if (startedCT) return this.team1Side;
    return otherSide(this.team1Side);
  }

  /** Map scores of team 1 and team 2 (the sides' scores follow the players at halftime). */
  private scores(): [number, number] {
    const { scoreCT, scoreT } = this.world.match;
    return this.sideOf(1) === "CT" ? [scoreCT, scoreT] : [scoreT, scoreCT];
  }

  private team(team: Team): MatchzyTeam {
    if (this.config) {
      const { name } = team === 1 ? this.config.team1 : this.config.team2;
      return { id: "", name: matchzyTeamName(name) };
    }
    const name = this.world.cvars.get(`mp_teamname_${team}`) || DEFAULT_TEAM_NAMES[team];
    return { id: "", name };
  }

  /** MatchZy's MatchZyStatsTeam: score_ct/score_t are always 0, players only in round_end. */
  private statsTeam(
    team: Team,
    seriesScore: number,
    score: number,
    withPlayers: boolean,
  ): MatchzyStatsTeam {
    return {
      ...this.team(team),
      series_score: seriesScore,
      score,
      score_ct: 0,
      score_t: 0,
      players: withPlayers
        ? this.world.onSide(this.sideOf(team)).map((p) => this.statsPlayer(p))
        : [],
    };
  }

  /** GetPlayerStatsDict: humans and bots on the side; bots have SteamID 0. */
  private statsPlayer(p: SimPlayer): MatchzyStatsPlayer {
    const s = p.stats;
    const { scoreCT, scoreT } = this.world.match;
    const stats: MatchzyPlayerStats = {
      kills: s.kills,
      deaths: s.deaths,
      assists: s.assists,
      flash_assists: 0,
      team_kills: 0,
      suicides: 0,
      damage: s.totalDamage,
      utility_damage: s.grenadeDamageDealt,
      enemies_flashed: s.enemiesFlashed,
      friendlies_flashed: 0,
      knife_kills: 0,
      headshot_kills: s.headshots,
      // gameRules.TotalRoundsPlayed: the map's rounds, whenever the player joined.
      rounds_played: scoreCT + scoreT,
      bomb_defuses: 0,
      bomb_plants: 0,
      "1k": 0,
      "2k": s.enemy2Ks,
      "3k": s.enemy3Ks,
      "4k": s.enemy4Ks,
      "5k": s.enemy5Ks,
      // Clutches are not simulated: MatchZy's 1v1/1v2 (I1v1Wins, I1v2Wins) stay 0 here.
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
      score: s.score,
      mvp: s.mvp,
    };
    return { steamid: p.isBot ? "0" : p.steamId, name: p.name, stats };
  }

  private send(event: MatchzyEvent): void {
    this.track(this.deliver(event));
  }

  private track(promise: Promise<void>): void {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise));
  }

  /** One POST, as SendEventAsync: never rejects; the outcome is logged and kept in `attempts`. */
  private async deliver(event: MatchzyEvent): Promise<void> {
    const cvars = this.world.cvars;
    const url = cvars.get(MATCHZY_REMOTE_LOG_CVARS.url);
    if (url === "" || this.stopped) return;
    const key = cvars.get(MATCHZY_REMOTE_LOG_CVARS.headerKey);
    const value = cvars.get(MATCHZY_REMOTE_LOG_CVARS.headerValue);
    const headers: Record<string, string> = key !== "" && value !== "" ? { [key]: value } : {};
    const what = `${event.event} for matchId: ${event.matchid} mapNumber: 0`;
    const attempt: RemoteLogAttempt = {
      event: event.event,
      matchid: event.matchid,
      url,
      outcome: "ok",
    };
    try {
      const answer = await this.post(url, headers, JSON.stringify(event));
      attempt.status = answer.status;
      if (answer.status >= 200 && answer.status < 300) {
        this.sent++;
      } else {
        attempt.outcome = "status";
        this.failed++;
        this.options.log?.(
          `[SendEventAsync] Sending ${what} failed with status code: ${answer.status}, ResponseContent: ${answer.text}`,
        );
      }
    } catch (error) {
      attempt.outcome = "error";
      attempt.error = error instanceof Error ? error.message : String(error);
      this.failed++;
      this.options.log?.(`[SendEventAsync FATAL] An error occurred: ${attempt.error} (${what})`);
    }
    this.attempts.push(attempt);
    if (this.attempts.length > MAX_ATTEMPTS_KEPT) this.attempts.shift();
  }

  /** A POST on a fresh connection (MatchZy makes a new HttpClient per event), bounded by the timeout. */
  private post(
    url: string,
    headers: Record<string, string>,
    body: string,
  ): Promise<{ status: number; text: string }> {
    return postOnce({
      url,
      headers: { ...headers, "Content-Type": "application/json; charset=utf-8" },
      body,
      timeoutMs: this.timeoutMs,
      requests: this.requests,
    });
  }
}
