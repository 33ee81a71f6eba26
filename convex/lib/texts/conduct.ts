import { defineTexts } from "../wording";

/** Why reports and appeals refuse (and what a filed report answers), in Ukrainian. */
export const CONDUCT_TEXTS = defineTexts({
  "refusal.conduct.reportNeedsSteam": "Щоб поскаржитися, прив'яжіть Steam у «Мій профіль».",
  "refusal.conduct.badPlayer": "Некоректний SteamID гравця.",
  "refusal.conduct.reportSelf": "Не можна поскаржитися на себе.",
  "refusal.conduct.reportReason": "Опишіть, що сталося (до 200 символів).",
  "refusal.conduct.reportFiled": "Скаргу надіслано. Її розгляне модератор.",
  "refusal.conduct.reportFolded": "На цього гравця вже є скарга: вашу додано до неї.",
  "refusal.conduct.appealNeedsSteam":
    "Щоб побачити свої покарання й подати апеляцію, прив'яжіть Steam у «Мій профіль».",
  "refusal.conduct.notYours": "Це покарання не ваше.",
  "refusal.conduct.notAppealable": "Оскаржити можна лише бан, мут, гег чи мовчання.",
  "refusal.conduct.appealAlready": "Апеляцію на це покарання вже подано: її можна подати лише раз.",
  "refusal.conduct.appealText": "Опишіть, чому покарання слід скасувати (до 1000 символів).",
  "refusal.conduct.appealNotFound": "Апеляцію не знайдено.",
  "refusal.conduct.appealDecided": "Апеляцію вже вирішено.",
  "refusal.conduct.appealAdminOnly": "Апеляцію на покарання адміністратора вирішує адміністратор.",
  "refusal.conduct.decisionReason": "Напишіть причину рішення (до 200 символів).",
  "refusal.conduct.reportNotFound": "Скаргу не знайдено.",
  "refusal.conduct.reportNotOpen": "Скаргу вже взято в роботу або вирішено.",
  "refusal.conduct.reportDecided": "Скаргу вже вирішено.",
  "refusal.conduct.reportClaimedByOther":
    "Скаргу взяв у роботу інший модератор: вирішити її може він або адміністратор.",
  "refusal.conduct.reportDecision": "Напишіть рішення (до 200 символів).",
  "refusal.conduct.sanctionOther": "Це покарання іншого гравця.",
  "refusal.conduct.warningNotFound": "Попередження не знайдено.",
  "refusal.conduct.warningNotProposed":
    "Покарання за це попередження вже застосовано або відхилено.",
  "refusal.conduct.warningNeedsSimpleAdmin":
    "Мут, гег чи мовчання можливі лише на сервері з CS2-SimpleAdmin.",
  "refusal.conduct.appealServer": "Виберіть сервер, на якому діє це покарання.",
  "refusal.conduct.escalationBanHeld": "Гравець уже має бан, який модератор не може замінити.",
  "refusal.conduct.chatRetention": "Зберігання чату: ціле число днів від 1 до 365.",
  "refusal.conduct.warnThreshold": "Кількість попереджень: ціле число від 1 до 20.",
  "refusal.conduct.warnPeriods": "Періоди попереджень: ціле число днів від 1 до 365.",
  "refusal.conduct.escalationMinutes": "Тривалість покарання: ціле число хвилин (0 — назавжди).",
} as const);
