/**
 * `npx tsx dev/bench/history.ts [--matches 10000]`: a seeded benchmark (not a timed test) of what
 * match history costs to read. It stores N matches (4 humans each, from a pool of 1,000 players,
 * over three months) with their careers and rankings on the in-memory backend, then counts, for a
 * career page and a leaderboard page, the documents the app's own queries read (every `db.get`,
 * `first`, `unique`, `take`, `paginate` result) and the calls into the aggregate component (each
 * an O(log n) walk of its B-tree). The same counts for a player with 1 match and one with the most
 * matches show that neither page grows with history.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startBackend } from "../backend/server";
import { countArg, exitWith, UsageError } from "./cli-args";
import { randomLine } from "./seeded";
import { Rng } from "../sim/rng";
import type { Id } from "../../convex/_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../convex/_generated/server";
import {
  ALL_TIME,
  resultOf,
  seasonOf,
  winnerOf,
  type CareerTotals,
} from "../../convex/lib/history";
import {
  addTotals,
  careerOf,
  lineTotals,
  totalsOf,
  ZERO_TOTALS,
} from "../../convex/model/history/careers";
import { leaderboardPage, rankOf, syncRanking } from "../../convex/model/history/leaderboard";
import { careerMatches, careerView } from "../../convex/model/history/read";
import { recordMatch } from "../../convex/model/history/record";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

function matchesArg(argv: string[]): number {
  if (argv.length === 0) return 10_000;
  if (argv[0] !== "--matches" || argv.length > 2) {
    throw new UsageError(`невідомі аргументи «${argv.join(" ")}»; можна: --matches N`);
  }
  return countArg("--matches", argv[1], 300_000);
}

let MATCHES = 0;
try {
  MATCHES = matchesArg(process.argv.slice(2));
} catch (error) {
  exitWith("bench:history", error);
}
const POOL = 1_000;
const BATCH = 250;

interface Tally {
  docs: number;
  componentCalls: number;
}

/** A ctx whose db counts every document it hands out, and whose runQuery counts calls. */
function counting(ctx: QueryCtx, tally: Tally): QueryCtx {
  const countResult = (value: unknown) => {
    if (Array.isArray(value)) tally.docs += value.length;
    else if (value && typeof value === "object" && "page" in value) {
      tally.docs += (value as { page: unknown[] }).page.length;
    } else if (value) tally.docs += 1;
    return value;
  };
  const wrapQuery = (q: object): object =>
    new Proxy(q, {
      get(target, prop, receiver) {
        const value: unknown = Reflect.get(target, prop, receiver);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          const out: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
          if (out instanceof Promise) return out.then(countResult);
          return out && typeof out === "object" ? wrapQuery(out) : out;
        };
      },
    });
  const db = new Proxy(ctx.db, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (prop === "get") {
        return async (...args: unknown[]) =>
          countResult(await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
      }
      if (prop === "query") {
        return (...args: unknown[]) =>
          wrapQuery((value as (...a: unknown[]) => object).apply(target, args));
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const runQuery: QueryCtx["runQuery"] = async (reference, ...args) => {
    tally.componentCalls++;
    return await ctx.runQuery(reference, ...args);
  };
  return { ...ctx, db, runQuery } as QueryCtx;
}

async function main() {
  const backend = await startBackend({
    convexDir: path.join(root, "convex"),
    port: 0,
    httpPort: 0,
    log: false,
    crons: false,
  });
  try {
    const t = backend.t as unknown as {
      run<T>(fn: (ctx: MutationCtx) => Promise<T>): Promise<T>;
    };
    const serverId = await t.run(
      async (ctx) =>
        await ctx.db.insert("servers", {
          key: "bench",
          name: "Bench",
          apiBaseUrl: "http://127.0.0.1:9",
          connectAddress: "127.0.0.1:27015",
          connectionType: "HTTP",
          disabled: false,
          order: 0,
        }),
    );
    const rng = new Rng(14);
    const start = Date.UTC(2026, 8, 1);
    const began = performance.now();
    const matches = Array.from({ length: MATCHES }, (_, i) => {
      const ids = new Set<number>();
      // The first player shows up in every tenth match: the long history.
      if (i % 10 === 0) ids.add(0);
      while (ids.size < 4) ids.add(rng.int(1, POOL - 1));
      const scoreCT = rng.int(0, 13);
      const startedAt = start + i * 780_000;
      return {
        startedAt,
        endedAt: startedAt + 1_800_000,
        mapName: rng.pick(["de_dust2", "de_mirage", "de_inferno", "de_nuke"]),
        mode: "competitive",
        scoreCT,
        scoreT: 13 - scoreCT + rng.int(0, 1),
        rounds: 13 + rng.int(0, 11),
        source: "poll" as const,
        lines: [...ids].map((n, k) => randomLine(rng, n, k, 20)),
      };
    });
    // The in-memory backend (convex-test) scans a table per index query, so recording 10,000
    // matches one by one would take hours here. The rows are written in bulk instead, exactly as
    // `recordMatch` writes them (the careers brute-force test checks that these are its results);
    // the last match goes through `recordMatch` itself, on top of the bulk state.
    const bulk = matches.slice(0, -1);
    for (let i = 0; i < bulk.length; i += BATCH) {
      const batch = bulk.slice(i, i + BATCH);
      await t.run(async (ctx) => {
        for (const m of batch) {
          const winner = winnerOf(m.scoreCT, m.scoreT);
          const matchId = await ctx.db.insert("matches", {
            serverId: serverId as Id<"servers">,
            serverKey: "bench",
            serverName: "Bench",
            map: m.mapName,
            mode: m.mode,
            startedAt: m.startedAt,
            endedAt: m.endedAt,
            scoreCT: m.scoreCT,
            scoreT: m.scoreT,
            winner,
            rounds: m.rounds,
            source: m.source,
            players: m.lines,
            dedupeKey: `${serverId}:${m.startedAt}`,
            counted: true,
            voided: false,
          });
          for (const l of m.lines) {
            await ctx.db.insert("matchPlayers", {
              matchId,
              steamId: l.steamId,
              name: l.name,
              endedAt: m.endedAt,
              map: m.mapName,
              scoreCT: m.scoreCT,
              scoreT: m.scoreT,
              side: l.side,
              result: resultOf(l.side, winner),
              kills: l.kills,
              deaths: l.deaths,
              assists: l.assists,
              voided: false,
              counted: true,
            });
          }
        }
      });
    }
    const careers = new Map<
      string,
      { totals: CareerTotals; name: string; first: number; last: number }
    >();
    const names = new Map<string, number>();
    for (const m of bulk) {
      const winner = winnerOf(m.scoreCT, m.scoreT);
      for (const l of m.lines) {
        for (const season of [ALL_TIME, seasonOf(m.endedAt)]) {
          const key = `${l.steamId}|${season}`;
          const c = careers.get(key);
          careers.set(key, {
            totals: addTotals(c?.totals ?? ZERO_TOTALS, lineTotals(l, winner), 1),
            name: l.name,
            first: c?.first ?? m.endedAt,
            last: m.endedAt,
          });
        }
        names.set(`${l.steamId}|${l.name}`, (names.get(`${l.steamId}|${l.name}`) ?? 0) + 1);
      }
    }
    const entries = [...careers.entries()];
    for (let i = 0; i < entries.length; i += BATCH) {
      await t.run(async (ctx) => {
        for (const [key, c] of entries.slice(i, i + BATCH)) {
          const [steamId, season] = key.split("|") as [string, string];
          await ctx.db.insert("careers", {
            steamId,
            season,
            name: c.name,
            ...c.totals,
            firstSeen: c.first,
            lastSeen: c.last,
          });
          await syncRanking(ctx, steamId, season, null, c.totals);
        }
      });
    }
    await t.run(async (ctx) => {
      for (const [key, count] of names) {
        const [steamId, name] = key.split("|") as [string, string];
        await ctx.db.insert("playerNames", { steamId, name, matches: count });
      }
    });
    const last = matches[matches.length - 1]!;
    const lastId = await t.run(
      async (ctx) => await recordMatch(ctx, serverId as Id<"servers">, last),
    );
    if (!lastId) throw new Error("the last match was not recorded");
    const matchesOf = new Map<string, number>();
    for (const m of matches) {
      for (const l of m.lines) matchesOf.set(l.steamId, (matchesOf.get(l.steamId) ?? 0) + 1);
    }
    const seedSeconds = (performance.now() - began) / 1000;
    const ranked = [...matchesOf.entries()].sort((a, b) => b[1] - a[1]);
    const busiest = ranked[0]!;
    const quietest = ranked[ranked.length - 1]!;

    const measure = async (fn: (ctx: QueryCtx) => Promise<unknown>) => {
      const tally: Tally = { docs: 0, componentCalls: 0 };
      await t.run(async (ctx) => {
        await fn(counting(ctx as unknown as QueryCtx, tally));
      });
      return tally;
    };
    const careerPage = (steamId: string) =>
      measure(async (ctx) => {
        // What `history:career` + the first page of `history:careerMatchList` read.
        await careerView(ctx, steamId);
        const row = await careerOf(ctx, steamId, ALL_TIME);
        if (row) {
          await rankOf(ctx, "kills", ALL_TIME, steamId, totalsOf(row));
          await rankOf(ctx, "kd", ALL_TIME, steamId, totalsOf(row));
        }
        await careerMatches(ctx, steamId, { numItems: 10, cursor: null });
      });
    const figures = {
      matches: MATCHES,
      players: matchesOf.size,
      seedSeconds: Math.round(seedSeconds),
      careerPageBusiest: {
        steamId: busiest[0],
        matches: busiest[1],
        ...(await careerPage(busiest[0])),
      },
      careerPageQuietest: {
        steamId: quietest[0],
        matches: quietest[1],
        ...(await careerPage(quietest[0])),
      },
      leaderboardPage25: await measure((ctx) => leaderboardPage(ctx, "kills", ALL_TIME, 0, 25)),
      leaderboardPage25Deep: await measure((ctx) => leaderboardPage(ctx, "kd", ALL_TIME, 500, 25)),
      leaderboardMonthPage25: await measure((ctx) => leaderboardPage(ctx, "adr", "2026-10", 0, 25)),
    };
    console.log(JSON.stringify(figures, null, 2));
  } finally {
    await backend.stop();
  }
}

void main().catch((error: unknown) => exitWith("bench:history", error));
