/**
 * `npm run bench:tournament`: how fast a map ban reaches everyone watching the veto.
 *
 * Against the in-memory backend (the real convex/ functions, loopback WebSockets): an admin client
 * creates tournaments through the `tournamentAdmin.create` action, four player clients join with fresh
 * session ids per tournament and ban in sequence order, and N observer clients (200 by default),
 * each subscribed to `tournament.get`, timestamp each ban as it arrives. The figure is the delay
 * from the moment a player's `ban` call starts to the moment an observer's subscription shows it,
 * over every (ban, observer) pair (median, p95); the slowest observer per ban is shown too.
 *
 * TOURNAMENT_BANS sets the number of bans measured (default 60; BENCH_QUICK=1: 50) and
 * TOURNAMENT_OBSERVERS the number of observers. `npm run bench` runs the same measurement
 * (`banToPeerLatency`). The global tournament rate limit (convex/lib/rateLimits.ts: 60 writes
 * burst, then 2/s) paces longer runs: the bench mirrors that bucket and waits before a write
 * rather than being refused. Tournament writes take their rate-limit token first and throw
 * RATE_LIMITED; any other refusal comes back as a value (`{ refused }`), which the bench treats
 * as the failure it is (a RATE_LIMITED refusal, thrown or returned, is waited out and retried;
 * only the accepted attempt is timed).
 */
import { randomUUID } from "node:crypto";
import { pathToFileURL } from "node:url";
import type { ConvexClient } from "convex/browser";
import { ConvexError } from "convex/values";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { presetFormat } from "../../convex/lib/tournamentPresets";
import { startDemo, type DemoHandle } from "../demo";
import { client, demoAdminToken, percentile, sleep, until } from "./util";

type SessionId = string & { __SessionId: true };
type TeamKey = "teamA" | "teamB";

const POOL_SIZE = 6;
const BANS_PER_TOURNAMENT = 5;
export const TARGET_P95_MS = 100;

export interface BanLatency {
  bans: number;
  tournaments: number;
  observers: number;
  /** Every (ban, observer) pair. */
  peer: { p50: number; p95: number; max: number };
  /** The last observer to see each ban. */
  lastPeer: { p50: number; p95: number };
  /** The banning client's own mutation round trip. */
  ack: { p50: number; p95: number };
  rateLimitedRetries: number;
}

/** A copy of the backend's global `tournamentGlobal` token bucket, kept two writes short of empty. */
function writer() {
  const bucket = { capacity: 60, perMs: 120 / 60_000, tokens: 60, at: performance.now() };
  const reserve = 2;
  const state = { rateLimitedRetries: 0 };

  async function takeToken() {
    const refill = () => {
      const now = performance.now();
      bucket.tokens = Math.min(bucket.capacity, bucket.tokens + (now - bucket.at) * bucket.perMs);
      bucket.at = now;
    };
    refill();
    const missing = reserve + 1 - bucket.tokens;
    if (missing > 0) await sleep(missing / bucket.perMs);
    refill();
    bucket.tokens -= 1;
  }

  const codeOf = (error: unknown) =>
    error instanceof ConvexError ? (error.data as { code?: string }).code : undefined;

  /** Runs a tournament write within the rate limit; resolves with the accepted attempt's start. */
  async function write(what: string, call: () => Promise<unknown>): Promise<number> {
    await takeToken();
    for (;;) {
      const startedAt = performance.now();
      let code: string | undefined;
      try {
        const result = (await call()) as { refused?: { code: string; message: string } } | null;
        if (!result?.refused) return startedAt;
        code = result.refused.code;
        if (code !== "RATE_LIMITED") {
          throw new Error(`${what} refused: ${code} ${result.refused.message}`);
        }
      } catch (error) {
        code = codeOf(error);
        if (code !== "RATE_LIMITED") throw error;
      }
      state.rateLimitedRetries++;
      await sleep(500);
    }
  }
  return { write, state };
}

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1)! };
}

export async function banToPeerLatency(
  demo: DemoHandle,
  opts: { bans: number; observers: number },
): Promise<BanLatency> {
  const admin = client(demo.backend.url);
  const players = Array.from({ length: 4 }, () => client(demo.backend.url));
  const observers: ConvexClient[] = [];
  const unsubscribes: Array<() => void> = [];
  const { write, state } = writer();
  try {
    admin.setAuth(async () => demoAdminToken());

    // What each observer has seen: when each ban first arrived. Observer 0 also tracks the
    // active tournament and its step for the players' turns.
    let activeId: Id<"tournaments"> | null = null;
    let currentStep = -1;
    const seen = Array.from({ length: opts.observers }, () => new Map<string, number>());
    let subscribed = 0;
    for (let i = 0; i < opts.observers; i++) {
      const c = client(demo.backend.url);
      observers.push(c);
      let first = true;
      unsubscribes.push(
        c.onUpdate(api.tournament.get, {}, (t) => {
          const now = performance.now();
          if (first) subscribed++;
          first = false;
          if (i === 0) {
            activeId = t?.id ?? null;
            currentStep = t?.currentStep ?? -1;
          }
          for (const b of t?.bannedMaps ?? []) {
            const key = `${t!.id}:${b.map}`;
            if (!seen[i]!.has(key)) seen[i]!.set(key, now);
          }
        }),
      );
    }
    await until("every observer subscribed", () => subscribed === opts.observers, 60_000);

    const delays: number[] = [];
    const lastPeer: number[] = [];
    const acks: number[] = [];
    let tournaments = 0;
    while (lastPeer.length < opts.bans) {
      const previous = activeId;
      const { id } = await admin.action(api.tournamentAdmin.create, {
        format: presetFormat("default"),
      });
      await until("the new tournament", () => activeId === id && activeId !== previous);
      tournaments++;

      // Fresh sessions every tournament: each session's own bucket holds 6 writes.
      const seats = (["teamA", "teamA", "teamB", "teamB"] as const).map((team, i) => ({
        team: team as TeamKey,
        client: players[i]!,
        sessionId: randomUUID() as SessionId,
        nickname: `bench_${tournaments}_${i}`,
      }));
      for (const s of seats) {
        await write("join", () =>
          s.client.mutation(api.tournament.join, {
            tournamentId: id,
            sessionId: s.sessionId,
            team: s.team,
            nickname: s.nickname,
          }),
        );
      }
      await until("both teams full", () => currentStep === 0);

      const current = await observers[0]!.query(api.tournament.get, {});
      const pool = [...current!.mapPool];
      const turns = { teamA: 0, teamB: 0 };
      for (let step = 0; step < BANS_PER_TOURNAMENT && lastPeer.length < opts.bans; step++) {
        const team = current!.sequence[step]!.team;
        // Team members take turns, as two people at two screens would.
        const seat = seats.filter((s) => s.team === team)[turns[team]++ % 2]!;
        const map = pool[(step + tournaments) % POOL_SIZE] ?? pool[0]!;
        pool.splice(pool.indexOf(map), 1);
        const key = `${id}:${map}`;
        let ackAt = 0;
        const startedAt = await write("ban", async () => {
          const result = await seat.client.mutation(api.tournament.ban, {
            tournamentId: id,
            sessionId: seat.sessionId,
            map,
            expectedStep: step,
          });
          ackAt = performance.now();
          return result;
        });
        await until(`the ban of ${map} everywhere`, () => seen.every((m) => m.has(key)), 30_000);
        const mine = seen.map((m) => m.get(key)! - startedAt);
        delays.push(...mine);
        lastPeer.push(Math.max(...mine));
        acks.push(ackAt - startedAt);
      }
    }
    const peer = stats(delays);
    const last = stats(lastPeer);
    const ack = stats(acks);
    return {
      bans: lastPeer.length,
      tournaments,
      observers: opts.observers,
      peer,
      lastPeer: { p50: last.p50, p95: last.p95 },
      ack: { p50: ack.p50, p95: ack.p95 },
      rateLimitedRetries: state.rateLimitedRetries,
    };
  } finally {
    unsubscribes.forEach((u) => u());
    await Promise.all([admin, ...players, ...observers].map((c) => c.close()));
  }
}

export function describeBanLatency(r: BanLatency): string[] {
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  return [
    `${r.bans} bans in ${r.tournaments} tournaments, ${r.observers} observers subscribed to tournament.get`,
    `ban → each observer: median ${ms(r.peer.p50)}, p95 ${ms(r.peer.p95)}, max ${ms(r.peer.max)}` +
      ` (target p95 ≤ ${TARGET_P95_MS} ms: ${r.peer.p95 <= TARGET_P95_MS ? "met" : "MISSED"})`,
    `ban → last of the ${r.observers} observers: median ${ms(r.lastPeer.p50)}, p95 ${ms(r.lastPeer.p95)}`,
    `banning client's own acknowledgement: median ${ms(r.ack.p50)}, p95 ${ms(r.ack.p95)};` +
      ` rate-limited retries: ${r.rateLimitedRetries}`,
  ];
}

async function main() {
  const bans = Math.max(
    1,
    Number(process.env.TOURNAMENT_BANS ?? (process.env.BENCH_QUICK === "1" ? 50 : 60)),
  );
  const observers = Math.max(1, Number(process.env.TOURNAMENT_OBSERVERS ?? 200));
  const demo = await startDemo({ ephemeral: true, web: false, quiet: true });
  try {
    const r = await banToPeerLatency(demo, { bans, observers });
    console.log("Tournament ban → observer subscriptions");
    for (const line of describeBanLatency(r)) console.log(`   ${line}`);
  } finally {
    await demo.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
  process.exit(0);
}
