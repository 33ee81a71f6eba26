/**
 * `npx tsx dev/bench/tournament.ts`: how fast a map ban reaches everyone watching the veto.
 *
 * Against the in-memory backend (the real convex/ functions, loopback WebSockets): an admin client
 * creates tournaments through the `tournament.reset` action, four player clients join with fresh
 * session ids per tournament and ban in sequence order, and a separate observer client subscribed
 * to `tournament.get` timestamps each ban as it arrives. The figure is the delay from the moment a
 * player's `ban` call starts to the moment the observer's subscription shows it (median, p95).
 *
 * TOURNAMENT_BANS sets the number of bans measured (default 60, at least 50); BENCH_QUICK=1 uses
 * 50. The global tournament rate limit (convex/lib/rateLimits.ts: 60 writes burst, then 2/s) paces
 * longer runs: the bench mirrors that bucket and waits before a write rather than being refused
 * (a refusal would still be waited out and retried; only the accepted attempt is timed).
 */
import { randomUUID } from "node:crypto";
import { ConvexClient } from "convex/browser";
import { ConvexError } from "convex/values";
import WebSocket from "ws";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { makeDemoJwt } from "../backend/server";
import { startDemo } from "../demo";

type SessionId = string & { __SessionId: true };
type TeamKey = "teamA" | "teamB";

const POOL_SIZE = 6;
const BANS_PER_TOURNAMENT = 5;
const TARGET_P95_MS = 250;
const wanted = Math.max(
  50,
  Number(process.env.TOURNAMENT_BANS ?? (process.env.BENCH_QUICK === "1" ? 50 : 60)),
);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function client(url: string) {
  return new ConvexClient(url, {
    webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
  });
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function until(what: string, ok: () => boolean, timeoutMs = 10_000) {
  const deadline = performance.now() + timeoutMs;
  while (!ok()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(1);
  }
}

/** A copy of the backend's global `tournamentGlobal` token bucket, kept two writes short of empty. */
const bucket = { capacity: 60, perMs: 120 / 60_000, tokens: 60, at: performance.now(), reserve: 2 };
let rateLimitedRetries = 0;

async function takeToken() {
  const refill = () => {
    const now = performance.now();
    bucket.tokens = Math.min(bucket.capacity, bucket.tokens + (now - bucket.at) * bucket.perMs);
    bucket.at = now;
  };
  refill();
  const missing = bucket.reserve + 1 - bucket.tokens;
  if (missing > 0) await sleep(missing / bucket.perMs);
  refill();
  bucket.tokens -= 1;
}

/** Runs a tournament write within the rate limit; resolves with the accepted attempt's start. */
async function write(call: () => Promise<unknown>): Promise<number> {
  await takeToken();
  for (;;) {
    const startedAt = performance.now();
    try {
      await call();
      return startedAt;
    } catch (error) {
      const code = error instanceof ConvexError ? (error.data as { code?: string }).code : "";
      if (code !== "RATE_LIMITED") throw error;
      rateLimitedRetries++;
      await sleep(500);
    }
  }
}

async function main() {
  const demo = await startDemo({ ephemeral: true, web: false, quiet: true });
  const admin = client(demo.backend.url);
  const observer = client(demo.backend.url);
  const players = Array.from({ length: 4 }, () => client(demo.backend.url));
  try {
    const token = makeDemoJwt({
      iss: "https://demo.cs2-panel.local",
      sub: "demo-admin",
      name: "Demo Admin",
      nickname: "admin",
      email: "admin@demo.cs2-panel.local",
      email_verified: true,
    });
    admin.setAuth(async () => token);

    // What the observer has seen: the active tournament and when each ban first arrived.
    let activeId: Id<"tournaments"> | null = null;
    let currentStep = -1;
    const seenAt = new Map<string, number>();
    const unsubscribe = observer.onUpdate(api.tournament.get, {}, (t) => {
      const now = performance.now();
      activeId = t?.id ?? null;
      currentStep = t?.currentStep ?? -1;
      for (const b of t?.bannedMaps ?? []) {
        const key = `${t!.id}:${b.map}`;
        if (!seenAt.has(key)) seenAt.set(key, now);
      }
    });

    const delays: number[] = [];
    const acks: number[] = [];
    let tournaments = 0;
    while (delays.length < wanted) {
      const previous = activeId;
      const id = await admin.action(api.tournament.reset, {});
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
        await write(() =>
          s.client.mutation(api.tournament.join, {
            sessionId: s.sessionId,
            team: s.team,
            nickname: s.nickname,
          }),
        );
      }
      await until("both teams full", () => currentStep === 0);

      const state = await observer.query(api.tournament.get, {});
      const pool = [...state!.mapPool];
      const turns = { teamA: 0, teamB: 0 };
      for (let step = 0; step < BANS_PER_TOURNAMENT && delays.length < wanted; step++) {
        const team = state!.sequence[step]!.team;
        // Team members take turns, as two people at two screens would.
        const seat = seats.filter((s) => s.team === team)[turns[team]++ % 2]!;
        const map = pool[(step + tournaments) % POOL_SIZE] ?? pool[0]!;
        pool.splice(pool.indexOf(map), 1);
        const key = `${id}:${map}`;
        let ackAt = 0;
        const startedAt = await write(async () => {
          await seat.client.mutation(api.tournament.ban, {
            sessionId: seat.sessionId,
            map,
            expectedStep: step,
          });
          ackAt = performance.now();
        });
        await until(`the ban of ${map}`, () => seenAt.has(key));
        delays.push(seenAt.get(key)! - startedAt);
        acks.push(ackAt - startedAt);
      }
    }
    unsubscribe();

    const sorted = [...delays].sort((a, b) => a - b);
    const ackSorted = [...acks].sort((a, b) => a - b);
    const median = percentile(sorted, 50);
    const p95 = percentile(sorted, 95);
    console.log(
      `Tournament ban → observer subscription: ${delays.length} bans in ${tournaments} tournaments`,
    );
    console.log(
      `   median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms` +
        ` (target p95 ≤ ${TARGET_P95_MS} ms: ${p95 <= TARGET_P95_MS ? "met" : "MISSED"})`,
    );
    console.log(
      `   banning client's own acknowledgement: median ${percentile(ackSorted, 50).toFixed(1)} ms,` +
        ` p95 ${percentile(ackSorted, 95).toFixed(1)} ms; rate-limited retries: ${rateLimitedRetries}`,
    );
  } finally {
    await Promise.all([admin, observer, ...players].map((c) => c.close()));
    await demo.stop();
  }
}

await main();
process.exit(0);
