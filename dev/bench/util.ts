/** Small helpers shared by the benchmarks. */
import { ConvexClient } from "convex/browser";
import WebSocket from "ws";
import { makeDemoJwt } from "../backend/server";
import { DEMO_ADMIN_EMAIL } from "../demo";

/** CS2's competitive round timing (gamemode_competitive), which the simulator then plays. */
export const COMPETITIVE_TIMING = [
  "mp_freezetime 15",
  "mp_roundtime 1.92",
  "mp_round_restart_delay 7",
];

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function client(url: string) {
  return new ConvexClient(url, {
    webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
  });
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function until(what: string, ok: () => boolean, timeoutMs = 10_000) {
  const deadline = performance.now() + timeoutMs;
  while (!ok()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(1);
  }
}

export const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

/** A token of the demo admin (an admin through ADMIN_EMAILS on the demo backend). */
export function demoAdminToken(): string {
  return makeDemoJwt({
    iss: "https://demo.cs2-panel.local",
    sub: "demo-admin",
    name: "Demo Admin",
    nickname: "admin",
    email: DEMO_ADMIN_EMAIL,
    email_verified: true,
  });
}
