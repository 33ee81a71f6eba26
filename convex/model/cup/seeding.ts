/**
 * Seeding: the admin's order as given, or a random one (the caller passes the random source, so
 * production draws from the CSPRNG and tests from a fixed list).
 */
export type SeedingMode = "manual" | "random";

/** The teams in seed order (seed 1 first); `pick(n)` returns an index below n. */
export function seedTeams<T>(
  teams: readonly T[],
  mode: SeedingMode,
  pick: (n: number) => number,
): T[] {
  const order = [...teams];
  if (mode === "manual") return order;
  for (let i = order.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}
