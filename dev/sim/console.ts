/**
 * The server console: one engine behind RCON, `/private/command` and the dedicated HTTP endpoints,
 * so every path changes the same state and prints the same text. Outputs follow CS2 where known;
 * texts that are guesses (docs/game-server-api.md §8) are kept recognisable rather than exact.
 */
import { GAME_MODES, type GameModeName } from "../../convex/lib/gameApi";
import { MATCHZY_LOAD_COMMANDS } from "../../convex/lib/matchzyMatch";
import { isSteamId64 } from "../../convex/lib/steamId";
import { SERVER_CONFIGS, WORKSHOP_MAPS, isKnownMap } from "./catalog";
import type { CommsType } from "./comms";
import { Cvars } from "./cvars";
import { endWarmup, newMatch, pause, restartGame, swapSides, unpause } from "./match";
import { ownValue } from "../../convex/lib/ownKey";
import { remoteLogCommand, remoteLogCvar } from "./matchzy";
import { demoUploadCommand, demoUploadCvar, type DemoRecorder } from "./demo-recorder";
import { type PlayingSide, type SimPlayer } from "./players";
import type { RoundBackups } from "./round-backups";
import { formatStats, formatStatus, formatStatusJson } from "./status-format";
import { type GameWorld } from "./world";
import { consoleTokens as tokenize } from "../../convex/gameServer/consoleLine";

export { tokenize };

export interface ConsoleHooks {
  /** `rcon_password` changed: CS2 drops every RCON session. */
  onRconPasswordChanged?: () => void;
  /** `quit`, `exit`, `_restart`: the process goes away; a supervisor brings it back. */
  onRestart?: () => void;
  /** MatchZy's match setup (matchzy-match.ts): `matchzy_loadmatch_url`, `css_endmatch`. */
  matchzy?: { loadFromUrl(args: string[]): string; endMatch(): string };
  /** Game port shown by `status` (the RCON port: CS2 serves RCON on the game port). */
  port: () => number;
  publicHost: string;
  /** CS2's log commands (`log`, `logaddress_*_http`): their output, or null for another command. */
  serverLog?: (name: string, args: string[]) => string | null;
  /** GOTV recording (`tv_record`, `tv_stoprecord`) and MatchZy's demo upload settings. */
  demos?: DemoRecorder;
  /** Round backup files (`mp_backup_restore_*`, MatchZy's `matchzy_loadbackup`). */
  backups?: RoundBackups;
}

type Handler = (args: string[], rest: string) => string;

/** Extra `game_alias` names. A Map: typed input must never reach Object.prototype's members. */
const ALIASES = new Map<string, GameModeName>([
  ["scrimcomp2v2", "wingman"],
  ["gungameprogressive", "arms_race"],
  ["arms_race", "arms_race"],
]);

export class ConsoleEngine {
  /** A Map, not an object literal: `__proto__` or `constructor` typed in must not find a handler. */
  private readonly commands: Map<string, Handler>;

  constructor(
    private readonly world: GameWorld,
    private readonly hooks: ConsoleHooks,
  ) {
    const w = world;
    const json = (get: () => unknown) => () => JSON.stringify(get());
    const handlers: Record<string, Handler> = {
      status: () => formatStatus(w, hooks.port(), hooks.publicHost),
      status_json: () => formatStatusJson(w, hooks.port()),
      stats: () => formatStats(w),
      cvarlist: () => w.cvars.list(),
      echo: (_a, rest) => rest,
      changelevel: (a) => this.changeLevel("changelevel", a[0]),
      map: (a) => this.changeLevel("map", a[0]),
      host_workshop_map: (a) => this.workshopMap(a[0]),
      ds_workshop_changelevel: (a) => this.workshopByName(a[0]),
      game_alias: (a) => this.gameAlias(a[0]),
      exec: (a) => this.execConfig(a[0]),
      mp_pause_match: () => (pause(w), ""),
      mp_unpause_match: () => (unpause(w), ""),
      // Restarts at once rather than after the given seconds: nothing observable waits on it.
      mp_restartgame: () => (restartGame(w), ""),
      mp_warmup_end: () => this.warmupEnd(),
      mp_warmup_start: () => (newMatch(w), ""),
      mp_swapteams: () => (swapSides(w), ""),
      kick: (a) => this.kick(a.join(" "), "Kicked by Console", "kick"),
      kickid: (a) => this.kickId(a[0], a.slice(1).join(" ")),
      bot_kick: () => this.botKick(),
      bot_add: () => this.botAdd(w.smallerSide()),
      bot_add_t: () => this.botAdd("T"),
      bot_add_ct: () => this.botAdd("CT"),
      say: (_a, rest) => this.say(rest),
      quit: () => (hooks.onRestart?.(), "Shutting down server"),
      exit: () => (hooks.onRestart?.(), "Shutting down server"),
      _restart: () => (hooks.onRestart?.(), "Restarting server"),
      css_ban: (a) => this.ban("css_ban", a, true),
      css_addban: (a) => this.ban("css_addban", a, false),
      css_unban: (a) => this.unban(a[0]),
      css_kick: (a) => this.kick(a[0] ?? "", a.slice(1).join(" ") || "Kicked by admin", "css_kick"),
      css_slay: (a) => this.slay(a[0] ?? ""),
      css_panel_status: json(() => w.wireStatus()),
      css_panel_match: json(() => w.wireMatch()),
      css_panel_summary: json(() => w.wireSummary()),
      css_panel_players: json(() => w.wirePlayers()),
      css_panel_banlist: json(() => ({ result: w.bans.list() })),
      css_panel_reset_stats: () => (w.resetStats(), "Player stats reset"),
      // The panel's plugin commands for "restart services" and "server update" over the RCON proxy.
      css_panel_restart_services: () => (hooks.onRestart?.(), "Restarting server services"),
      css_panel_update: () => (hooks.onRestart?.(), "Updating server"),
    };
    const demos = hooks.demos;
    if (demos) {
      handlers.tv_record = (a) => demos.tvRecord(a[0]);
      handlers.tv_stoprecord = () => demos.tvStopRecord();
    }
    const backups = hooks.backups;
    if (backups) {
      handlers.mp_backup_restore_list_files = () => backups.listText();
      handlers.mp_backup_restore_load_file = (a) => backups.restore(a[0]).text;
      // MatchZy's own command takes the same files (and a round number, as `.restore` does).
      handlers.matchzy_loadbackup = (a) =>
        backups.restore(backupFile(backups, a[0]), { loadsMap: true }).text;
    }
    const matchzy = hooks.matchzy;
    if (matchzy) {
      for (const name of MATCHZY_LOAD_COMMANDS) handlers[name] = (a) => matchzy.loadFromUrl(a);
      handlers.css_endmatch = () => matchzy.endMatch();
      handlers.get5_endmatch = () => matchzy.endMatch();
    }
    if (w.hasSimpleAdmin) {
      for (const type of ["mute", "gag", "silence"] as const) {
        handlers[`css_add${type}`] = (a) => this.comms(`css_add${type}`, type, a);
        handlers[`css_un${type}`] = (a) => this.uncomms(`css_un${type}`, type, a[0]);
      }
    }
    this.commands = new Map(Object.entries(handlers));
  }

  /**
   * Runs one console line and returns what the console prints. Never throws: a failing command
   * prints an error line instead, so no input can take down RCON, HTTP or the process.
   */
  exec(line: string): string {
    const [name = "", ...args] = tokenize(line);
    if (name === "") return "";
    const lower = name.toLowerCase();
    const rest = line.trim().slice(name.length).trim();
    try {
      const remoteLog = remoteLogCvar(lower);
      if (remoteLog) return remoteLogCommand(this.world.cvars, remoteLog, args);
      const demoUpload = this.hooks.demos ? demoUploadCvar(lower) : undefined;
      if (demoUpload) return demoUploadCommand(this.world.cvars, demoUpload, args);
      const logged = this.hooks.serverLog?.(lower, args);
      if (logged !== undefined && logged !== null) return logged;
      const handler = this.commands.get(lower);
      if (handler) return handler(args, rest);
      if (Cvars.isCvar(lower)) return this.cvar(lower, args);
    } catch (error) {
      return `Error in command "${name}": ${error instanceof Error ? error.message : String(error)}`;
    }
    // banid/removeid/listid/writeid are dev-only in CS2: the console does not know them.
    return `Unknown command "${name}"`;
  }

  private cvar(name: string, args: string[]): string {
    const w = this.world;
    if (args.length === 0) return w.cvars.describe(name);
    w.cvars.set(name, args.join(" "));
    if (name === "game_type" || name === "game_mode") w.onModeCvarsChanged();
    else if (name === "bot_quota") w.fillBots();
    else if (name === "rcon_password") this.hooks.onRconPasswordChanged?.();
    return "";
  }

  private changeLevel(cmd: string, map: string | undefined): string {
    if (!map) return `Usage:  ${cmd} <mapname>`;
    if (!isKnownMap(map)) return `${cmd} failed: ${map} not found`;
    this.world.changeMap(map);
    return `Changing level to ${map}`;
  }

  private workshopMap(id: string | undefined): string {
    if (!id || !/^\d{6,12}$/.test(id)) return "Usage:  host_workshop_map <fileid>";
    const name = ownValue(WORKSHOP_MAPS, id);
    this.world.changeMap(name ? `workshop/${id}/${name}` : `workshop/${id}`);
    return `Loading workshop map ${id}${name ? ` (${name})` : ""}`;
  }

  private workshopByName(name: string | undefined): string {
    const entry = Object.entries(WORKSHOP_MAPS).find(([, n]) => n === name);
    if (!entry) return `ds_workshop_changelevel failed: ${name ?? ""} not found`;
    this.world.changeMap(`workshop/${entry[0]}/${entry[1]}`);
    return `Changing level to ${entry[1]}`;
  }

  private gameAlias(alias: string | undefined): string {
    if (!alias) return "Usage:  game_alias <alias>";
    const lower = alias.toLowerCase();
    const found =
      ALIASES.get(lower) ??
      (Object.entries(GAME_MODES).find(([, m]) => m.alias === lower)?.[0] as
        GameModeName | undefined);
    if (!found) return `game_alias: unknown alias "${alias}"`;
    this.world.setMode(found);
    return "";
  }

  private execConfig(arg: string | undefined): string {
    if (!arg) return "Usage:  exec <filename>";
    if (arg.includes("..") || /[/\\:]/.test(arg)) return `exec: path not allowed "${arg}"`;
    const name = arg.replace(/\.cfg$/i, "");
    const config = ownValue(SERVER_CONFIGS, name);
    if (!config) return `exec: couldn't exec ${name}.cfg`;
    const outputs = config.lines.map((line) => this.exec(line)).filter((out) => out !== "");
    this.world.weaponPool = config.weapons;
    this.world.lastExec = name;
    return [`Executing ${name}.cfg`, ...outputs].join("\n");
  }

  private warmupEnd(): string {
    const m = this.world.match;
    if ((m.pausedFrom ?? m.phase) === "warmup") {
      m.pausedFrom = null;
      endWarmup(this.world);
    }
    return "";
  }

  private kickId(target: string | undefined, reason: string): string {
    if (!target) return "Usage:  kickid <userid | uniqueid> [message]";
    // The userid `status` prints: a SteamID64 is not a CS2 uniqueid (panels look the userid up).
    const player = /^#?\d{1,6}$/.test(target) ? this.world.resolveTarget(target) : undefined;
    if (!player) return `kickid: no player with id ${target}`;
    return this.kickPlayer(player, reason || "Kicked by Console");
  }

  private kick(target: string, reason: string, cmd: string): string {
    if (!target) return `Usage:  ${cmd} <target> [reason]`;
    const player = this.world.resolveTarget(target);
    if (!player) return `${cmd}: target "${target}" not found`;
    return this.kickPlayer(player, reason);
  }

  private kickPlayer(player: SimPlayer, reason: string): string {
    this.world.disconnect(player);
    return `Dropped ${player.name} from server: ${reason}`;
  }

  private slay(target: string): string {
    const player = target ? this.world.resolveTarget(target) : undefined;
    if (!player) return `css_slay: target "${target}" not found`;
    this.world.slay(player);
    return `Slayed ${player.name}`;
  }

  private botKick(): string {
    for (const bot of this.world.connected().filter((p) => p.isBot)) this.world.disconnect(bot);
    // As in CS: bot_kick also zeroes the quota so bots do not refill.
    this.world.cvars.set("bot_quota", "0");
    return "";
  }

  private botAdd(side: PlayingSide): string {
    const w = this.world;
    w.cvars.set("bot_quota", String(w.cvars.int("bot_quota") + 1));
    w.addPlayer(true, side);
    return "";
  }

  private say(rest: string): string {
    const message = rest.replace(/^"(.*)"$/, "$1");
    if (message === "") return "Usage:  say <text>";
    this.world.say(message);
    return `Console: ${message}`;
  }

  /** `css_ban <#userid|steamid64|name> [minutes] [reason]` (CS2-SimpleAdmin style). */
  private ban(cmd: string, args: string[], byTarget: boolean): string {
    const [target = "", minutesText = "0", ...reasonWords] = args;
    const player = byTarget ? this.world.resolveTarget(target) : undefined;
    const steamId = player?.steamId ?? (isSteamId64(target) ? target : undefined);
    if (!steamId) return `${cmd}: target "${target}" not found`;
    if (!/^\d+$/.test(minutesText)) return `${cmd}: invalid duration "${minutesText}"`;
    const minutes = Number(minutesText);
    const reason = reasonWords.join(" ");
    this.world.bans.add(steamId, minutes, reason || undefined);
    const known = player ?? this.world.find(steamId);
    if (known?.connected) this.world.disconnect(known);
    const span = minutes === 0 ? "permanently" : `for ${minutes} minutes`;
    return `Banned ${known?.name ?? steamId} (${steamId}) ${span}${reason ? `: ${reason}` : ""}`;
  }

  /** `css_addmute <steamid64> [minutes/0 perm] [reason]` (and gag, silence), CS2-SimpleAdmin style. */
  private comms(cmd: string, type: CommsType, args: string[]): string {
    const [steamId = "", minutesText = "0", ...reasonWords] = args;
    if (!isSteamId64(steamId)) return `${cmd}: invalid steamid "${steamId}"`;
    if (!/^\d+$/.test(minutesText)) return `${cmd}: invalid duration "${minutesText}"`;
    const minutes = Number(minutesText);
    const reason = reasonWords.join(" ");
    this.world.comms.add(steamId, type, minutes, reason || undefined);
    const span = minutes === 0 ? "permanently" : `for ${minutes} minutes`;
    const name = this.world.find(steamId)?.name ?? steamId;
    return `${type} ${name} (${steamId}) ${span}${reason ? `: ${reason}` : ""}`;
  }

  private uncomms(cmd: string, type: CommsType, steamId: string | undefined): string {
    if (!steamId || !isSteamId64(steamId)) return `Usage:  ${cmd} <steamid64>`;
    return this.world.comms.remove(steamId, type)
      ? `un${type} ${steamId}`
      : `${cmd}: ${steamId} has no ${type}`;
  }

  private unban(steamId: string | undefined): string {
    if (!steamId) return "Usage:  css_unban <steamid64>";
    return this.world.bans.remove(steamId)
      ? `Unbanned ${steamId}`
      : `css_unban: ${steamId} is not banned`;
  }
}

/**
 * MatchZy's `matchzy_loadbackup` argument: its own backup's name (`<CS2's file name>.json`, which
 * holds CS2's file), CS2's file name, or a round number (rounds played).
 */
function backupFile(backups: RoundBackups, arg: string | undefined): string | undefined {
  if (arg?.endsWith(".json")) return `${arg.slice(0, -".json".length)}.txt`;
  if (arg === undefined || !/^\d{1,4}$/.test(arg)) return arg;
  const round = Number(arg);
  return backups
    .list()
    .filter((b) => b.round === round)
    .at(-1)?.file;
}
