/**
 * Console variables of the simulated server. Values are stored normalised, and reading one
 * answers the CS2 way: unquoted, booleans as `true`/`false` (`sv_cheats = false`).
 */
import { ownValue } from "../../convex/lib/ownKey";

type CvarKind = "bool" | "int" | "float" | "string";

interface CvarDef {
  kind: CvarKind;
  value: string;
  desc: string;
  /** Secrets: never echoed back. */
  secret?: boolean;
}

/** Looked up only through `def()`: a name typed at the console must not find Object.prototype. */
const DEFS: Readonly<Record<string, CvarDef>> = {
  hostname: { kind: "string", value: "CS2 Server", desc: "Hostname for server." },
  sv_password: {
    kind: "string",
    value: "",
    desc: "Server password for entry into multiplayer games",
    secret: true,
  },
  rcon_password: { kind: "string", value: "", desc: "remote console password.", secret: true },
  sv_cheats: { kind: "bool", value: "false", desc: "Allow cheats on server" },
  sv_lan: {
    kind: "bool",
    value: "false",
    desc: "Server is a lan server ( no heartbeat, no authentication, no non-class C addresses )",
  },
  game_type: {
    kind: "int",
    value: "0",
    desc: "The current game type (with game_mode selects the rules)",
  },
  game_mode: { kind: "int", value: "1", desc: "The current game mode (based on game type)" },
  mp_maxrounds: {
    kind: "int",
    value: "24",
    desc: "Max number of rounds to play before server changes maps",
  },
  mp_autoteambalance: { kind: "bool", value: "true", desc: "Automatically balance the teams" },
  mp_limitteams: {
    kind: "int",
    value: "2",
    desc: "Max # of players 1 team can have over another (0 disables check)",
  },
  mp_friendlyfire: {
    kind: "bool",
    value: "false",
    desc: "Allows team members to injure other members of their team",
  },
  mp_warmuptime: { kind: "int", value: "10", desc: "How long the warmup period lasts" },
  mp_warmup_pausetimer: {
    kind: "bool",
    value: "false",
    desc: "Set to 1 to stay in warmup indefinitely",
  },
  mp_freezetime: {
    kind: "int",
    value: "2",
    desc: "How many seconds to keep players frozen when the round starts",
  },
  // CS2's competitive values are 1.92 min and 7 s; the simulator plays quick rounds by default.
  mp_roundtime: { kind: "float", value: "0.2", desc: "How many minutes each round takes" },
  mp_round_restart_delay: {
    kind: "int",
    value: "3",
    desc: "Number of seconds to delay before restarting a round after a win",
  },
  mp_overtime_enable: {
    kind: "bool",
    value: "false",
    desc: "If a match ends in a tie, use overtime rules",
  },
  mp_overtime_maxrounds: {
    kind: "int",
    value: "6",
    desc: "When overtime is enabled play additional rounds",
  },
  mp_damage_headshot_only: {
    kind: "bool",
    value: "false",
    desc: "Determines whether non-headshot hits do any damage",
  },
  mp_teamname_1: {
    kind: "string",
    value: "",
    desc: "A non-empty string overrides the first team's name",
  },
  mp_teamname_2: {
    kind: "string",
    value: "",
    desc: "A non-empty string overrides the second team's name",
  },
  mp_startmoney: {
    kind: "int",
    value: "800",
    desc: "Amount of money each player gets when they reset",
  },
  mp_buytime: {
    kind: "int",
    value: "20",
    desc: "How many seconds after round start players can buy items for",
  },
  mp_c4timer: {
    kind: "int",
    value: "40",
    desc: "How long from when the C4 is armed until it blows",
  },
  sv_autobunnyhopping: {
    kind: "bool",
    value: "false",
    desc: "Players automatically re-jump while holding jump button",
  },
  sv_enablebunnyhopping: {
    kind: "bool",
    value: "false",
    desc: "Allow player speed to exceed maximum running speed",
  },
  sv_airaccelerate: { kind: "float", value: "12", desc: "Air acceleration modifier" },
  sv_staminajumpcost: { kind: "float", value: "0.08", desc: "Stamina penalty for jumping" },
  sv_staminalandcost: { kind: "float", value: "0.05", desc: "Stamina penalty for landing" },
  sv_gravity: { kind: "float", value: "800", desc: "World gravity." },
  sv_infinite_ammo: {
    kind: "int",
    value: "0",
    desc: "Player's active weapon will never run out of ammo",
  },
  sv_visiblemaxplayers: {
    kind: "int",
    value: "-1",
    desc: "Overrides the max players reported to prospective clients",
  },
  sv_hibernate_when_empty: {
    kind: "bool",
    value: "true",
    desc: "Puts the server into extremely low CPU usage mode when no clients connected",
  },
  bot_quota: { kind: "int", value: "10", desc: "Determines the total number of bots in the game" },
  bot_quota_mode: {
    kind: "string",
    value: "fill",
    desc: "Determines the type of quota. Allowed values: 'normal', 'fill', and 'match'",
  },
  bot_difficulty: { kind: "int", value: "1", desc: "Defines the skill of bots joining the game" },
  tv_enable: { kind: "bool", value: "false", desc: "Activates CSTV on server" },
  tv_port: { kind: "int", value: "27020", desc: "Host CSTV port" },
  tv_delay: { kind: "int", value: "30", desc: "CSTV broadcast delay in seconds" },
  sv_allow_votes: { kind: "bool", value: "true", desc: "Allow voting?" },
  sv_alltalk: {
    kind: "bool",
    value: "false",
    desc: "Players can hear all other players' voice communication",
  },
  sv_deadtalk: { kind: "bool", value: "false", desc: "Dead players can speak to alive players" },
  sv_full_alltalk: {
    kind: "bool",
    value: "false",
    desc: "Any player (including spectator) can speak to any other player",
  },
  sv_region: { kind: "int", value: "3", desc: "The region of the world to report this server in" },
  sv_tags: {
    kind: "string",
    value: "",
    desc: "Server tags. Used to provide extra information to clients when they're browsing for servers",
  },
  mp_halftime: {
    kind: "bool",
    value: "true",
    desc: "Determines whether the match switches sides in a halftime event",
  },
  mp_backup_round_auto: {
    kind: "bool",
    value: "true",
    desc: "If true, create round backup files at the start of each round",
  },
  mp_backup_round_file: {
    kind: "string",
    value: "backup",
    desc: "If set, stores the round backup files with this prefix",
  },
  mp_match_can_clinch: {
    kind: "bool",
    value: "true",
    desc: "Can a team clinch and end the match by being so far ahead",
  },
  mp_solid_teammates: {
    kind: "int",
    value: "1",
    desc: "Determines whether teammates are solid or not",
  },
  mp_respawn_on_death_t: {
    kind: "bool",
    value: "false",
    desc: "When set to 1, terrorists will respawn after dying",
  },
  mp_respawn_on_death_ct: {
    kind: "bool",
    value: "false",
    desc: "When set to 1, counter-terrorists will respawn after dying",
  },
  // MatchZy's remote log (console commands on a real server, set through matchzy.ts's rules).
  matchzy_remote_log_url: {
    kind: "string",
    value: "",
    desc: "If defined, all events are sent to this URL over HTTP. If no protocol is provided",
  },
  matchzy_remote_log_header_key: {
    kind: "string",
    value: "",
    desc: "If defined, a custom HTTP header with this name is added to the HTTP requests for events",
  },
  matchzy_remote_log_header_value: {
    kind: "string",
    value: "",
    desc: "If defined, the value of the custom header added to the events sent over HTTP",
    secret: true,
  },
  // MatchZy's demo upload (console commands on a real server, set through demo-recorder.ts's rules).
  matchzy_demo_upload_url: {
    kind: "string",
    value: "",
    desc: "If defined, recorded demos will be uploaded to this URL once the map ends.",
  },
  matchzy_demo_upload_header_key: {
    kind: "string",
    value: "",
    desc: "If defined, a custom HTTP header with this name is added to the HTTP requests for demos",
  },
  matchzy_demo_upload_header_value: {
    kind: "string",
    value: "",
    desc: "If defined, the value of the custom header added to the demos sent over HTTP",
    secret: true,
  },
};

export class Cvars {
  private readonly values = new Map<string, string>();
  private readonly watchers = new Set<(name: string, value: string) => void>();

  constructor(overrides: Record<string, string | number | boolean> = {}) {
    for (const [name, entry] of Object.entries(DEFS)) this.values.set(name, entry.value);
    for (const [name, value] of Object.entries(overrides)) this.set(name, String(value));
  }

  static isCvar(name: string): boolean {
    return def(name) !== undefined;
  }

  /** A cvar whose value is never shown (passwords, keys). */
  static isSecret(name: string): boolean {
    return def(name)?.secret === true;
  }

  /** Calls `watcher` after each change of a value (CS2 logs game cvar changes). */
  watch(watcher: (name: string, value: string) => void): void {
    this.watchers.add(watcher);
  }

  static names(): string[] {
    return Object.keys(DEFS).sort();
  }

  get(name: string): string {
    return this.values.get(name.toLowerCase()) ?? "";
  }

  bool(name: string): boolean {
    return this.get(name) === "true";
  }

  int(name: string): number {
    return Number.parseInt(this.get(name), 10) || 0;
  }

  /** Stores `raw` normalised for the cvar's kind; returns the stored value. */
  set(name: string, raw: string): string {
    const key = name.toLowerCase();
    const found = def(key);
    if (!found) throw new Error(`Unknown cvar ${name}`);
    const value = normalise(found.kind, raw);
    const before = this.values.get(key);
    this.values.set(key, value);
    if (before !== value) for (const watcher of this.watchers) watcher(key, value);
    return value;
  }

  /** `name = value`, as CS2 prints a read. */
  describe(name: string): string {
    const key = name.toLowerCase();
    const value = this.get(key);
    return `${key} = ${def(key)?.secret && value !== "" ? "********" : value}`;
  }

  /** `cvarlist` output: CS2 returns this in a single packet well over 4096 bytes. */
  list(): string {
    const lines = Cvars.names().map((name) => {
      const { secret, desc } = def(name) as CvarDef;
      const shown = secret ? "" : this.get(name);
      return `${name.padEnd(28)} : ${shown.padEnd(12)} : ${"sv, rep".padEnd(10)} : ${desc}`;
    });
    return [
      "cvar list",
      "--------------",
      ...lines,
      "--------------",
      `${lines.length} convars`,
    ].join("\n");
  }
}

/** The definition of a cvar by (any-case) name; own keys of DEFS only. */
function def(name: string): CvarDef | undefined {
  return ownValue(DEFS, name.toLowerCase());
}

function normalise(kind: CvarKind, raw: string): string {
  const text = raw.trim();
  switch (kind) {
    case "bool": {
      const lower = text.toLowerCase();
      if (lower === "true") return "true";
      if (lower === "false" || lower === "") return "false";
      return Number.parseFloat(lower) ? "true" : "false";
    }
    case "int":
      return String(Math.trunc(Number.parseFloat(text)) || 0);
    case "float":
      return String(Number.parseFloat(text) || 0);
    case "string":
      return text;
  }
}
