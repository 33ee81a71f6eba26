import { defineTexts } from "../wording";

/**
 * Refusals of a value before any console line is sent to a game server (gameServer/consoleInput.ts):
 * the free command, chat, cvar, SteamID, ban duration, backup file and the feed URLs the panel
 * gives a game server (one key per feed and fault, so each language names the feed itself).
 */
export const CONSOLE_TEXTS = defineTexts({
  "refusal.console.commandEmpty": "Введіть команду.",
  "refusal.console.commandTooLong": "Команда задовга: максимум {max} символів.",
  "refusal.console.commandSplit": 'Команда не може містити ";", перенесення рядка або NUL.',
  "refusal.console.commandName": "Назва команди: латинські літери, цифри та _ без лапок і дужок.",
  "refusal.console.commandBlocked": 'Команда "{name}" заборонена з міркувань безпеки.',
  "refusal.console.writeOnly":
    "Ці налаштування панель задає сама; з консолі їх не можна ні змінити, ні прочитати.",
  "refusal.console.execUnknown": "Дозволено виконувати лише відомі конфіги.",
  "refusal.console.chatEmpty": "Введіть повідомлення.",
  "refusal.console.chatTooLong": "Повідомлення задовге: максимум {max} символів.",
  "refusal.console.chatChars": 'Повідомлення не може містити ";", лапки або перенесення рядка.',
  "refusal.console.cvarName": "Недопустима назва cvar.",
  "refusal.console.cvarChars": 'Значення cvar не може містити лапки, ";" чи "\\".',
  "refusal.console.cvarValue": "Недопустиме значення cvar.",
  "refusal.console.steamId": "Некоректний SteamID64.",
  "refusal.console.banDuration": "Тривалість бану: ціле число хвилин від 0 (назавжди).",
  "refusal.console.urlUnsetMatchConfig":
    "Невідома адреса для конфігу матчу MatchZy: не задано CONVEX_SITE_URL.",
  "refusal.console.urlInvalidMatchConfig": "Недопустима адреса для конфігу матчу MatchZy.",
  "refusal.console.urlSchemeMatchConfig": "Адреса для конфігу матчу MatchZy: лише http або https.",
  "refusal.console.urlUnsetMatchzyEvents":
    "Невідома адреса для подій MatchZy: не задано CONVEX_SITE_URL.",
  "refusal.console.urlInvalidMatchzyEvents": "Недопустима адреса для подій MatchZy.",
  "refusal.console.urlSchemeMatchzyEvents": "Адреса для подій MatchZy: лише http або https.",
  "refusal.console.urlUnsetServerLog":
    "Невідома адреса для журналу сервера: не задано CONVEX_SITE_URL.",
  "refusal.console.urlInvalidServerLog": "Недопустима адреса для журналу сервера.",
  "refusal.console.urlSchemeServerLog": "Адреса для журналу сервера: лише http або https.",
  "refusal.console.urlUnsetDemoUpload":
    "Невідома адреса для завантаження демо MatchZy: не задано CONVEX_SITE_URL.",
  "refusal.console.urlInvalidDemoUpload": "Недопустима адреса для завантаження демо MatchZy.",
  "refusal.console.urlSchemeDemoUpload":
    "Адреса для завантаження демо MatchZy: лише http або https.",
} as const);
