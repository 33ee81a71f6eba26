import { defineTexts } from "../wording";

/**
 * Why a game server could not be reached or answered wrongly (plugin API, RCON proxy, direct
 * RCON), as an admin reads it in an action's failure and in the server's state. A cause the panel
 * knows is a key of its own, so each language words the whole sentence.
 */
export const GAME_SERVER_TEXTS = defineTexts({
  "refusal.gameServer.rconAuthRefused":
    "RCON недоступний: сервер відхилив RCON-пароль. Спроби зупинено, щоб сервер не заблокував адресу панелі; введіть правильний пароль у налаштуваннях сервера.",
  "refusal.gameServer.rconAuthStopped":
    "RCON недоступний: сервер раніше відхилив цей RCON-пароль, тож панель не підключається (після кількох невдалих входів сервер блокує адресу). Введіть правильний пароль у налаштуваннях сервера.",
  "refusal.gameServer.rconConnect": "RCON недоступний: не вдалося з'єднатися з {where} ({reason}).",
  "refusal.gameServer.rconConnectRefused":
    "RCON недоступний: не вдалося з'єднатися з {where} (з'єднання відхилено).",
  "refusal.gameServer.rconConnectHostUnreachable":
    "RCON недоступний: не вдалося з'єднатися з {where} (вузол недосяжний).",
  "refusal.gameServer.rconConnectNetUnreachable":
    "RCON недоступний: не вдалося з'єднатися з {where} (мережа недосяжна).",
  "refusal.gameServer.rconConnectNotFound":
    "RCON недоступний: не вдалося з'єднатися з {where} (адресу не знайдено).",
  "refusal.gameServer.rconConnectReset":
    "RCON недоступний: не вдалося з'єднатися з {where} (з'єднання скинуто).",
  "refusal.gameServer.rconTimeout": "RCON недоступний: {where} не відповів вчасно.",
  "refusal.gameServer.rconClosedDuringAuth":
    "RCON недоступний: {where} розірвав з'єднання під час входу (можливо, заблокував адресу панелі після невдалих спроб).",
  "refusal.gameServer.rconClosed":
    "RCON недоступний: {where} розірвав з'єднання посеред відповіді.",
  "refusal.gameServer.rconTooLarge": "RCON недоступний: відповідь {where} завелика.",
  "refusal.gameServer.rconProtocol":
    "RCON недоступний: {where} відповідає не за протоколом Source RCON.",
  "refusal.gameServer.levelChangeUnanswered":
    "{where} не відповів на зміну мапи за {seconds} с: зміну не підтверджено. Нову мапу буде показано, щойно сервер її підтвердить.",
  "refusal.gameServer.bodyTooLarge": "Відповідь сервера більша за {kib} КіБ",
  "refusal.gameServer.redirect":
    "Сервер відповів перенаправленням ({status}); панель за ним не йде",
  "refusal.gameServer.timeout": "Сервер не відповів за {seconds} с",
  "refusal.gameServer.unreachable": "Сервер недоступний: {reason}",
  "refusal.gameServer.unreachableRefused": "Сервер недоступний: з'єднання відхилено",
  "refusal.gameServer.proxyRconPassword": "RCON-проксі: сервер гри не прийняв пароль RCON",
  "refusal.gameServer.proxyForbidden": "RCON-проксі відмовив у доступі: перевірте ключ проксі",
  "refusal.gameServer.proxyTimeout": "RCON-проксі: сервер гри не відповів вчасно",
  "refusal.gameServer.proxyTimeoutRefused":
    "RCON-проксі: сервер гри не відповів вчасно: з'єднання відхилено",
  "refusal.gameServer.proxyTimeoutNotFound":
    "RCON-проксі: сервер гри не відповів вчасно: адресу не знайдено",
  "refusal.gameServer.proxyTimeoutNoAnswer":
    "RCON-проксі: сервер гри не відповів вчасно: немає відповіді",
  "refusal.gameServer.proxyUnreachable": "RCON-проксі не дістався до сервера гри",
  "refusal.gameServer.proxyUnreachableRefused":
    "RCON-проксі не дістався до сервера гри: з'єднання відхилено",
  "refusal.gameServer.proxyUnreachableNotFound":
    "RCON-проксі не дістався до сервера гри: адресу не знайдено",
  "refusal.gameServer.proxyUnreachableNoAnswer":
    "RCON-проксі не дістався до сервера гри: немає відповіді",
  "refusal.gameServer.proxyBadRequest": "RCON-проксі не прийняв запит панелі (помилка 400)",
  "refusal.gameServer.proxyError": "RCON-проксі відповів помилкою {status}",
  "refusal.gameServer.switchReadFailed": "Сервер не відповів на читання перемикачів",
  "refusal.gameServer.redirectRefused": "перенаправлення ({status}) не виконується",
  "refusal.gameServer.redirectRefusedPlain": "перенаправлення не виконується",
} as const);

export type GameServerTextKey = keyof typeof GAME_SERVER_TEXTS & string;
