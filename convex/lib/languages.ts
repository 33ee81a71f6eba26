/**
 * The languages the backend writes its own messages in (Discord, a sanction's length): Ukrainian,
 * the panel's own, is the default. Adding one is adding its column to each table in `texts/`
 * (`texts/discord.ts`, `texts/duration.ts`); the type checker lists what is missing.
 */
export const LANGUAGES = ["uk", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "uk";
