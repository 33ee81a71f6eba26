import { defineTexts } from "../wording";

/**
 * Why a Discord delivery did not go through, as the webhook's last status stores it: the key (the
 * settings screen words it, `{status}` from the stored HTTP status), never Discord's own body.
 * The Ukrainian is `src/i18n/uk/admin.ts`'s.
 */
export const DELIVERY_TEXTS = defineTexts({
  "admin.discord.error.rateLimited": "Обмеження частоти Discord",
  "admin.discord.error.status": "Discord відповів {status}",
  "admin.discord.error.notFound": "Вебхук не знайдено або видалено",
  "admin.discord.error.redirect": "Discord відповів перенаправленням",
  "admin.discord.error.timeout": "Час очікування вичерпано",
  "admin.discord.error.network": "Мережева помилка",
  "admin.discord.error.delivery": "Помилка доставки",
} as const);

export type DeliveryErrorKey = keyof typeof DELIVERY_TEXTS;
