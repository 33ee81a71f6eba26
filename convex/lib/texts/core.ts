import { defineTexts } from "../wording";

/**
 * Backend texts the panel words itself: an expected failure carries its key (and parameters)
 * beside the Ukrainian `message`, and the panel shows the key's text from its own dictionaries in
 * the visitor's language (`backend.*` in `src/i18n/<language>/common.ts`, whose Ukrainian file
 * spreads this table itself; `refusal.*` from REFUSAL_TEXTS). The HTTP API, logs and
 * older clients read `message`.
 */
export const CORE_TEXTS = defineTexts({
  "backend.accessDenied": "Доступ обмежено. Ця дія вимагає авторизації адміністратора.",
  "backend.signInRequired": "Увійдіть, щоб виконати цю дію.",
  "backend.noServer": "Сервер не вибрано.",
  "backend.moderatorOnly": "Доступ обмежено. Ця дія вимагає прав модератора або адміністратора.",
  "backend.rateLimited": "Забагато спроб. Зачекайте кілька секунд.",
  "backend.recoveryNotFound": "Перерваний матч на цьому сервері не знайдено.",
  "backend.recoveryClosed": "Цей матч уже відновлено або закрито.",
  "backend.backupPick": "Оберіть резервну копію зі списку сервера.",
  "backend.backupNewer": "Ця копія новіша за перерваний матч: оберіть раунд не пізніше за нього.",
  "backend.serverNotBack": "Сервер ще не відповідає: відновлення можливе, коли він повернеться.",
  "backend.mapNotLoaded": "Сервер не завантажив мапу {map} за {seconds} с: спробуйте ще раз.",
  "backend.serverGone": "Сервер не знайдено: можливо, його вже видалено.",
  "backend.serverDeleteEnabled": "Спершу вимкніть сервер: видалити можна лише вимкнений.",
} as const);
