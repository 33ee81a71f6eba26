import { ACTION_TEXTS } from "./texts/actions";
import { CORE_TEXTS } from "./texts/core";
import { CONDUCT_TEXTS } from "./texts/conduct";
import { CONSOLE_TEXTS } from "./texts/console";
import { CUP_TEXTS } from "./texts/cup";
import { DEMO_TEXTS } from "./texts/demos";
import { DISCORD_REFUSAL_TEXTS } from "./texts/discord";
import { GAME_SERVER_TEXTS } from "./texts/gameServer";
import { HISTORY_TEXTS } from "./texts/history";
import { MODERATION_TEXTS } from "./texts/moderation";
import { REQUEST_TEXTS } from "./texts/request";
import { SERVER_TEXTS } from "./texts/servers";
import { STEAM_TEXTS } from "./texts/steam";
import { STEAM_ID_TEXTS } from "./texts/steamId";
import { TOURNAMENT_TEXTS } from "./texts/tournament";
import { USER_TEXTS } from "./texts/users";
import { wordedIn, type TextParams, type Worded } from "./wording";

export { CORE_TEXTS };

/**
 * Refusals of one domain each (`texts/<domain>.ts`, keys `refusal.<domain>.*`): the panel's
 * `refusals` dictionary, whose Ukrainian file is this table itself and which loads only when a
 * refusal is shown.
 */
export const REFUSAL_TEXTS = {
  ...ACTION_TEXTS,
  ...CONDUCT_TEXTS,
  ...CONSOLE_TEXTS,
  ...CUP_TEXTS,
  ...DEMO_TEXTS,
  ...DISCORD_REFUSAL_TEXTS,
  ...GAME_SERVER_TEXTS,
  ...HISTORY_TEXTS,
  ...MODERATION_TEXTS,
  ...REQUEST_TEXTS,
  ...SERVER_TEXTS,
  ...STEAM_TEXTS,
  ...STEAM_ID_TEXTS,
  ...TOURNAMENT_TEXTS,
  ...USER_TEXTS,
} as const;

export const BACKEND_TEXTS = { ...CORE_TEXTS, ...REFUSAL_TEXTS } as const;

export type BackendTextKey = keyof typeof BACKEND_TEXTS;
export type { TextParams, Worded } from "./wording";

/** Any backend text by key (the backend's own modules; a shared one uses its domain's table). */
export function worded(key: BackendTextKey, params?: TextParams): Worded {
  return wordedIn(BACKEND_TEXTS, key, params);
}
