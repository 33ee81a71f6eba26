import { defineTexts } from "../wording";

/**
 * Refusals of saving a server's settings, and what the server form says under a field as it is
 * typed (lib/serverInput.ts, shared with the browser).
 */
export const SERVER_TEXTS = defineTexts({
  "refusal.servers.keyFormat": "Ключ: 1–32 символи a-z, 0-9, - або _.",
  "refusal.servers.nameLength": "Назва сервера: від 1 до 64 символів.",
  "refusal.servers.apiUrlFormat":
    "Адреса API має бути повною URL-адресою, наприклад http://1.2.3.4:8080.",
  "refusal.servers.apiUrlScheme": "Адреса API: лише http або https.",
  "refusal.servers.connectAddress": "Адреса підключення: host:port, наприклад 1.2.3.4:27015.",
  "refusal.servers.rconHostDirect":
    "Для прямого RCON вкажіть адресу ігрового сервера (IP або домен).",
  "refusal.servers.rconHostProxy": "Для RCON-проксі вкажіть адресу ігрового сервера.",
  "refusal.servers.rconPort": "Порт RCON: 1–65535.",
  "refusal.servers.gotvPort": "Порт GOTV: 1–65535, або залиште порожнім.",
  "refusal.servers.keyTaken": 'Сервер з ключем "{key}" вже існує.',
  "refusal.servers.notFound": "Сервер не знайдено.",
} as const);
