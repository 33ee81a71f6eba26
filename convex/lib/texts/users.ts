import { defineTexts } from "../wording";

/** Refusals of granting and revoking panel roles. */
export const USER_TEXTS = defineTexts({
  "refusal.users.notFound": "Користувача не знайдено.",
  "refusal.users.selfRevoke": "Не можна зняти права адміністратора із самого себе.",
  "refusal.users.emailOrUsername": "Вкажіть email або username.",
  "refusal.users.neverSignedIn": "Користувача не знайдено: він має увійти хоча б раз.",
} as const);
