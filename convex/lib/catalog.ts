/**
 * Allow-lists shared by the backend (validation) and the UI (dropdowns): maps, workshop maps,
 * configs, game modes and the tournament's launch options. Action labels live in
 * `actionRegistry.ts`; the panel words the official groups (`mapGroup.<id>`) and the modes
 * (`mode.<name>`) in the visitor's language, the workshop groups are named as the community
 * knows them.
 */
import type { GameModeName } from "./validators";

export const MAP_GROUPS = [
  {
    id: "competitive",
    maps: [
      "de_ancient",
      "de_overpass",
      "de_dust2",
      "de_inferno",
      "de_mirage",
      "de_nuke",
      "de_train",
    ],
  },
  {
    id: "reserve",
    maps: [
      "de_anubis",
      "de_vertigo",
      "de_jura",
      "de_grail",
      "de_basalt",
      "de_edin",
      "cs_office",
      "cs_italy",
      "cs_agency",
    ],
  },
  { id: "arms_race", maps: ["ar_baggage", "ar_shoots", "ar_pool_day"] },
  {
    id: "wingman",
    maps: [
      "de_dogtown",
      "de_brewery",
      "de_palais",
      "de_whistle",
      "de_rooftop",
      "de_sanctum",
      "de_poseidon",
    ],
  },
] as const;

export const OFFICIAL_MAPS: ReadonlySet<string> = new Set(MAP_GROUPS.flatMap((g) => g.maps));

export const WORKSHOP_GROUPS = [
  {
    id: "aim",
    label: "Aim",
    maps: [
      { id: "3070549948", name: "aim_map" },
      { id: "3070308285", name: "aim_newagewip" },
      { id: "3070423167", name: "aim_movement" },
      { id: "3070348309", name: "aim_theorem" },
      { id: "3070238628", name: "fy_iceworld" },
    ],
  },
  {
    id: "surf",
    label: "Surf",
    maps: [
      { id: "3070321829", name: "surf_beginner" },
      { id: "3076153623", name: "surf_kitsune" },
      { id: "3073875025", name: "surf_utopia_njv" },
      { id: "3076980482", name: "surf_mesa_revo" },
      { id: "3082548297", name: "surf_rookie" },
    ],
  },
  {
    id: "bhop",
    label: "Bhop",
    maps: [
      { id: "3077211069", name: "bhop_at_night" },
      { id: "3076417347", name: "bhop_asiimov" },
      { id: "3077153735", name: "bhop_ragnarok" },
    ],
  },
  {
    id: "kz",
    label: "KZ",
    maps: [
      { id: "3070220367", name: "kz_hub" },
      { id: "3070194623", name: "kz_checkmate" },
      { id: "3086304337", name: "kz_victoria" },
    ],
  },
] as const;

/** The 13 server configs (`exec <name>`); the simulator knows the same set. */
export const CONFIGS = [
  "1vs1",
  "knife_only",
  "pistols_only",
  "overtime",
  "rookie",
  "dm_standard",
  "dm_pistols",
  "dm_headshot",
  "aim_training",
  "practice",
  "retake",
  "wingman",
  "competitive",
] as const;

/** The game modes an admin may switch to, in the dropdown's order (the panel words each). */
export const GAME_MODES = [
  "competitive",
  "wingman",
  "casual",
  "deathmatch",
  "arms_race",
  "custom",
] as const satisfies readonly GameModeName[];

/** Launch options for a tournament match. */
export const LAUNCH_MODES = ["competitive", "wingman", "casual", "deathmatch"] as const;
export type LaunchMode = (typeof LAUNCH_MODES)[number];
export const DEFAULT_LAUNCH_MODE: LaunchMode = "wingman";

/** Longest tournament nickname, in characters (code points). */
export const NICKNAME_MAX = 32;
