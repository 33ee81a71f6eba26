/**
 * A tournament's stored shape: the document's fields (schema `tournaments`), its format, teams,
 * series and history, and the launch body the finished veto becomes.
 */
import { v, type Infer } from "convex/values";
import { vSide } from "./side";

export const vTournamentTeamKey = v.union(v.literal("teamA"), v.literal("teamB"));
export type TournamentTeamKey = Infer<typeof vTournamentTeamKey>;
export const vTournamentAction = v.union(
  v.literal("Ban"),
  v.literal("Pick"),
  v.literal("SidePick"),
);
export type TournamentAction = Infer<typeof vTournamentAction>;
export const vTournamentStatus = v.union(
  v.literal("waiting_for_teams"),
  v.literal("ready_check"),
  v.literal("in_progress"),
  v.literal("finished"),
);

/** `POST /private/launch_game` body: the finished veto as the plugin launches it. */
const vLaunchTeam = v.object({
  Side: vSide,
  /** Steam nicknames, in seat order. */
  Players: v.array(v.string()),
  /** The team's name (MatchZy's `team1.name`). */
  Name: v.optional(v.string()),
  /** SteamID64 of each listed player, same order, when every seat is bound to one. */
  SteamIds: v.optional(v.array(v.string())),
});

export const vLaunchPayload = v.object({
  Mode: v.string(),
  Map: v.string(),
  TeamA: vLaunchTeam,
  TeamB: vLaunchTeam,
});
export type LaunchPayload = Infer<typeof vLaunchPayload>;

export const vTournamentTeam = v.object({
  name: v.string(),
  players: v.array(
    v.object({
      nickname: v.string(),
      joinedAt: v.number(),
      /** The seat's SteamID64 when the format needs a linked Steam account (or an admin set it). */
      steamId: v.optional(v.string()),
    }),
  ),
});

/** In a format, `teamA` is the team that moves first; the coin toss decides which team that is. */
export const vTournamentStep = v.object({ team: vTournamentTeamKey, action: vTournamentAction });

export const vTournamentPreset = v.union(
  v.literal("default"),
  v.literal("duel"),
  v.literal("major_bo1"),
  v.literal("bo3"),
  v.literal("custom"),
);
export type TournamentPreset = Infer<typeof vTournamentPreset>;

/** What an admin chooses when creating a tournament (model/tournament/formats.ts validates it). */
export const vTournamentFormat = v.object({
  preset: vTournamentPreset,
  teamSize: v.number(),
  mapPool: v.array(v.string()),
  sequence: v.array(vTournamentStep),
  /** Every participant presses "Готові" (or an admin starts) before the first step. */
  readyCheck: v.boolean(),
  /** Seconds per step; 0 means no clock. */
  turnSeconds: v.number(),
  /** Fixed first team; absent means a coin toss decides. */
  firstTeam: v.optional(vTournamentTeamKey),
  /** Joining needs a linked Steam account: the seat is the SteamID, the name comes from Steam. */
  steamRequired: v.optional(v.boolean()),
});
export type TournamentFormat = Infer<typeof vTournamentFormat>;

/** One map of the series: picked by a team, or the decider the bans left; its side once chosen. */
export const vSeriesMap = v.object({
  map: v.string(),
  pickedBy: v.optional(vTournamentTeamKey),
  sideBy: v.optional(vTournamentTeamKey),
  side: v.optional(vSide),
});

/** One launched map's result: the recorded match it came from and who won it. */
export const vSeriesResult = v.object({
  mapIndex: v.number(),
  map: v.string(),
  matchId: v.id("matches"),
  winner: v.union(vTournamentTeamKey, v.literal("draw")),
  /** Rounds won by team A and team B on that map. */
  scoreA: v.number(),
  scoreB: v.number(),
});

export const vTournamentHistoryAction = v.union(
  v.literal("join"),
  v.literal("leave"),
  v.literal("remove"),
  v.literal("replace"),
  v.literal("ready"),
  v.literal("coinToss"),
  v.literal("Ban"),
  v.literal("Pick"),
  v.literal("SidePick"),
);

export const tournamentFields = {
  /** Short code of the shareable link `/t/:slug`. */
  slug: v.string(),
  /** The admin's name for the tournament (shown with the team names everywhere). */
  name: v.optional(v.string()),
  /** Archived tournaments leave the list of active ones; their history stays. */
  archived: v.boolean(),
  format: vTournamentFormat,
  status: vTournamentStatus,
  mapPool: v.array(v.string()),
  bannedMaps: v.array(v.object({ map: v.string(), team: vTournamentTeamKey })),
  pickedMaps: v.array(v.object({ map: v.string(), team: vTournamentTeamKey })),
  series: v.array(vSeriesMap),
  teamA: vTournamentTeam,
  teamB: vTournamentTeam,
  /** Nicknames of participants who pressed "Готові". */
  ready: v.array(v.string()),
  /** Concrete steps once the first team is known (before that, the format's order). */
  sequence: v.array(vTournamentStep),
  currentStep: v.number(),
  turn: v.optional(vTournamentTeamKey),
  phase: v.optional(vTournamentAction),
  /** Server time when the current step is played automatically; absent without a clock. */
  deadline: v.optional(v.number()),
  /** Set while an admin paused the clock: what was left of the step. */
  pausedRemainingMs: v.optional(v.number()),
  finalMap: v.optional(v.string()),
  serverMap: v.optional(v.string()),
  finalSide: v.optional(vSide),
  /** How many maps of the series were launched, in order. */
  launchedMaps: v.number(),
  /**
   * No longer written: "all launched" is `launchedMaps` against the series (model/tournament/state.ts
   * `isLaunched`). Optional so rows stored before still validate; a row's next write drops it.
   */
  isLaunched: v.optional(v.boolean()),
  launchedMode: v.optional(v.string()),
  /**
   * Where and when the latest map was launched: only a match played on that server, started after
   * that, can count for the series (model/history/record.ts). Absent on rows launched before it
   * was kept, and for a launch that named no server: such a launch links no match.
   */
  launchedOn: v.optional(v.object({ serverId: v.id("servers"), at: v.number() })),
  /** Each launched map's result, from its recorded match (model/tournament/series.ts). */
  seriesResults: v.optional(v.array(vSeriesResult)),
  /** Set when a team has won more than half of the series' maps. */
  seriesWinner: v.optional(vTournamentTeamKey),
  history: v.array(
    v.object({
      at: v.number(),
      team: vTournamentTeamKey,
      action: vTournamentHistoryAction,
      value: v.string(),
      /** The map a side pick was for. */
      map: v.optional(v.string()),
      /** Played by the server when the clock ran out. */
      auto: v.optional(v.boolean()),
      /** Coin toss: the admin fixed the first team instead. */
      fixed: v.optional(v.boolean()),
    }),
  ),
  createdBy: v.string(),
  createdAt: v.number(),
  /** The cup match this ban/pick and series decide (model/cup/run.ts). */
  cupMatchId: v.optional(v.id("cupMatches")),
};
