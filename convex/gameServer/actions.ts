/**
 * Every server action, declared once: its arguments, who may run it (its name, in the panel's
 * words, is `action.<name>` in lib/texts/actions.ts), the console lines it sends (RCON proxy, direct RCON, and the plugin's
 * `/private/command`), the plugin request when the plugin API has its own endpoint, whether the
 * switches are read back after it, what its audit entry keeps, the switch or map it sets. The
 * typed union, the validator, the command layer (commands.ts), the read-back set, the audit
 * description, the public functions (serverControl.ts), the client's `useServerAction` and the
 * permission matrix's rows are all derived from this table.
 *
 * Adding an action: one entry here (through `panel(…)` when a button runs it as it is, which
 * gives it its public function and client hook), its name in lib/texts/actions.ts and the
 * English dictionary, its button. Every value a
 * user gives passes its check in consoleInput.ts before it can reach a console line.
 */
import { v, type ObjectType, type PropertyValidators, type VBoolean } from "convex/values";
import { CONFIGS, OFFICIAL_MAPS } from "../lib/catalog";
import { REPORT_REPLY } from "../lib/conductFields";
import { MATCHZY_DEMO_CVARS } from "../lib/demos";
import { GAME_MODES } from "../lib/gameApi";
import { MATCHZY_REMOTE_LOG_CVARS } from "../lib/matchzyEvents";
import { MATCH_CONFIG_HEADER, MATCHZY_LOAD_COMMANDS } from "../lib/matchzyMatch";
import { ownValue } from "../lib/ownKey";
import { PUSH_HEADER, PUSH_OFF_URL } from "../lib/push";
import { vLaunchPayload, type LaunchPayload } from "../lib/tournamentFields";
import {
  BACKUP_LIST_COMMANDS,
  BACKUPS_ON_COMMAND,
  backupRefusal,
  convarRefusal,
  matchzyBackupName,
} from "./backups";
import {
  consoleReason,
  invalid,
  MAP_RE,
  PASSWORD_RE,
  PUSH_SECRET_RE,
  quotedArg,
  validateChat,
  validateCvar,
  validateDuration,
  validateFeedUrl,
  validateFreeCommand,
  validateBackupFile,
  validateSteamId,
  WORKSHOP_RE,
} from "./consoleInput";
import type { RequestSpec } from "./request";
import { durationText } from "../lib/durationText";
import { ACTION_TEXTS } from "../lib/texts/actions";
import { auditDetail } from "../lib/texts/auditDetails";
import { wordedIn, type Worded } from "../lib/wording";

/** A failure's own wording (`failure`): its text takes the action's name and the message. */
export type ActionFailureKey = "refusal.actions.modeFailed" | "refusal.actions.logBlocked";

/**
 * Who may run an action: admins only, also moderators (kick, bounded bans, unbans of moderators'
 * bans), or also everyone while guest-admin is on.
 */
export type ActionAccess = "admin" | "guestAdmin" | "moderator";

/**
 * A panel switch (pause, cheats, ...): the value it starts at, and how a typed console command
 * sets it (`null`: the command is not about this switch), so the free box keeps it in sync. `cvar`
 * is what a read-back asks; a switch without one (pause) is read from the match's phase.
 */
interface SwitchSpec {
  initial: boolean;
  cvar?: string;
  fromCommand: (name: string, arg: string | undefined) => boolean | null;
}

export interface ActionDeclaration<A extends PropertyValidators = PropertyValidators> {
  access: ActionAccess;
  /** The action's own arguments (a public function adds the server and the session). */
  args: A;
  /** The console lines, in order; throws `InvalidActionError` for a value that fails its check. */
  console: (args: ObjectType<A>) => string[];
  /** The plugin API's own endpoint for it; without one the console lines go to `/private/command`. */
  plugin?: (args: ObjectType<A>) => RequestSpec[];
  /** Why the RCON proxy cannot carry it (it needs the plugin), when it cannot. */
  notOverProxy?: string;
  /** A switch may differ from what the panel shows after it (a config, a restart, a map, ...). */
  readBack?: true;
  /** What its audit entry keeps of the input (never a secret). */
  describe?: (args: ObjectType<A>) => string | undefined;
  /** The map it puts on the server, shown at once (the next poll confirms it). */
  map?: (args: ObjectType<A>) => string;
  /** It is a panel switch, with `{ enabled }` as its arguments. */
  switch?: SwitchSpec;
  /** Audited and announced under another action's name (loading a match config is a launch). */
  shownAs?: string;
  /** Run by a button as it is: it gets a public function (serverControl.ts) and a client hook. */
  panel?: true;
  /** A panel action's sample input, which the permission matrix calls it with. */
  sample?: ObjectType<A>;
  /**
   * The toast's own wording of a failure, from the game server's (or the check's) message: a
   * text of ACTION_TEXTS with `{action}` and `{message}`; undefined: `refusal.actions.failed`
   * («Помилка виконання дії "<label>": <message>»).
   */
  failure?: (message: string) => ActionFailureKey | undefined;
  /**
   * Why the game server did not do it although it answered (a console prints its refusals as
   * text): the refusal, worded (or the server's own line as it printed it), or undefined when the
   * output shows none.
   */
  refused?: (output: string) => Worded | string | undefined;
}

/** Identity with inference: the declaration's callbacks see its own argument types. */
function declare<A extends PropertyValidators>(d: ActionDeclaration<A>): ActionDeclaration<A> {
  return d;
}

type PanelDeclaration<A extends PropertyValidators> = ActionDeclaration<A> & {
  panel: true;
  sample: ObjectType<A>;
};

/** An action a button runs as it is: it gets its public function and its client hook. */
function panel<A extends PropertyValidators>(
  d: Omit<PanelDeclaration<A>, "panel">,
): PanelDeclaration<A> {
  return { ...d, panel: true };
}

/** A panel switch: `{ enabled }` in, the switch stored as sent until a read-back confirms it. */
function switchAction(
  d: Omit<PanelDeclaration<{ enabled: VBoolean<boolean> }>, "panel" | "args" | "sample"> & {
    switch: SwitchSpec;
  },
): PanelDeclaration<{ enabled: VBoolean<boolean> }> & { switch: SwitchSpec } {
  return {
    ...d,
    args: { enabled: v.boolean() },
    readBack: true,
    describe: ({ enabled }) => auditDetail(enabled ? "switchOn" : "switchOff", {}),
    panel: true,
    sample: { enabled: true },
  };
}

const post = (path: string, body?: unknown): RequestSpec[] => [
  { method: "POST", path, body, isPrivate: true },
];

const flag = (arg: string | undefined) =>
  arg === "1" || arg === "true" ? true : arg === "0" || arg === "false" ? false : null;

/** A switch that is one or more boolean cvars, set together (`name 1` / `name 0`). */
function cvarSwitch(access: ActionAccess, initial: boolean, cvars: string[]) {
  return switchAction({
    access,
    console: ({ enabled }) => cvars.map((cvar) => `${cvar} ${enabled ? 1 : 0}`),
    switch: {
      initial,
      cvar: cvars[0],
      fromCommand: (name, arg) => (cvars.includes(name) ? flag(arg) : null),
    },
  });
}

const steamTarget = { steamId: v.string() };
const timed = { steamId: v.string(), duration: v.number(), reason: v.optional(v.string()) };
const SAMPLE_STEAM = "76561198000000001";

/** `css_add<kind>` takes a SteamID64 whether or not the player is connected. */
function commsBlock(kind: "mute" | "gag" | "silence") {
  return declare({
    access: "moderator",
    args: timed,
    console: ({ steamId, duration, reason }) => [
      `css_add${kind} ${validateSteamId(steamId)} ${validateDuration(duration)}${consoleReason(reason)}`,
    ],
    describe: ({ duration }) => durationText(duration),
  });
}

function commsUnblock(kind: "unmute" | "ungag" | "unsilence") {
  return declare({
    access: "moderator",
    args: steamTarget,
    console: ({ steamId }) => [`css_${kind} ${validateSteamId(steamId)}`],
  });
}

/** A plugin command with no arguments (`css_panel_*`), or its own plugin endpoint. */
function pluginCommand(line: string, path: string) {
  return panel({
    access: "admin",
    args: {},
    console: () => [line],
    plugin: () => post(path),
    sample: {},
  });
}

export const SERVER_ACTION_DECLARATIONS = {
  // ---- Switches: pause, autobalance, friendly fire, bhop (guest-admin level), cheats (admin) ----
  isPaused: switchAction({
    access: "guestAdmin",
    console: ({ enabled }) => [enabled ? "mp_pause_match" : "mp_unpause_match"],
    switch: {
      initial: false,
      fromCommand: (name) =>
        name === "mp_pause_match" ? true : name === "mp_unpause_match" ? false : null,
    },
  }),
  autobalance: cvarSwitch("guestAdmin", true, ["mp_autoteambalance"]),
  friendlyfire: cvarSwitch("guestAdmin", false, ["mp_friendlyfire"]),
  bhop: cvarSwitch("guestAdmin", false, ["sv_autobunnyhopping", "sv_enablebunnyhopping"]),
  cheats: cvarSwitch("admin", false, ["sv_cheats"]),

  // ---- Match and map controls (guest-admin level) ----
  changeMap: panel({
    access: "guestAdmin",
    args: { map: v.string() },
    console: ({ map }) => [changeLevel(map)],
    readBack: true,
    describe: ({ map }) => map,
    map: ({ map }) => map,
    sample: { map: "de_nuke" },
  }),
  workshopMap: panel({
    access: "guestAdmin",
    args: { workshopId: v.string() },
    console: ({ workshopId }) => {
      if (!WORKSHOP_RE.test(workshopId)) invalid(ACTION_TEXTS["refusal.actions.pickMap"]);
      return [`host_workshop_map ${workshopId}`];
    },
    readBack: true,
    describe: ({ workshopId }) => workshopId,
    sample: { workshopId: "3070549948" },
  }),
  gameMode: panel({
    access: "guestAdmin",
    args: { mode: v.string() },
    console: ({ mode }) => modeCommands(mode),
    readBack: true,
    describe: ({ mode }) => mode,
    sample: { mode: "wingman" },
    failure: () => "refusal.actions.modeFailed",
  }),
  restartGame: panel({
    access: "guestAdmin",
    args: {},
    console: () => ["mp_restartgame 1"],
    plugin: () => post("/private/map/restart"),
    readBack: true,
    sample: {},
  }),
  skipWarmup: panel({
    access: "guestAdmin",
    args: {},
    console: () => ["mp_warmup_end"],
    plugin: () => post("/private/map/warmup/skip"),
    readBack: true,
    sample: {},
  }),
  // Removes every bot; CS2 also sets bot_quota to 0, so they do not come back on their own.
  botKick: panel({
    access: "guestAdmin",
    args: {},
    console: () => ["bot_kick"],
    sample: {},
  }),

  // ---- Round backups: CS2's own files, written at each round start (gameServer/backups.ts) ----
  /**
   * Turns CS2's round backups on (on by default; a config, a plugin or a host may have turned them
   * off). Also a step of every launch, and what the panel sends when a match goes live on a server
   * that does not write them (model/serverControl/backupsAuto.ts).
   */
  backupsOn: panel({
    access: "admin",
    args: {},
    console: () => [BACKUPS_ON_COMMAND],
    sample: {},
    refused: convarRefusal,
  }),
  /** Reads the files the server has (backups.ts parses the answer); changes nothing. */
  backupList: declare({
    access: "admin",
    args: {},
    console: () => [...BACKUP_LIST_COMMANDS],
    plugin: () => [{ method: "GET", path: "/private/backups", isPrivate: true }],
  }),
  /**
   * Puts the match back at the start of the round after the file's: CS2's own load (plain CS2 and
   * the panel's plugin). On a MatchZy server `restoreBackupMatchzy` goes through MatchZy instead,
   * which also brings back its rosters, team names and pause.
   */
  restoreBackup: panel({
    access: "admin",
    args: { file: v.string() },
    console: ({ file }) => [`mp_backup_restore_load_file ${validateBackupFile(file)}`],
    plugin: ({ file }) => post("/private/backups/restore", { file: validateBackupFile(file) }),
    readBack: true,
    describe: ({ file }) => file,
    sample: { file: "backup_round05.txt" },
    refused: backupRefusal,
  }),
  /**
   * MatchZy's `matchzy_loadbackup <file>`: its own backup of the round (the JSON beside CS2's file,
   * same name), which changes the map itself when the server shows another and pauses after.
   */
  restoreBackupMatchzy: panel({
    access: "admin",
    args: { file: v.string() },
    console: ({ file }) => [`matchzy_loadbackup ${matchzyBackupName(validateBackupFile(file))}`],
    readBack: true,
    describe: ({ file }) => file,
    sample: { file: "matchzy_7_0_round05.txt" },
    refused: backupRefusal,
  }),

  /**
   * The teams' names as the game shows them (`mp_teamname_1` is the team that started as CT), set
   * again when a crashed match is brought back (model/history/recoverMatch.ts).
   */
  teamNames: declare({
    access: "admin",
    args: { team1: v.string(), team2: v.string() },
    console: ({ team1, team2 }) => [
      `mp_teamname_1 ${quotedArg(team1, 64)}`,
      `mp_teamname_2 ${quotedArg(team2, 64)}`,
    ],
    describe: ({ team1, team2 }) => `${team1} / ${team2}`,
  }),
  /**
   * Clears both teams' names once a tournament is over (its series won, or archived), so the public
   * games after it show the sides' own names, not the tournament's teams
   * (model/tournament/serverNames.ts).
   */
  teamNamesClear: declare({
    access: "admin",
    args: {},
    console: () => [`mp_teamname_1 ${quotedArg("", 64)}`, `mp_teamname_2 ${quotedArg("", 64)}`],
  }),

  // ---- Admin only ----
  command: panel({
    access: "admin",
    args: { command: v.string() },
    console: ({ command }) => [validateFreeCommand(command)],
    readBack: true,
    describe: ({ command }) => command,
    sample: { command: "status" },
  }),
  say: panel({
    access: "admin",
    args: { message: v.string() },
    console: ({ message }) => [`say ${validateChat(message)}`],
    plugin: ({ message }) => post("/private/say", { message: validateChat(message) }),
    describe: ({ message }) => message,
    sample: { message: "hi" },
  }),
  setPassword: panel({
    access: "admin",
    args: { password: v.string() },
    console: ({ password }) => {
      if (!PASSWORD_RE.test(password)) {
        invalid(ACTION_TEXTS["refusal.actions.badPassword"]);
      }
      return [`sv_password ${password}`];
    },
    sample: { password: "secret1" },
  }),
  removePassword: panel({
    access: "admin",
    args: {},
    console: () => ['sv_password ""'],
    sample: {},
  }),
  execConfig: panel({
    access: "admin",
    args: { config: v.string() },
    console: ({ config }) => {
      if (!CONFIGS.includes(config as (typeof CONFIGS)[number])) {
        invalid(ACTION_TEXTS["refusal.actions.unknownConfig"]);
      }
      return [`exec ${config}`];
    },
    readBack: true,
    describe: ({ config }) => config,
    sample: { config: "1vs1" },
  }),
  cvar: panel({
    access: "admin",
    args: { cvar: v.string(), value: v.string() },
    console: (input) => {
      const { cvar, value } = validateCvar(input.cvar, input.value);
      return [`${cvar} ${value}`];
    },
    plugin: (input) => [
      {
        method: "PUT",
        path: "/private/cvar",
        body: validateCvar(input.cvar, input.value),
        isPrivate: true,
      },
    ],
    readBack: true,
    describe: ({ cvar, value }) => `${cvar} ${value}`,
    sample: { cvar: "mp_roundtime", value: "2" },
  }),
  resetStats: pluginCommand("css_panel_reset_stats", "/private/restart"),
  restartServices: pluginCommand("css_panel_restart_services", "/private/_restart"),
  serverUpdate: pluginCommand("css_panel_update", "/private/server/update"),

  // ---- Moderation (moderation.ts runs these with its sanction records) ----
  kick: declare({
    access: "moderator",
    args: steamTarget,
    // Not one fixed line: the userid `kickid` takes is looked up first (consoleKick.ts).
    console: () => {
      throw new Error("A console kick is sent through its lookup (gameServer/consoleKick.ts)");
    },
    plugin: ({ steamId }) => post(`/private/players/${validateSteamId(steamId)}/kick`),
  }),
  ban: declare({
    access: "moderator",
    args: timed,
    console: ({ steamId, duration, reason }) => [
      `css_ban ${validateSteamId(steamId)} ${validateDuration(duration)}${consoleReason(reason)}`,
    ],
    plugin: ({ steamId, duration, reason }) =>
      post(`/private/players/${validateSteamId(steamId)}/ban`, {
        duration: validateDuration(duration),
        ...(reason ? { reason: reason.slice(0, 100) } : {}),
      }),
    describe: ({ duration }) => durationText(duration),
  }),
  unban: declare({
    access: "moderator",
    args: steamTarget,
    console: ({ steamId }) => [`css_unban ${validateSteamId(steamId)}`],
    plugin: ({ steamId }) => post("/private/unban", { steamId: validateSteamId(steamId) }),
  }),
  /**
   * The in-game answer to a `!report`/`!calladmin` the log brought (model/conduct/reportReply.ts):
   * one fixed line, never the player's words, which would be console input.
   */
  reportReply: declare({
    access: "moderator",
    args: {},
    console: () => [`say ${validateChat(REPORT_REPLY)}`],
    plugin: () => post("/private/say", { message: validateChat(REPORT_REPLY) }),
  }),
  // CS2-SimpleAdmin's communication blocks, on servers that run it: voice, text chat, both.
  mute: commsBlock("mute"),
  gag: commsBlock("gag"),
  silence: commsBlock("silence"),
  unmute: commsUnblock("unmute"),
  ungag: commsUnblock("ungag"),
  unsilence: commsUnblock("unsilence"),

  // ---- Launches (tournament and launch capabilities run these) ----
  launchGame: declare({
    access: "admin",
    args: { payload: vLaunchPayload },
    // Plain console: mode, the teams' names and the map. Placing players on teams needs a
    // plugin (the HTTP type) or MatchZy.
    console: ({ payload }) => [
      ...modeCommands(payload.Mode),
      ...teamNameCommands(payload),
      changeLevel(payload.Map),
    ],
    plugin: ({ payload }) => post("/private/launch_game", payload),
    notOverProxy: ACTION_TEXTS["refusal.actions.launchNotOverProxy"],
    readBack: true,
    map: ({ payload }) => payload.Map,
  }),
  /**
   * MatchZy fetches a launch's match config from `url`, sending `token` in a header
   * (model/tournament/matchConfig.ts); audited and shown as the launch. `map`: the config's first
   * map, which MatchZy changes to as it loads.
   */
  loadMatchConfig: declare({
    access: "admin",
    args: { url: v.string(), token: v.string(), map: v.string() },
    console: ({ url, token }) => {
      const checked = validateFeedUrl(url, "MatchConfig");
      if (!PUSH_SECRET_RE.test(token)) invalid(ACTION_TEXTS["refusal.actions.badMatchConfigKey"]);
      return [`${MATCHZY_LOAD_COMMANDS[0]} "${checked}" "${MATCH_CONFIG_HEADER}" "${token}"`];
    },
    readBack: true,
    map: ({ map }) => map,
    shownAs: "launchGame",
  }),

  // ---- Feeds (model/serverControl/feedSwitch.ts runs these around the stored secret) ----
  /** MatchZy remote log on (model/push/status.ts): events go to `url` with the secret in a header. */
  pushEnable: declare({
    access: "admin",
    args: { url: v.string(), secret: v.string() },
    console: ({ url, secret }) => {
      const checked = validateFeedUrl(url, "MatchzyEvents");
      if (!PUSH_SECRET_RE.test(secret)) invalid(ACTION_TEXTS["refusal.actions.badPushSecret"]);
      const { url: urlCvar, headerKey, headerValue } = MATCHZY_REMOTE_LOG_CVARS;
      // The URL last: MatchZy sends once it is set, and then its header is already there. Demos
      // get their own Convex upload URL (demoUploadUrl), which is its own credential.
      return [
        `${headerKey} "${PUSH_HEADER}"`,
        `${headerValue} "${secret}"`,
        `${urlCvar} "${checked}"`,
      ];
    },
    describe: ({ url }) => url, // never the secret
  }),
  pushDisable: declare({
    access: "admin",
    args: {},
    console: () => [
      `${MATCHZY_REMOTE_LOG_CVARS.url} "${PUSH_OFF_URL}"`,
      `${MATCHZY_DEMO_CVARS.url} "${PUSH_OFF_URL}"`,
    ],
  }),
  /**
   * CS2's HTTP log on (model/serverLog/status.ts): `log on` first (CS2 posts nothing while logging
   * is off), then batches go to `url`, whose last segment is the secret. Off removes every HTTP
   * listener (CS2 cannot remove one).
   */
  logEnable: declare({
    access: "admin",
    args: { url: v.string() },
    console: ({ url }) => ["log on", `logaddress_add_http "${validateFeedUrl(url, "ServerLog")}"`],
    // The plugin API and the RCON proxy refuse `log` and `logaddress_*` from any caller.
    failure: (message) => (/blocked/i.test(message) ? "refusal.actions.logBlocked" : undefined),
  }),
  logDisable: declare({
    access: "admin",
    args: {},
    console: () => ["logaddress_delall_http"],
  }),
  /**
   * GOTV recording on a server without MatchZy (model/demos/recording.ts): `tv_record <path>`
   * (relative to `csgo/`, `.dem` added by the game) while a map is live, `tv_stoprecord` after.
   */
  demoRecord: declare({
    access: "admin",
    args: { path: v.string() },
    console: ({ path }) => {
      if (!DEMO_PATH_RE.test(path)) invalid(ACTION_TEXTS["refusal.actions.badDemoPath"]);
      return [`tv_record "${path}"`];
    },
  }),
  demoStop: declare({
    access: "admin",
    args: {},
    console: () => ["tv_stoprecord"],
  }),
  /**
   * Where MatchZy uploads its demos (model/demos/upload.ts): a Convex upload URL, renewed before it
   * expires. The URL is the deployment's origin and an encrypted token (~200 characters).
   */
  demoUploadUrl: declare({
    access: "admin",
    args: { url: v.string() },
    console: ({ url }) => [
      `${MATCHZY_DEMO_CVARS.url} "${validateFeedUrl(url, "DemoUpload", 512)}"`,
    ],
    describe: () => "matchzy_demo_upload_url", // never the URL: it is the upload's credential
  }),
};

export { SAMPLE_STEAM };

/** A `tv_record` path the panel makes: a folder and a file name of safe characters, no `..`. */
const DEMO_PATH_RE = /^[A-Za-z0-9_-]{1,32}\/[A-Za-z0-9_-]{1,120}$/;

function modeCommands(name: string): string[] {
  const mode = ownValue(GAME_MODES, name);
  if (!mode) invalid(wordedIn(ACTION_TEXTS, "refusal.actions.unknownMode", { mode: name }));
  return [`game_alias ${mode.alias}`, `game_mode ${mode.gameMode}`, `game_type ${mode.gameType}`];
}

function changeLevel(map: string): string {
  if (!MAP_RE.test(map) || !OFFICIAL_MAPS.has(map)) {
    invalid(ACTION_TEXTS["refusal.actions.pickMap"]);
  }
  return `changelevel ${map}`;
}

/**
 * The teams' names as the game shows them (team 1 starts as CT), so the in-game scoreboard (and
 * anything that reads the game's team names) carries the admin's names; an unnamed team clears its
 * name.
 */
function teamNameCommands(payload: LaunchPayload): string[] {
  const [first, second] =
    payload.TeamA.Side === "T" ? [payload.TeamB, payload.TeamA] : [payload.TeamA, payload.TeamB];
  return [
    `mp_teamname_1 ${quotedArg(first.Name ?? "", 64)}`,
    `mp_teamname_2 ${quotedArg(second.Name ?? "", 64)}`,
  ];
}
