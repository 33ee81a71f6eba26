/**
 * Locale-aware formatting shared by every feature. Each formatter follows the current language's
 * locale (its `meta.ts`), so switching the language re-formats dates, numbers and name order.
 */
import { LANGUAGES } from "./languages";
import { currentLanguage } from "./registry";

/** The current language's BCP 47 locale ("uk-UA", "en-GB"). */
export function currentLocale(): string {
  return LANGUAGES[currentLanguage()]?.locale ?? "uk-UA";
}

const cache = new Map<string, unknown>();

function cached<T>(kind: string, options: object, make: (locale: string) => T): T {
  const locale = currentLocale();
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let formatter = cache.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make(locale);
    cache.set(key, formatter);
  }
  return formatter;
}

/**
 * A date format that formats in the locale current at each call (so a module-level constant
 * follows the language switch); the Intl object is made once per locale and options.
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): {
  format: (value: Date | number) => string;
} {
  return {
    format: (value) =>
      cached("date", options, (locale) => new Intl.DateTimeFormat(locale, options)).format(value),
  };
}

/** A number format in the locale current at each call (see `dateFormat`). */
export function numberFormat(options: Intl.NumberFormatOptions): {
  format: (value: number) => string;
} {
  return {
    format: (value) =>
      cached("number", options, (locale) => new Intl.NumberFormat(locale, options)).format(value),
  };
}

const collatorOptions: Intl.CollatorOptions = { sensitivity: "base", numeric: true };

/** Name order of the current language (case-insensitive, numbers in natural order). */
export const nameCollator = {
  compare: (a: string, b: string): number =>
    cached(
      "collator",
      collatorOptions,
      (locale) => new Intl.Collator(locale, collatorOptions),
    ).compare(a, b),
};

/** Lower-cases user text for search by the current language's rules. */
export function lowerCase(text: string): string {
  return text.toLocaleLowerCase(currentLocale());
}

const DATE_TIME: Intl.DateTimeFormatOptions = {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
};
const DATE_TIME_SECONDS: Intl.DateTimeFormatOptions = { ...DATE_TIME, second: "2-digit" };
const TIME: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", second: "2-digit" };

/** Spaces a line may break at: a date and its time stay on one line in a narrow cell. */
const unbreakable = (text: string) => text.replace(/\s/g, "\u00a0");

/**
 * The panel's one way to write a moment: numeric date and time in the current language's order
 * («29.11.2026, 22:08» in Ukrainian, «29/11/2026, 22:08» in English), never broken across lines;
 * `seconds` for logs where they matter (audit, deliveries). ISO strings and epoch milliseconds are
 * taken; invalid input is returned as is.
 */
export function formatDateTime(
  value: string | number | Date,
  { seconds = false }: { seconds?: boolean } = {},
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return unbreakable(dateFormat(seconds ? DATE_TIME_SECONDS : DATE_TIME).format(date));
}

/** A time of day with seconds (chat lines, a veto's history), in the same style. */
export function formatTime(value: number): string {
  return unbreakable(dateFormat(TIME).format(new Date(value)));
}

export function formatInteger(value: number): string {
  return numberFormat({ maximumFractionDigits: 0 }).format(value);
}

export function formatRatio(value: number): string {
  return numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

/**
 * Picks the form for `n` by the current language's plural rules: one (1, 21… in Ukrainian),
 * few (2–4, 22…), many (5–20, 25…; English "other" falls here too).
 */
export function plural(n: number, forms: { one: string; few: string; many: string }): string {
  const rule = cached("plural", {}, (locale) => new Intl.PluralRules(locale)).select(n);
  return rule === "one" ? forms.one : rule === "few" ? forms.few : forms.many;
}
