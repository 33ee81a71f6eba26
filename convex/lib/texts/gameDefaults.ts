import type { Language } from "../languages";

const UK = {
  "reason.cheats": "Чити",
  "reason.toxic": "Токсична поведінка",
  "reason.voiceAbuse": "Образи в голосовому чаті",
  "reason.griefing": "Гриферство",
  "reason.afk": "АФК",
  "reason.other": "Інше",
  reportReply: "Скаргу прийнято, адміністрацію повідомлено.",
  escalationReason: "Попередження: {count} за {days} дн.",
  gameServerActor: "ігровий сервер",
} as const;

export type GameDefaultKey = keyof typeof UK;

/**
 * Texts the panel writes for a game server's players: the moderation settings' default reasons
 * (an admin's saved list replaces them and stays as written), the reason of a sanction warnings
 * escalated to, the in-game answer to a `!report`, and the name a ban imported from the game
 * server is recorded under. A game server has no language of its own:
 * the community's language is the default (`DEFAULT_LANGUAGE`), and the report's answer is said in
 * both.
 */
export const GAME_DEFAULT_TEXTS: Record<Language, Record<GameDefaultKey, string>> = {
  uk: UK,
  en: {
    "reason.cheats": "Cheating",
    "reason.toxic": "Toxic behaviour",
    "reason.voiceAbuse": "Abuse in voice chat",
    "reason.griefing": "Griefing",
    "reason.afk": "AFK",
    "reason.other": "Other",
    reportReply: "Report received, admins notified.",
    escalationReason: "Warnings: {count} in {days} d.",
    gameServerActor: "game server",
  },
};
