import { defineTexts } from "../wording";

/**
 * Why a pasted SteamID cannot be read, in Ukrainian: its own small table, as the panel's forms
 * check SteamIDs with the same code in the first screen's bundle.
 */
export const STEAM_ID_TEXTS = defineTexts({
  "refusal.steamId.empty": "Вкажіть SteamID гравця.",
  "refusal.steamId.invalid":
    "Невідомий формат SteamID. Підтримуються: SteamID64 (7656119…), STEAM_0:X:Y, [U:1:N] і посилання steamcommunity.com/profiles/… або /id/….",
  "refusal.steamId.outOfRange": "Такого облікового запису Steam не існує.",
  "refusal.steamId.vanityName": "Некоректне коротке ім'я профілю Steam.",
} as const);
