/**
 * Arguments of the bench scripts. A wrong one is answered before any seeding, in Ukrainian, with
 * exit code 2 and no stack: the scripts run for minutes, and a typo must not cost them.
 */
export class UsageError extends Error {}

/** A whole count from 0 to `max`, or a UsageError naming the flag. */
export function countArg(flag: string, raw: string | undefined, max: number): number {
  const value = Number(raw);
  if (raw === undefined || !/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value)) {
    throw new UsageError(`${flag}: очікується ціле невід'ємне число, отримано «${raw ?? ""}»`);
  }
  if (value > max) throw new UsageError(`${flag}: щонайбільше ${max.toLocaleString("uk-UA")}`);
  return value;
}

/** Ends a failed bench script: exit code 2 for a wrong argument, 1 for anything else. */
export function exitWith(tool: string, error: unknown): never {
  console.error(`${tool}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(error instanceof UsageError ? 2 : 1);
}
