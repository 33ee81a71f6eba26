import { defineTexts } from "../wording";

/** Why linking a Steam account or reading a SteamID refuses, in Ukrainian. */
export const STEAM_TEXTS = defineTexts({
  "refusal.steam.notConfigured":
    "Прив'язка Steam недоступна: на сервері панелі не задано PANEL_URL (адресу панелі, куди Steam повертає гравця).",
  "refusal.steam.expired":
    "Посилання для прив'язки Steam застаріло або вже використане. Почніть прив'язку ще раз.",
  "refusal.steam.invalid": "Steam не підтвердив вхід. Спробуйте ще раз.",
  "refusal.steam.returnTo":
    "Відповідь Steam призначена для іншої прив'язки. Почніть прив'язку ще раз.",
  "refusal.steam.unavailable": "Steam зараз недоступний. Спробуйте за кілька хвилин.",
  "refusal.steam.otherUser":
    "Цю прив'язку Steam розпочато з іншого облікового запису панелі. Увійдіть у свій і почніть ще раз.",
  "refusal.steam.takenElsewhere": "Цей акаунт Steam уже прив'язаний до іншого користувача панелі.",
  "refusal.steam.alreadyLinked":
    "До вашого облікового запису вже прив'язано Steam. Спершу відв'яжіть його.",
  "refusal.steam.notLinked": "До вашого облікового запису не прив'язано Steam.",
  "refusal.steam.noUser": "Обліковий запис ще створюється. Спробуйте за мить.",
  "refusal.steam.vanityNoKey":
    "Посилання з коротким ім'ям (steamcommunity.com/id/…) не підтримується: на сервері панелі не задано STEAM_WEB_API_KEY. Вставте SteamID64 або посилання /profiles/….",
  "refusal.steam.vanityNotFound": "Профіль Steam з таким коротким ім'ям не знайдено.",
  "refusal.steam.vanityUnavailable":
    "Steam Web API недоступний. Спробуйте пізніше або вставте SteamID64.",
} as const);
