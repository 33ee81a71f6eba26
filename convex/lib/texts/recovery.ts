import type { Language } from "../languages";

/**
 * What the game server's chat tells players when an interrupted match is brought back. Players
 * on a server share one chat and the panel does not know their languages, so the line says it in
 * each language (`model/history/recoverMatch.ts`).
 */
export const RECOVERY_CHAT_TEXTS: Record<Language, { restored: string }> = {
  uk: { restored: "Матч відновлено: раунд {round}{score}." },
  en: { restored: "Match restored: round {round}{score}." },
};
