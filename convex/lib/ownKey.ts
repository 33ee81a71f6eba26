/**
 * Lookups of user input in a catalog or table. A plain `table[input]` also finds inherited keys
 * (`__proto__`, `constructor`, `toString`, `valueOf` …), so an allow-list written as an object
 * would accept them. Every lookup of a value that came from outside goes through these.
 */

/** Whether `key` is one of `table`'s own keys (never an inherited one). */
export function isOwnKey<T extends object>(table: T, key: PropertyKey): key is keyof T {
  return Object.prototype.hasOwnProperty.call(table, key);
}

/** `table[key]` when `key` is an own key of `table`, otherwise undefined. */
export function ownValue<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return isOwnKey(table, key) ? table[key] : undefined;
}
