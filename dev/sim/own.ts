/**
 * Lookups of user or console input in static tables. `table[input]` also finds what every object
 * inherits (`__proto__`, `constructor`, `toString`, ...), so input goes through these instead:
 * only the table's own keys answer.
 */

/** `record[key]` when `key` is one of the record's own keys, else undefined. */
export function ownValue<V>(record: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Whether `key` is one of the record's own keys (narrows it to the record's key type). */
export function isOwnKey<K extends string>(
  record: Readonly<Record<K, unknown>>,
  key: string,
): key is K {
  return Object.hasOwn(record, key);
}
