import { DEFAULT_LANGUAGE } from "./languages";
import { GAME_DEFAULT_TEXTS, type GameDefaultKey } from "./texts/gameDefaults";

const reasons = (keys: GameDefaultKey[]) =>
  keys.map((k) => GAME_DEFAULT_TEXTS[DEFAULT_LANGUAGE][k]);

/**
 * Moderation settings until an admin edits them. Pure data, shared with the client's forms: the
 * reasons are sent to the game server as written, in the community's language.
 */
export const DEFAULT_MODERATION_SETTINGS = {
  banReasons: reasons([
    "reason.cheats",
    "reason.toxic",
    "reason.voiceAbuse",
    "reason.griefing",
    "reason.other",
  ]),
  kickReasons: reasons([
    "reason.toxic",
    "reason.voiceAbuse",
    "reason.griefing",
    "reason.afk",
    "reason.other",
  ]),
  /** Minutes; 0 = permanent (admins only), last so it is never the default. */
  banDurations: [30, 60, 1440, 10080, 43200, 0],
  moderatorMaxMinutes: 10080,
  publicBanList: false,
  publicShowsModerator: false,
};
/** The plugin's bound for a ban or block (10 years), as the backend checks it. */
export const MAX_SANCTION_MINUTES = 5_256_000;
