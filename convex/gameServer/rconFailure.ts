/**
 * How a failed direct-RCON call reads for an admin. Pure (no Node), so the default runtime shows
 * the same texts the Node action produced.
 */
import { ownValue } from "../lib/ownKey";
import type { RconErrorCode } from "./rconClient";

export const RCON_AUTH_REFUSED =
  "RCON недоступний: сервер відхилив RCON-пароль. Спроби зупинено, щоб сервер не заблокував адресу панелі; введіть правильний пароль у налаштуваннях сервера.";

export const RCON_AUTH_STOPPED =
  "RCON недоступний: сервер раніше відхилив цей RCON-пароль, тож панель не підключається (після кількох невдалих входів сервер блокує адресу). Введіть правильний пароль у налаштуваннях сервера.";

const CONNECT_REASONS: Record<string, string> = {
  ECONNREFUSED: "з'єднання відхилено",
  EHOSTUNREACH: "вузол недосяжний",
  ENETUNREACH: "мережа недосяжна",
  ENOTFOUND: "адресу не знайдено",
  EAI_AGAIN: "адресу не знайдено",
  ECONNRESET: "з'єднання скинуто",
};

export function rconFailureText(
  code: Exclude<RconErrorCode, "AUTH">,
  message: string,
  duringAuth: boolean,
  where: string,
): string {
  switch (code) {
    case "CONNECT": {
      const errno = /^([A-Z_]+):/.exec(message)?.[1] ?? "";
      const reason = ownValue(CONNECT_REASONS, errno) ?? message;
      return `RCON недоступний: не вдалося з'єднатися з ${where} (${reason}).`;
    }
    case "TIMEOUT":
      return `RCON недоступний: ${where} не відповів вчасно.`;
    case "CLOSED":
      return duringAuth
        ? `RCON недоступний: ${where} розірвав з'єднання під час входу (можливо, заблокував адресу панелі після невдалих спроб).`
        : `RCON недоступний: ${where} розірвав з'єднання посеред відповіді.`;
    case "TOO_LARGE":
      return `RCON недоступний: відповідь ${where} завелика.`;
    case "PROTOCOL":
      return `RCON недоступний: ${where} відповідає не за протоколом Source RCON.`;
  }
}

/** A level change taken and never answered: not reported as done, and no map is assumed. */
export function levelChangeUnansweredText(where: string, timeoutMs: number): string {
  return `${where} не відповів на зміну мапи за ${Math.round(timeoutMs / 1000)} с: зміну не підтверджено. Нову мапу буде показано, щойно сервер її підтвердить.`;
}
