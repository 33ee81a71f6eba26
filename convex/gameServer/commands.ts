/**
 * The typed, allow-listed action set: every server action a panel user can trigger, validated and
 * turned into the exact HTTP calls (plugin API) or console commands (RCON proxy, direct RCON). Pure, so
 * hostile input can be tested exhaustively without a game server. Nothing is ever built by pasting
 * unchecked user text into a console line: every value passes its check in consoleInput.ts.
 */
import { GAME_MODES } from "../lib/gameApi";
import { ownValue } from "../lib/ownKey";
import type { ActionName, ServerAction } from "../lib/actionRegistry";
import { CONFIGS, OFFICIAL_MAPS } from "../lib/catalog";
import { MATCHZY_REMOTE_LOG_CVARS } from "../lib/matchzyEvents";
import { DEMO_UPLOAD_PATH, MATCHZY_DEMO_CVARS } from "../lib/demos";
import { MATCH_CONFIG_HEADER, MATCHZY_LOAD_COMMANDS } from "../lib/matchzyMatch";
import { PUSH_HEADER, PUSH_OFF_URL } from "../lib/push";
import type { LaunchPayload } from "../lib/tournamentFields";
import type { ConnectionType, ToggleName } from "../lib/validators";
import { consoleTokens } from "./consoleLine";
import {
  commandName,
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
  validateSteamId,
  WORKSHOP_RE,
} from "./consoleInput";
import type { RequestSpec } from "./request";

/**
 * The demo upload URL beside an events URL (`<site>/api/events/<key>` → `<site>/api/demos/<key>`):
 * same deployment, same server key.
 */
function demoUploadUrlOf(eventsUrl: string): string {
  const url = new URL(eventsUrl);
  url.pathname = url.pathname.replace(/\/api\/events\/([^/]+)$/, `${DEMO_UPLOAD_PATH}$1`);
  return url.toString();
}

/** A `tv_record` path the panel makes: a folder and a file name of safe characters, no `..`. */
const DEMO_PATH_RE = /^[A-Za-z0-9_-]{1,32}\/[A-Za-z0-9_-]{1,120}$/;

/**
 * The console's answer when it refused a push command: MatchZy missing (`Unknown command`) or a
 * URL it rejects (`[RemoteLogURLCommand] Invalid URL: …`). Null when the commands were taken.
 */
export function pushRefusal(action: ServerAction, output: string): string | null {
  if (action.kind !== "pushEnable" && action.kind !== "pushDisable") return null;
  return /unknown command|invalid url/i.test(output) ? output.slice(0, 300) : null;
}

/**
 * Why MatchZy did not load a launch's match config, in Ukrainian with what it printed, or null when
 * it printed none of its refusals (MatchZy prints nothing when the load succeeds).
 */
export function matchConfigRefusal(action: ServerAction, output: string): string | null {
  if (action.kind !== "loadMatchConfig") return null;
  const said = output.trim().slice(0, 300);
  if (/unknown command/i.test(output)) {
    return `Сервер не знає команди matchzy_loadmatch_url: MatchZy там не працює. Вимкніть «MatchZy» в налаштуваннях сервера або встановіть його. (${said})`;
  }
  if (/already setup/i.test(output)) {
    return `На сервері вже завантажено інший матч MatchZy: завершіть його (css_endmatch у консолі) і запустіть мапу ще раз. (${said})`;
  }
  if (/invalid url|request failed|load failed|error occured/i.test(output)) {
    return `MatchZy не завантажив конфіг матчу: сервер має дістатися адреси сайту розгортання (CONVEX_SITE_URL). (${said})`;
  }
  return null;
}

const TOGGLE_COMMANDS: Record<ToggleName, (on: boolean) => string[]> = {
  cheats: (on) => [`sv_cheats ${on ? 1 : 0}`],
  isPaused: (on) => [on ? "mp_pause_match" : "mp_unpause_match"],
  autobalance: (on) => [`mp_autoteambalance ${on ? 1 : 0}`],
  friendlyfire: (on) => [`mp_friendlyfire ${on ? 1 : 0}`],
  bhop: (on) => [`sv_autobunnyhopping ${on ? 1 : 0}`, `sv_enablebunnyhopping ${on ? 1 : 0}`],
};

/** Console commands for an action (RCON proxy, direct RCON, and the plugin's /private/command). */
export function consoleCommands(action: ServerAction): string[] {
  switch (action.kind) {
    case "command":
      return [validateFreeCommand(action.command)];
    case "say":
      return [`say ${validateChat(action.message)}`];
    case "toggle":
      return (
        ownValue(TOGGLE_COMMANDS, action.toggle)?.(action.enabled) ??
        invalid("Невідомий перемикач.")
      );
    case "changeMap":
      return [changeLevel(action.map)];
    case "workshopMap":
      if (!WORKSHOP_RE.test(action.workshopId)) invalid("Оберіть мапу з випадаючого списку");
      return [`host_workshop_map ${action.workshopId}`];
    case "gameMode":
      return modeCommands(action.mode);
    case "setPassword":
      if (!PASSWORD_RE.test(action.password)) {
        invalid('Пароль: 1–64 символи латиницею, без пробілів, лапок, "\\" та ";".');
      }
      return [`sv_password ${action.password}`];
    case "removePassword":
      return ['sv_password ""'];
    case "execConfig":
      if (!CONFIGS.includes(action.config as (typeof CONFIGS)[number])) {
        invalid("Невідомий конфіг.");
      }
      return [`exec ${action.config}`];
    case "cvar": {
      const { cvar, value } = validateCvar(action.cvar, action.value);
      return [`${cvar} ${value}`];
    }
    case "restartGame":
      return ["mp_restartgame 1"];
    case "skipWarmup":
      return ["mp_warmup_end"];
    case "resetStats":
      return ["css_panel_reset_stats"];
    case "restartServices":
      return ["css_panel_restart_services"];
    case "serverUpdate":
      return ["css_panel_update"];
    case "kick":
      // Not one fixed line: the userid `kickid` takes is looked up first (consoleKickOf).
      throw new Error("A console kick is sent through its lookup (gameServer/consoleKick.ts)");
    case "ban":
      return [
        `css_ban ${validateSteamId(action.steamId)} ${validateDuration(action.duration)}${consoleReason(action.reason)}`,
      ];
    case "unban":
      return [`css_unban ${validateSteamId(action.steamId)}`];
    // The `css_add…` forms take a SteamID64 whether or not the player is connected.
    case "mute":
    case "gag":
    case "silence":
      return [
        `css_add${action.kind} ${validateSteamId(action.steamId)} ${validateDuration(action.duration)}${consoleReason(action.reason)}`,
      ];
    case "unmute":
    case "ungag":
    case "unsilence":
      return [`css_${action.kind} ${validateSteamId(action.steamId)}`];
    case "pushEnable": {
      const url = validateFeedUrl(action.url, "подій MatchZy");
      if (!PUSH_SECRET_RE.test(action.secret)) invalid("Недопустимий секрет для подій MatchZy.");
      const { url: urlCvar, headerKey, headerValue } = MATCHZY_REMOTE_LOG_CVARS;
      const demo = MATCHZY_DEMO_CVARS;
      // The URLs last: MatchZy sends once one is set, and then its header is already there. Demos
      // go to the same deployment with the same per-server secret.
      return [
        `${headerKey} "${PUSH_HEADER}"`,
        `${headerValue} "${action.secret}"`,
        `${urlCvar} "${url}"`,
        `${demo.headerKey} "${PUSH_HEADER}"`,
        `${demo.headerValue} "${action.secret}"`,
        `${demo.url} "${demoUploadUrlOf(url)}"`,
      ];
    }
    case "pushDisable":
      return [
        `${MATCHZY_REMOTE_LOG_CVARS.url} "${PUSH_OFF_URL}"`,
        `${MATCHZY_DEMO_CVARS.url} "${PUSH_OFF_URL}"`,
      ];
    case "logEnable":
      // CS2 posts nothing while logging is off, so `log on` goes first.
      return ["log on", `logaddress_add_http "${validateFeedUrl(action.url, "журналу сервера")}"`];
    case "logDisable":
      return ["logaddress_delall_http"];
    case "demoRecord":
      if (!DEMO_PATH_RE.test(action.path)) invalid("Недопустима назва файлу демо.");
      return [`tv_record "${action.path}"`];
    case "demoStop":
      return ["tv_stoprecord"];
    case "launchGame":
      // Plain console: mode, the teams' names and the map. Placing players on teams needs a
      // plugin (the HTTP type) or MatchZy.
      return [
        ...modeCommands(action.payload.Mode),
        ...teamNameCommands(action.payload),
        changeLevel(action.payload.Map),
      ];
    case "loadMatchConfig": {
      const url = validateFeedUrl(action.url, "конфігу матчу MatchZy");
      if (!PUSH_SECRET_RE.test(action.token)) invalid("Недопустимий ключ конфігу матчу.");
      return [`${MATCHZY_LOAD_COMMANDS[0]} "${url}" "${MATCH_CONFIG_HEADER}" "${action.token}"`];
    }
  }
}

function modeCommands(name: string): string[] {
  const mode = ownValue(GAME_MODES, name);
  if (!mode) invalid(`Невідомий режим гри: ${name}`);
  return [`game_alias ${mode.alias}`, `game_mode ${mode.gameMode}`, `game_type ${mode.gameType}`];
}

function changeLevel(map: string): string {
  if (!MAP_RE.test(map) || !OFFICIAL_MAPS.has(map)) invalid("Оберіть мапу з випадаючого списку");
  return `changelevel ${map}`;
}

/**
 * One console command as direct RCON sends it (`mayDrop`: a level load, during which the server
 * may hang up, which counts as dispatched), or a kick by SteamID (`consoleKickOf`).
 */
export type ConsoleStep = { command: string; mayDrop?: boolean } | { kickSteamId: string };

/**
 * The player of a kick sent to a console (RCON proxy, direct RCON), validated; null for any other
 * action. CS2's `kickid` takes the userid its `status` prints, and no vanilla output pairs that
 * number with a SteamID: the kick looks the player up first (gameServer/consoleKick.ts).
 */
export function consoleKickOf(action: ServerAction): string | null {
  return action.kind === "kick" ? validateSteamId(action.steamId) : null;
}

const LEVEL_CHANGES = new Set([
  "changelevel",
  "map",
  "host_workshop_map",
  "ds_workshop_changelevel",
]);

/** The console commands of an action for direct RCON, level loads marked. */
export function rconSteps(action: ServerAction): ConsoleStep[] {
  const kick = consoleKickOf(action);
  if (kick) return [{ kickSteamId: kick }];
  return consoleCommands(action).map((command) =>
    LEVEL_CHANGES.has(commandName(command)) ? { command, mayDrop: true } : { command },
  );
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
function viaCommand(commands: string[]): RequestSpec[] {
  return commands.map((command) => ({
    method: "POST",
    path: "/private/command",
    body: { command },
    isPrivate: true,
  }));
}

/** The HTTP calls that carry out an action on the plugin API. */
function pluginRequests(action: ServerAction): RequestSpec[] {
  const post = (path: string, body?: unknown): RequestSpec[] => [
    { method: "POST", path, body, isPrivate: true },
  ];
  switch (action.kind) {
    case "say":
      return post("/private/say", { message: validateChat(action.message) });
    case "cvar":
      return [
        {
          method: "PUT",
          path: "/private/cvar",
          body: validateCvar(action.cvar, action.value),
          isPrivate: true,
        },
      ];
    case "restartGame":
      return post("/private/map/restart");
    case "skipWarmup":
      return post("/private/map/warmup/skip");
    case "resetStats":
      return post("/private/restart");
    case "restartServices":
      return post("/private/_restart");
    case "serverUpdate":
      return post("/private/server/update");
    case "kick":
      return post(`/private/players/${validateSteamId(action.steamId)}/kick`);
    case "ban":
      return post(`/private/players/${validateSteamId(action.steamId)}/ban`, {
        duration: validateDuration(action.duration),
        ...(action.reason ? { reason: action.reason.slice(0, 100) } : {}),
      });
    case "unban":
      return post("/private/unban", { steamId: validateSteamId(action.steamId) });
    case "launchGame":
      return post("/private/launch_game", action.payload);
    default:
      return viaCommand(consoleCommands(action));
  }
}

/**
 * Validates an action and returns the HTTP requests to send, in order (plugin API or RCON proxy).
 * Throws InvalidActionError. Direct RCON sends `rconSteps` instead; a kick over the proxy has no
 * fixed requests (its lookup decides the command: `consoleKickOf`).
 */
export function planAction(action: ServerAction, connectionType: ConnectionType): RequestSpec[] {
  if (connectionType === "HTTP") return pluginRequests(action);
  if (consoleKickOf(action)) return [];
  if (action.kind === "launchGame") {
    invalid("Запуск матчу з розподілом команд недоступний для RCON-проксі.");
  }
  return consoleCommands(action).map((command) => ({
    method: "POST",
    path: "/command",
    body: { command },
  }));
}

/** Which toggle (if any) a typed console command sets, so the free box keeps the switches in sync. */
export function toggleFromCommand(
  command: string,
): { toggle: ToggleName; enabled: boolean } | null {
  const [name, arg] = consoleTokens(command.toLowerCase());
  const on = arg === "1" || arg === "true";
  const off = arg === "0" || arg === "false";
  switch (name) {
    case "mp_pause_match":
      return { toggle: "isPaused", enabled: true };
    case "mp_unpause_match":
      return { toggle: "isPaused", enabled: false };
    case "sv_cheats":
      return on || off ? { toggle: "cheats", enabled: on } : null;
    case "mp_autoteambalance":
      return on || off ? { toggle: "autobalance", enabled: on } : null;
    case "mp_friendlyfire":
      return on || off ? { toggle: "friendlyfire", enabled: on } : null;
    case "sv_autobunnyhopping":
    case "sv_enablebunnyhopping":
      return on || off ? { toggle: "bhop", enabled: on } : null;
    default:
      return null;
  }
}

/** Audit/toast name of an action. */
export function actionName(action: ServerAction): ActionName {
  if (action.kind === "loadMatchConfig") return "launchGame";
  return action.kind === "toggle" ? action.toggle : action.kind;
}
