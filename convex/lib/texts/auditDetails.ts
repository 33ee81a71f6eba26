import { DEFAULT_LANGUAGE, type Language } from "../languages";
import { fillText, type TextParams } from "../wording";

const UK = {
  demoRetention: "{days} дн., {gib} ГБ",
  matchAlreadyVoided: "{match} — вже анульовано",
  cupResultsDropped: "{change}; скасовано: {matches}",
  cupLauncher: "Кубок «{cup}»",
  serverSettings: "налаштування",
  serverDisabled: "вимкнено",
  serverEnabled: "увімкнено",
  serverOrder: "порядок {order}",
  serverSecretsCleared: "адресу змінено: збережені секрети скинуто",
  serverPushCleared: "ключ змінено: події MatchZy вимкнено",
  serverApiKeyChanged: "API-ключ змінено",
  serverRconPasswordChanged: "RCON-пароль змінено",
  // A text without parameters is shown in the reader's language by the audit screen, which finds
  // it by its stored words (src/features/audit/utils/audit-labels.ts): the same words, the same
  // translation.
  switchOn: "увімкнено",
  switchOff: "вимкнено",
  guestCall: "Гостьовий адміністратор",
  notAdmin: "Спроба виконати дію без прав адміністратора",
} as const;

export type AuditDetailKey = keyof typeof UK;

/**
 * What an operation writes into the audit log beside its outcome (details, the name of the panel
 * acting for a cup), in each language the backend writes. The log is stored once for every
 * reader and searched by its text, so it is written in the panel's language (`auditDetail`).
 */
export const AUDIT_DETAIL_TEXTS: Record<Language, Record<AuditDetailKey, string>> = {
  uk: UK,
  en: {
    demoRetention: "{days} d, {gib} GB",
    matchAlreadyVoided: "{match} — already voided",
    cupResultsDropped: "{change}; dropped: {matches}",
    cupLauncher: "Cup «{cup}»",
    serverSettings: "settings",
    serverDisabled: "disabled",
    serverEnabled: "enabled",
    serverOrder: "order {order}",
    serverSecretsCleared: "address changed: stored secrets cleared",
    serverPushCleared: "key changed: MatchZy events turned off",
    serverApiKeyChanged: "API key changed",
    serverRconPasswordChanged: "RCON password changed",
    switchOn: "enabled",
    switchOff: "disabled",
    guestCall: "Guest admin",
    notAdmin: "Attempt to run an action without admin rights",
  },
};

/** An audit text in the panel's language, parameters filled. */
export function auditDetail(key: AuditDetailKey, params: TextParams): string {
  return fillText(AUDIT_DETAIL_TEXTS[DEFAULT_LANGUAGE][key], params);
}
