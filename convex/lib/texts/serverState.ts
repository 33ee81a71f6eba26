/**
 * What the server-state Discord channel says about a server's CS2 log falling silent, by key, in
 * Ukrainian (what the channel speaks today) and English.
 */
export const LOG_SILENCE_TEXTS = {
  uk: {
    "discord.logSilent.title": "Журнал CS2 мовчить",
    "discord.logSilent.description":
      "{server}: журнал не надходить {minutes} хв, хоча на сервері {players} гравців. Раунди, вбивства й чат із журналу не оновлюються.",
    "discord.logBack.title": "Журнал CS2 знову надходить",
    "discord.logBack.description": "{server}: журнал мовчав {minutes} хв.",
  },
  en: {
    "discord.logSilent.title": "CS2 log silent",
    "discord.logSilent.description":
      "{server}: no log for {minutes} min although {players} players are on. Rounds, kills and chat from the log are not updating.",
    "discord.logBack.title": "CS2 log arriving again",
    "discord.logBack.description": "{server}: the log was silent for {minutes} min.",
  },
} as const;

export type LogSilenceKey = keyof (typeof LOG_SILENCE_TEXTS)["uk"];
