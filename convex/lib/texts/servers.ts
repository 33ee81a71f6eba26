import { defineTexts } from "../wording";

/** Refusals of saving a server's settings. */
export const SERVER_TEXTS = defineTexts({
  "refusal.servers.keyTaken": 'Сервер з ключем "{key}" вже існує.',
  "refusal.servers.notFound": "Сервер не знайдено.",
} as const);
