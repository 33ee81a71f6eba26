/** Locale-aware formatting shared by every feature (Ukrainian locale everywhere). */
const LOCALE = "uk-UA";

const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeStyle: "short" });
const timeFormat = new Intl.DateTimeFormat(LOCALE, {
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});
const integerFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const ratioFormat = new Intl.NumberFormat(LOCALE, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Ukrainian collation for names (case-insensitive, numbers in natural order). */
export const nameCollator = new Intl.Collator("uk", { sensitivity: "base", numeric: true });

/** Formats an ISO string or epoch milliseconds as a Ukrainian date and time; invalid input is returned as is. */
export function formatDateTime(value: string | number): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return dateTimeFormat.format(date);
}

export function formatTime(value: number): string {
  return timeFormat.format(new Date(value));
}

export function formatInteger(value: number): string {
  return integerFormat.format(value);
}

export function formatRatio(value: number): string {
  return ratioFormat.format(value);
}

const pluralRules = new Intl.PluralRules("uk-UA");

/** Picks the Ukrainian form for `n`: one (1, 21…), few (2–4, 22…), many (5–20, 25…). */
export function plural(n: number, forms: { one: string; few: string; many: string }): string {
  const rule = pluralRules.select(n);
  return rule === "one" ? forms.one : rule === "few" ? forms.few : forms.many;
}
