import { literals } from "convex-helpers/validators";
import { v, type Infer, type VBoolean } from "convex/values";
import { vSide } from "./side";

/** Shared validators; each exported once, with its inferred type beside it. */

/** HTTP plugin API, an HTTP-to-RCON proxy, or Source RCON straight to the game server. */
export const vConnectionType = v.union(
  v.literal("HTTP"),
  v.literal("RCON_PROXY"),
  v.literal("RCON"),
);
export type ConnectionType = Infer<typeof vConnectionType>;

export const vTeam = v.union(
  v.literal("Terrorist"),
  v.literal("Counter-Terrorist"),
  v.literal("Spectator"),
  v.literal("Offline"),
  /** Connected, side not known: CS2's own RCON output (`status`, `status_json`) has no teams. */
  v.literal("Unknown"),
);
export type Team = Infer<typeof vTeam>;

export const vRoundPhase = v.union(
  v.literal("warmup"),
  v.literal("live"),
  v.literal("freezetime"),
  v.literal("over"),
  v.literal("paused"),
);
export type RoundPhase = Infer<typeof vRoundPhase>;

export const vGameMode = v.union(
  v.literal("competitive"),
  v.literal("wingman"),
  v.literal("casual"),
  v.literal("deathmatch"),
  v.literal("arms_race"),
  v.literal("custom"),
);
export type GameModeName = Infer<typeof vGameMode>;

/** A player's numbers as a server reports them; the read API shows each as null when unknown. */
export const playerStatsFields = {
  score: v.number(),
  kills: v.number(),
  deaths: v.number(),
  assists: v.number(),
  kdRatio: v.number(),
  mvp: v.number(),
  headshots: v.number(),
  chickenKills: v.number(),
  totalDamage: v.number(),
  bombPlants: v.number(),
  bombDefuses: v.number(),
  grenadeKills: v.number(),
  grenadeDamageDealt: v.number(),
  enemiesFlashed: v.number(),
  knifeKills: v.number(),
  zeusKills: v.number(),
  playTimeMinutes: v.number(),
  roundsPlayed: v.number(),
};

/** When a player was first and last seen and with what: texts, unknown with the stats. */
export const playerSeenFields = {
  firstSeen: v.string(),
  lastSeen: v.string(),
  lastWeaponUsed: v.string(),
};

export const vPlayer = v.object({
  steamId: v.string(),
  name: v.string(),
  team: vTeam,
  ...playerStatsFields,
  ...playerSeenFields,
  /**
   * The server did not report this player's stats (a plain CS2 server over RCON, no plugin):
   * the numbers above are placeholders and are shown as unknown, never as zero.
   */
  statsUnknown: v.optional(v.boolean()),
});
export type Player = Infer<typeof vPlayer>;

/** Match fields a server may not report (plain CS2 over RCON without MatchZy). */
export const vUnknownMatchField = v.union(
  v.literal("score"),
  v.literal("phase"),
  v.literal("totals"),
);
export type UnknownMatchField = Infer<typeof vUnknownMatchField>;

/**
 * A phase the server is known to enter when the one before it runs out: the next round's buy
 * time after a round's end, its play after the buy time. The durations are the server's own, as
 * learnt from the rounds before (model/live/roundCourse.ts).
 */
export const vCourseStep = v.object({
  roundPhase: vRoundPhase,
  round: v.number(),
  /** When this phase's timer runs out (epoch ms). */
  endsAt: v.number(),
});
export type CourseStep = Infer<typeof vCourseStep>;

export const vMatch = v.object({
  serverName: v.string(),
  mapName: v.string(),
  scoreCT: v.number(),
  scoreT: v.number(),
  playersOnline: v.number(),
  roundPhase: vRoundPhase,
  gameMode: v.optional(vGameMode),
  round: v.optional(v.number()),
  maxRounds: v.optional(v.number()),
  /** The teams' names as the game shows them (`mp_teamname_1/2`, MatchZy's teams), by side now. */
  teamCT: v.optional(v.string()),
  teamT: v.optional(v.string()),
  /**
   * When the phase's timer runs out (epoch ms, from the time left the game server reported):
   * browsers count down to it, so a ticking clock costs no calls. Absent while no timer runs
   * (a paused match, a held warmup) or when the source does not say (MatchZy's events).
   */
  phaseEndsAt: v.optional(v.number()),
  /** When the planted bomb explodes (epoch ms); absent while no bomb is planted or unknown. */
  bombEndsAt: v.optional(v.number()),
  /**
   * The phases that follow the current one, each from the end of the one before: readers follow
   * them with the clock (lib/phaseCourse.ts `matchAt`), so a round's buy time and its start cost
   * no write and wake no viewer. Absent when the server's timing is not known yet, or when what
   * follows is not certain (the last round of a half or of the match, a live round).
   */
  upcoming: v.optional(v.array(vCourseStep)),
  /**
   * What the server could not report: those fields hold placeholders (0, "live") and every reader
   * shows them as unknown. Absent when everything is known.
   */
  unknown: v.optional(v.array(vUnknownMatchField)),
});
export type Match = Infer<typeof vMatch>;

/**
 * One player of the live scoreboard by side: what a spectator compares (K/D/A, damage per round,
 * MVPs), nothing that moves without a kill. `bot`: no SteamID64 (bots never get a career).
 */
export const vBoardLine = v.object({
  steamId: v.string(),
  name: v.string(),
  side: vSide,
  bot: v.boolean(),
  kills: v.number(),
  deaths: v.number(),
  assists: v.number(),
  /** Average damage per round played, rounded. */
  adr: v.number(),
  mvps: v.number(),
});
export type BoardLine = Infer<typeof vBoardLine>;

export const vSummary = v.object({
  totalPlayers: v.number(),
  totalKills: v.number(),
  totalDeaths: v.number(),
  totalDamage: v.number(),
  totalBombsPlanted: v.number(),
  totalBombsDefused: v.number(),
});
export type Summary = Infer<typeof vSummary>;

/** What a tab shows, as its heartbeat reports it (the player list is fetched only for "players"). */
export const vLiveView = v.union(v.literal("dashboard"), v.literal("players"), v.literal("other"));
export type LiveView = Infer<typeof vLiveView>;

/** One connected player's connection as the server sees it (admins' health view only). */
export const vPlayerLink = v.object({
  name: v.string(),
  ping: v.number(),
  /** Packet loss, per cent. */
  loss: v.number(),
});
export type PlayerLink = Infer<typeof vPlayerLink>;

/**
 * How the server itself is doing, read with the poll the panel makes anyway (never a request of
 * its own): the plugin's `/match` `health` block, `status`/`status_json`/`stats` over RCON. Each
 * field is absent when the source does not report it.
 */
export const vPollHealth = v.object({
  /** How long the poll took, request to last answer (ms). */
  rttMs: v.optional(v.number()),
  /** `1.41.7.7/14177` as `status` prints it. */
  version: v.optional(v.string()),
  /** The build number (the part after the slash; `status_json`'s `build_version`). */
  build: v.optional(v.number()),
  uptimeSec: v.optional(v.number()),
  fps: v.optional(v.number()),
  /** Server frame time (ms), where `stats` reports it. */
  frameMs: v.optional(v.number()),
  /** Ping and loss of each connected human, where the source lists them (`status`). */
  links: v.optional(v.array(vPlayerLink)),
});
export type PollHealth = Infer<typeof vPollHealth>;

/** One point of a server's health chart (a minute apart at most). */
export const vHealthSample = v.object({
  at: v.number(),
  online: v.boolean(),
  rttMs: v.optional(v.number()),
  fps: v.optional(v.number()),
  players: v.number(),
});
export type HealthSample = Infer<typeof vHealthSample>;

/**
 * The map the server last played to its end, as its plugin reports it on every `/match` from then
 * on: a poll that missed the last round and the map change still learns how that map ended.
 */
export const vEndedMap = v.object({
  mapName: v.string(),
  scoreCT: v.number(),
  scoreT: v.number(),
  /** The server's own time of the end (its clock, ISO 8601): tells one end from the next. */
  endedAt: v.string(),
});
export type EndedMap = Infer<typeof vEndedMap>;

/** One poll of a game server: match + summary (+ players when due), or why it failed. */
/** A text the panel words itself in the reader's language: a backend table's key, parameters. */
export const vTextRef = v.object({
  key: v.string(),
  params: v.optional(v.record(v.string(), v.union(v.string(), v.number()))),
});
export type TextRef = Infer<typeof vTextRef>;

export const vPollResult = v.union(
  v.object({
    ok: v.literal(true),
    match: vMatch,
    summary: vSummary,
    players: v.optional(v.array(vPlayer)),
    /** GOTV: the port it broadcasts on, null while it is off; absent when the source cannot tell. */
    tvPort: v.optional(v.union(v.number(), v.null())),
    health: v.optional(vPollHealth),
    /** The last map played to its end (null: none since the plugin started); absent: not reported. */
    lastMap: v.optional(v.union(vEndedMap, v.null())),
  }),
  v.object({
    ok: v.literal(false),
    error: v.string(),
    /** `error` with its key, when the panel words it (absent: the game server's own words). */
    errorText: v.optional(vTextRef),
    /** Direct RCON refused the password: stop trying until an admin enters one. */
    authFailed: v.optional(v.boolean()),
    /** The server took the connection (or the address) and never answered in time. */
    timedOut: v.optional(v.boolean()),
  }),
);
export type PollResult = Infer<typeof vPollResult>;

/** What one direct-RCON session answered: each command's output, or why it failed. */
export const vRconOutcome = v.union(
  v.object({ ok: v.literal(true), outputs: v.array(v.string()) }),
  v.object({
    ok: v.literal(false),
    error: v.string(),
    authFailed: v.optional(v.boolean()),
    timedOut: v.optional(v.boolean()),
    /** The error's key and parameters, when it is a text of a table with parameters. */
    key: v.optional(v.string()),
    params: v.optional(v.record(v.string(), v.union(v.string(), v.number()))),
  }),
);

/** An enabled server as everyone may see it (the public API's list and the connect pages). */
export const vPublicServerEntry = v.object({
  key: v.string(),
  name: v.string(),
  connectAddress: v.string(),
  online: v.boolean(),
  /** `host:port` to watch through GOTV, while the server is online with GOTV on. */
  gotvAddress: v.optional(v.string()),
});

/** Everything cached about one server, as the public read API serves it. */
export const vServerSnapshot = v.object({
  key: v.string(),
  name: v.string(),
  connectAddress: v.string(),
  online: v.boolean(),
  lastSuccessAt: v.union(v.number(), v.null()),
  match: v.union(vMatch, v.null()),
  summary: v.union(vSummary, v.null()),
  players: v.array(vPlayer),
  updatedAt: v.union(v.number(), v.null()),
});
export type ServerSnapshot = Infer<typeof vServerSnapshot>;

/** Everything needed to reach one server: built from `servers` + `serverSecrets`, never returned. */
export const vTarget = v.object({
  connectionType: vConnectionType,
  /** Plugin API: `<baseUrl>/api/...`; proxy: `<baseUrl>/rcon/...`; direct RCON: unused (""). */
  baseUrl: v.string(),
  apiKey: v.optional(v.string()),
  proxyTargetHost: v.optional(v.string()),
  proxyTargetPort: v.optional(v.number()),
  rconPassword: v.optional(v.string()),
  /**
   * Direct RCON: the game server refused this password. Nothing connects with it again (servers
   * ban an address after repeated failures) until an admin enters a password.
   */
  rconAuthFailed: v.optional(v.boolean()),
});
export type GameServerTarget = Infer<typeof vTarget>;

/** How to reach a server; secrets live in `serverSecrets` and never leave Convex. */
export const serverConfigFields = {
  key: v.string(),
  name: v.string(),
  apiBaseUrl: v.string(),
  /** host:port that players connect to (`steam://connect/<connectAddress>`). */
  connectAddress: v.string(),
  connectionType: vConnectionType,
  /** RCON address of the game server: behind the proxy (RCON_PROXY) or reached directly (RCON). */
  proxyTargetHost: v.optional(v.string()),
  proxyTargetPort: v.optional(v.number()),
  /** The server runs CS2-SimpleAdmin: the panel offers mute, gag and silence for it. */
  simpleAdmin: v.optional(v.boolean()),
  /**
   * The GOTV (CSTV) port spectators reach, when it differs from the `tv_port` the server reports
   * (a forwarded or remapped port). Unset: the reported one. The watch link appears only while
   * the server says GOTV is on.
   */
  gotvPort: v.optional(v.number()),
  /** The server runs MatchZy: a tournament launch loads its match config (roster by SteamID). */
  matchzy: v.optional(v.boolean()),
};

/** What the server form and the seed send: the configuration without display state. */
export const vServerInput = v.object(serverConfigFields);

/** A `servers` row: its configuration plus display state. */
export const serverFields = {
  ...serverConfigFields,
  disabled: v.boolean(),
  order: v.number(),
};

/**
 * The server switches, named once: the `serverToggles` row, what the admin tab reads and what a
 * read-back confirms are built from this list, and lib/actionRegistry.ts holds the actions
 * declared as switches equal to it.
 */
export const TOGGLE_NAMES = ["isPaused", "cheats", "autobalance", "friendlyfire", "bhop"] as const;
export type ToggleName = (typeof TOGGLE_NAMES)[number];
export const vToggleName = literals(...TOGGLE_NAMES);

/** One boolean field per switch. */
export const toggleFields = Object.fromEntries(
  TOGGLE_NAMES.map((name) => [name, v.boolean()]),
) as Record<ToggleName, VBoolean<boolean>>;

/** Who a caller was, as the backend established it (never a name the caller chose). */
export const vIdentityKind = v.union(
  v.literal("anonymous"),
  v.literal("signedIn"),
  v.literal("admin"),
  v.literal("moderator"),
);
export type IdentityKind = Infer<typeof vIdentityKind>;

/**
 * Who did something: the one shape the audit log, sanctions and notifications name a caller by.
 * Built only from the backend's viewer (lib/viewer.ts `actorOf`), never from client input.
 */
export const vActor = v.object({
  username: v.string(),
  tokenIdentifier: v.optional(v.string()),
  /** Public label of an anonymous browser session. */
  guestId: v.optional(v.string()),
  identity: vIdentityKind,
});
export type Actor = Infer<typeof vActor>;

/** What the gate before an admin action decided for a caller who is not an admin. */
export const vGateVerdict = v.union(
  v.literal("allowed"),
  v.literal("refused"),
  v.literal("limited"),
);
export type GateVerdict = Infer<typeof vGateVerdict>;

export const vAuditOutcome = v.union(
  v.literal("success"),
  v.literal("failure"),
  v.literal("unauthorized"),
);
export type AuditOutcome = Infer<typeof vAuditOutcome>;

/** What an action knows about its caller (actions have no `ctx.db`). */
export const vActionViewer = v.object({
  isSignedIn: v.boolean(),
  isAdmin: v.boolean(),
  /** An admin-granted moderator (never set for admins, who may do more). */
  isModerator: v.optional(v.boolean()),
  isGuestAdminEnabled: v.boolean(),
  username: v.string(),
  tokenIdentifier: v.optional(v.string()),
  /** Public label of an anonymous browser session, for the audit log. */
  guestId: v.optional(v.string()),
});
export type ActionViewer = Infer<typeof vActionViewer>;

/**
 * MatchZy push: the state of the map as the last applied event left it (model/push/reading.ts).
 * Team 1's side is kept only when an event proved it (MatchZy's code does not say which side a
 * team plays).
 */
export const vPushTrack = v.object({
  /** A number since MatchZy 0.7.12, a string before. */
  matchid: v.union(v.number(), v.string()),
  mapNumber: v.number(),
  /** Rounds played on the map: the teams' scores summed. */
  round: v.number(),
  team1Score: v.number(),
  team2Score: v.number(),
  team1Side: v.optional(vSide),
  /** The side team 1 started the map on, once known. */
  team1StartSide: v.optional(vSide),
  /** `winner.side` of this match's round ends names a team ("1"/"2": MatchZy before 0.8.5). */
  teamNumbers: v.optional(v.boolean()),
});
export type PushTrack = Infer<typeof vPushTrack>;

/**
 * A MatchZy series' picks: map names by map number, and who starts each map on which side (from
 * `map_picked`/`side_picked`, or from the match config of a launch through the panel).
 */
export const vPushSeries = v.object({
  matchid: v.union(v.number(), v.string()),
  maps: v.array(
    v.object({
      mapName: v.string(),
      mapNumber: v.optional(v.number()),
      team1StartSide: v.optional(vSide),
    }),
  ),
  /** The game mode the match plays, when the panel launched it through a match config. */
  mode: v.optional(v.string()),
});
export type PushSeries = Infer<typeof vPushSeries>;

/**
 * What every feed a game server posts to the panel keeps in its status row (MatchZy's events,
 * CS2's HTTP log), one row per server; each feed adds when it last spoke. The refusals count bodies
 * refused after the secret matched.
 */
export const feedStatusFields = {
  serverId: v.id("servers"),
  enabled: v.boolean(),
  enabledAt: v.optional(v.number()),
  refusedCount: v.optional(v.number()),
  lastRefusedAt: v.optional(v.number()),
  lastRefusal: v.optional(v.string()),
};

/** What the admin tab reads of any feed's status (never its secret); each feed's view adds its own. */
export const feedStatusViewFields = {
  enabled: v.boolean(),
  refusedCount: v.number(),
  lastRefusedAt: v.union(v.number(), v.null()),
  /** Why the last body was refused (push: the event's name, "" when it named none). */
  lastRefusal: v.union(v.string(), v.null()),
};

/** A player's Steam profile as the panel keeps it (each part only when Steam gave it). */
export const steamProfileFields = {
  steamId: v.string(),
  personaName: v.optional(v.string()),
  avatarUrl: v.optional(v.string()),
};
export const vSteamProfile = v.object(steamProfileFields);
export type SteamProfile = Infer<typeof vSteamProfile>;
