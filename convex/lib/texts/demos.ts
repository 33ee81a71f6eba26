import { defineTexts } from "../wording";

/** Why an admin's demo operation (hide, pin, delete, attach, retention) refuses, in Ukrainian. */
export const DEMO_TEXTS = defineTexts({
  "refusal.demos.notFound": "Демо не знайдено.",
  "refusal.demos.notAttachable": "Прикріпити можна лише збережене демо без матчу.",
  "refusal.demos.badRetention": "Термін зберігання: 0–{days} днів; обсяг: 0–{tb} ТБ.",
} as const);
