/** Static game data of the simulator (CS2's game modes, configs and the workshop maps the panel offers; docs/game-server-api.md). */
import { type GameModeName } from "../../convex/lib/gameApi";

export const ACTIVE_DUTY_MAPS = [
  "de_ancient",
  "de_anubis",
  "de_dust2",
  "de_inferno",
  "de_mirage",
  "de_nuke",
  "de_overpass",
] as const;

export const OFFICIAL_MAPS: readonly string[] = [
  ...ACTIVE_DUTY_MAPS,
  "de_train",
  "de_vertigo",
  "de_jura",
  "de_grail",
  "de_basalt",
  "de_edin",
  "de_golden",
  "de_palacio",
  "de_stronghold",
  "de_warden",
  "de_cache",
  "de_cbble",
  "cs_office",
  "cs_italy",
  "cs_agency",
  "cs_alpine",
  "de_dogtown",
  "de_brewery",
  "de_palais",
  "de_whistle",
  "de_rooftop",
  "de_sanctum",
  "de_poseidon",
  "de_assembly",
  "de_memento",
  "ar_baggage",
  "ar_shoots",
  "ar_pool_day",
];

/** Workshop file id → map name (kus/cs2-modded-server gamemodes_server.txt). */
export const WORKSHOP_MAPS: Readonly<Record<string, string>> = {
  "3070549948": "aim_map",
  "3070308285": "aim_newagewip",
  "3070423167": "aim_movement",
  "3070348309": "aim_theorem",
  "3070238628": "fy_iceworld",
  "3082605693": "1v1aim_map_longdustversion_d",
  "3070321829": "surf_beginner",
  "3076153623": "surf_kitsune",
  "3073875025": "surf_utopia_njv",
  "3076980482": "surf_mesa_revo",
  "3082548297": "surf_rookie",
  "3077211069": "bhop_at_night",
  "3076417347": "bhop_asiimov",
  "3077153735": "bhop_ragnarok",
  "3070220367": "kz_hub",
  "3070194623": "kz_checkmate",
  "3086304337": "kz_victoria",
  "3070596702": "de_cache",
  "3070212801": "de_cbble",
  "3070960099": "de_aztec",
  "3070594412": "cs_assault",
  "3257582863": "de_palais",
};

export function isKnownMap(name: string): boolean {
  return OFFICIAL_MAPS.includes(name);
}

/** Players per side the simulator fills with bots (bot_quota follows the mode). */
export const TEAM_SIZE: Record<GameModeName, number> = {
  competitive: 5,
  wingman: 2,
  casual: 5,
  deathmatch: 5,
  arms_race: 5,
  custom: 5,
};

export const MAX_ROUNDS: Record<GameModeName, number> = {
  competitive: 24,
  wingman: 16,
  casual: 15,
  // One long round with respawns: these modes have no rounds in the CS sense.
  deathmatch: 1,
  arms_race: 1,
  custom: 24,
};

export type WeaponPool = "all" | "pistols" | "knife";

/**
 * The 13 server configs `exec` knows. Each is a list of console lines run through the same
 * engine, so their effects are the ordinary cvar/command effects; `weapons` narrows the guns the
 * simulated players use.
 */
export const SERVER_CONFIGS: Readonly<Record<string, { lines: string[]; weapons: WeaponPool }>> = {
  competitive: {
    lines: ["game_alias competitive", "mp_maxrounds 24", "mp_friendlyfire 1", "sv_cheats 0"],
    weapons: "all",
  },
  wingman: { lines: ["game_alias wingman", "mp_maxrounds 16"], weapons: "all" },
  "1vs1": { lines: ["game_alias custom", "mp_maxrounds 30", "bot_quota 2"], weapons: "all" },
  knife_only: { lines: ["mp_maxrounds 16", "mp_damage_headshot_only 0"], weapons: "knife" },
  pistols_only: { lines: ["mp_maxrounds 16", "mp_damage_headshot_only 0"], weapons: "pistols" },
  overtime: { lines: ["mp_overtime_enable 1", "mp_overtime_maxrounds 6"], weapons: "all" },
  rookie: {
    lines: ["mp_friendlyfire 0", "mp_autoteambalance 1", "bot_difficulty 0"],
    weapons: "all",
  },
  dm_standard: { lines: ["game_alias deathmatch", "mp_damage_headshot_only 0"], weapons: "all" },
  dm_pistols: { lines: ["game_alias deathmatch", "mp_damage_headshot_only 0"], weapons: "pistols" },
  dm_headshot: { lines: ["game_alias deathmatch", "mp_damage_headshot_only 1"], weapons: "all" },
  aim_training: {
    lines: ["game_alias deathmatch", "sv_infinite_ammo 1", "mp_damage_headshot_only 0"],
    weapons: "all",
  },
  practice: {
    lines: ["sv_cheats 1", "sv_infinite_ammo 1", "mp_warmup_pausetimer 1", "bot_kick"],
    weapons: "all",
  },
  retake: { lines: ["game_alias casual", "mp_maxrounds 30", "mp_friendlyfire 0"], weapons: "all" },
};

export const T_WEAPONS = ["ak47", "galilar", "mac10", "glock", "tec9", "sg556"] as const;
export const CT_WEAPONS = [
  "m4a1_silencer",
  "m4a1",
  "famas",
  "mp9",
  "usp_silencer",
  "fiveseven",
] as const;
export const SHARED_WEAPONS = ["awp", "deagle", "ssg08", "p250"] as const;
export const PISTOLS = [
  "deagle",
  "usp_silencer",
  "glock",
  "p250",
  "fiveseven",
  "tec9",
  "cz75a",
] as const;

/** CS2's own bot names. */
export const BOT_NAMES = [
  "Albert",
  "Brian",
  "Crusher",
  "Derek",
  "Elliot",
  "Finn",
  "Gary",
  "Hank",
  "Ivan",
  "Jon",
  "Kevin",
  "Lester",
  "Mangos",
  "Norm",
  "Opie",
  "Pete",
  "Quinn",
  "Rock",
  "Shark",
  "Ted",
] as const;

export const HUMAN_NAMES = [
  "Neo",
  "Taras",
  "Olena",
  "s1mple_fan",
  "Bohdan",
  "Kozak",
  "Iryna",
  "zeus_enjoyer",
  "Mykola",
  "Sofiia",
  "Dmytro",
  "Headshot Hero",
  "Andriy",
  "Kateryna",
  "Yurii",
  "xXsniperXx",
  "Oksana",
  "Petro",
  "Lesya",
  "Vitalii",
  "Roman",
  "Marta",
  "Numeric 123",
  "Ostap",
] as const;
