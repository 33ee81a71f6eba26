import { durationText } from "./durationText";
import { DEFAULT_LANGUAGE, type Language } from "./languages";
import { DISCORD_TEXTS, type DiscordTextKey } from "./texts/discord";

/**
 * A sanction as a report's outcome, an audit entry or Discord reads it: «бан 1 год.», «бан
 * назавжди», «кік»; a kind without a word as its code.
 */
export function sanctionWords(
  s: { kind: string; durationMinutes?: number },
  language: Language = DEFAULT_LANGUAGE,
): string {
  const texts = DISCORD_TEXTS[language];
  const key = `sanction.${s.kind}`;
  const kind = Object.prototype.hasOwnProperty.call(texts, key)
    ? texts[key as DiscordTextKey]
    : s.kind;
  if (s.durationMinutes === undefined) return kind;
  return `${kind} ${durationText(s.durationMinutes, language)}`;
}

/** A sanction as an audit parameter: `kind`, or `kind:minutes` when it has a length. */
export function sanctionCode(s: { kind: string; durationMinutes?: number }): string {
  return s.durationMinutes === undefined ? s.kind : `${s.kind}:${s.durationMinutes}`;
}

/** Reads `sanctionCode` back (null for anything else). */
export function parseSanctionCode(code: string): { kind: string; durationMinutes?: number } | null {
  const match = /^([a-z]+)(?::(\d+))?$/.exec(code);
  if (!match) return null;
  return match[2] === undefined
    ? { kind: match[1]! }
    : { kind: match[1]!, durationMinutes: Number(match[2]) };
}
