/**
 * `npm run bench:reads -- [--matches N] [--players N] [--audit N] [--sanctions N]
 * [--tournaments N] [--events N] [--json]`: a seeded count, not a timing, of what every read that grows with the
 * match history, the audit log, the sanctions, the tournaments and MatchZy's events costs at
 * scale (defaults: 100,000 matches of 1,000 players, 1,000,000 audit entries, 100,000 sanctions, 10,000
 * tournaments, 100,000 events), against a deployment's per-function limits: 32,000 documents
 * scanned (those a `.filter()` dropped included), 16 MiB read, 4,096 index ranges. What is
 * seeded and how: dev/bench/scale.ts. With `--json` the last line is one JSON object.
 */
import { countArg, exitWith, UsageError } from "./cli-args";
import type { Sizes } from "./scale";
import { round } from "./util";

const DEFAULTS: Sizes = {
  matches: 100_000,
  players: 1_000,
  audit: 1_000_000,
  sanctions: 100_000,
  tournaments: 10_000,
  events: 100_000,
};
/** More than this does not fit the memory a benchmark may take on a shared machine. */
const MAX: Sizes = {
  matches: 300_000,
  players: 100_000,
  audit: 3_000_000,
  sanctions: 1_000_000,
  tournaments: 100_000,
  events: 1_000_000,
};

function parseArgs(argv: string[]): { sizes: Sizes; json: boolean } {
  const sizes = { ...DEFAULTS };
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--json") {
      json = true;
      continue;
    }
    const name = arg.startsWith("--") ? arg.slice(2) : "";
    if (!Object.hasOwn(DEFAULTS, name)) {
      throw new UsageError(
        `невідомий параметр «${arg}»; можна: ${Object.keys(DEFAULTS)
          .map((k) => `--${k} N`)
          .join(", ")}, --json`,
      );
    }
    const key = name as keyof Sizes;
    sizes[key] = countArg(`--${key}`, argv[++i], MAX[key]);
  }
  return { sizes, json };
}

async function main() {
  const { sizes, json } = parseArgs(process.argv.slice(2));
  // Loaded once the arguments are good: a wrong one is answered without loading the backend.
  const { LIMITS, measureReads } = await import("./scale");
  const { quietBackend } = await import("./seeded");
  const backend = await quietBackend();
  try {
    const started = performance.now();
    const { seedSeconds, reads } = await measureReads(backend, sizes, (line) =>
      console.error(`seeded: ${line}`),
    );
    const fmt = (x: number) => x.toLocaleString("en-US");
    const pct = (x: number, of: number) => `${((100 * x) / of).toFixed(1)} %`;
    console.log(
      `${fmt(sizes.matches)} matches of ${fmt(sizes.players)} players, ${fmt(sizes.audit)} audit entries, ${fmt(sizes.sanctions)} sanctions, ` +
        `${fmt(sizes.tournaments)} tournaments, ${fmt(sizes.events)} events; seeded in ${round(seedSeconds)} s`,
    );
    console.log(
      "\nread | documents scanned | returned | bytes read | index ranges | of 32,000 docs | of 16 MiB | of 4,096 ranges",
    );
    for (const [name, c] of Object.entries(reads)) {
      console.log(
        [
          name,
          fmt(c.documentsScanned),
          fmt(c.documentsReturned),
          fmt(c.bytesRead),
          fmt(c.indexRanges),
          pct(c.documentsScanned, LIMITS.documentsScanned),
          pct(c.bytesRead, LIMITS.bytesRead),
          pct(c.indexRanges, LIMITS.indexRanges),
        ].join(" | "),
      );
    }
    const worst = Math.max(...Object.values(reads).map((c) => c.documentsScanned));
    const seconds = round((performance.now() - started) / 1000);
    console.log(`\nmost documents one call scanned: ${fmt(worst)}; run took ${seconds} s`);
    if (json) {
      console.log(
        JSON.stringify({ sizes, limits: LIMITS, seedSeconds: round(seedSeconds), seconds, reads }),
      );
    }
  } finally {
    await backend.stop();
  }
}

main().catch((error: unknown) => exitWith("bench:reads", error));
