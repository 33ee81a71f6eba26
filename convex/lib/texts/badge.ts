import type { Language } from "../languages";

const UK = {
  offline: "офлайн",
  players: "{n} грав.",
  warmup: "розминка",
  scoreUnknown: "рахунок ?:?",
  notFound: "сервер не знайдено",
} as const;

/** The words of a server's status badge (`lib/badge.ts`), in each language `?lang=` may pick. */
export const BADGE_TEXTS: Record<Language, Record<keyof typeof UK, string>> = {
  uk: UK,
  en: {
    offline: "offline",
    players: "{n} pl.",
    warmup: "warmup",
    scoreUnknown: "score ?:?",
    notFound: "server not found",
  },
};
