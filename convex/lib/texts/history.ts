import { defineTexts } from "../wording";

/** Why an admin's change to a recorded match refuses, in Ukrainian. */
export const HISTORY_TEXTS = defineTexts({
  "refusal.history.alreadyVoided": "Матч уже анульовано.",
} as const);
