import { CUP_TEXTS } from "./texts/cup";

/**
 * Refusals of one domain each (`texts/<domain>.ts`, keys `refusal.<domain>.*`): the panel's
 * `refusals` dictionary, whose Ukrainian file is this table itself and which loads only when a
 * refusal is shown.
 */
export const REFUSAL_TEXTS = { ...CUP_TEXTS } as const;

/**
 * Backend texts the panel words itself: an expected failure carries its key (and parameters)
 * beside the Ukrainian `message`, and the panel shows the key's text from its own dictionaries in
 * the visitor's language (`backend.*` in `src/i18n/<language>/common.ts`, whose Ukrainian file
 * spreads CORE_TEXTS itself; `refusal.*` from REFUSAL_TEXTS). The HTTP API, logs and
 * older clients read `message`.
 */
export const CORE_TEXTS = {
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
} as const;

export const BACKEND_TEXTS = { ...CORE_TEXTS, ...REFUSAL_TEXTS } as const;

export type BackendTextKey = keyof typeof BACKEND_TEXTS;
export type TextParams = Record<string, string | number>;

/** A backend text with its key: what `fail` sends so the panel can word it. */
export interface Worded {
  readonly key: BackendTextKey;
  readonly params?: TextParams;
  /** The Ukrainian text, parameters filled. */
  readonly message: string;
}

export function worded(key: BackendTextKey, params?: TextParams): Worded {
  const text: string = BACKEND_TEXTS[key];
  const message = params
    ? text.replace(/\{(\w+)\}/g, (whole, name: string) =>
        Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
      )
    : text;
  return params ? { key, params, message } : { key, message };
}

const keyOfText = new Map<string, BackendTextKey>(
  Object.entries(BACKEND_TEXTS).map(([key, text]) => [text, key as BackendTextKey]),
);

/** The key of a text without parameters, when it is one of ours (so plain-string call sites are worded too). */
export function keyOfMessage(message: string): BackendTextKey | undefined {
  return keyOfText.get(message);
}
