import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import path from "node:path";

/**
 * No test may reach Steam's Web API (workshop titles need no key, so polls ask for them): by
 * default lookups go to a closed loopback port and fail at once. Tests of the lookups point
 * STEAM_WEB_API_BASE at the local stand-in (dev/steam).
 */
const OFFLINE_STEAM = { STEAM_WEB_API_BASE: "http://127.0.0.1:9" };
/**
 * Unit tests post hundreds of log batches: they answer at once. The hold that paces CS2's POSTs
 * in production has its own test; the browser tests run with the production default.
 */
const UNIT_ENV = { ...OFFLINE_STEAM, LOG_ANSWER_HOLD_MS: "0" };

export default defineConfig({
  test: {
    projects: [
      {
        // Convex functions under convex-test, in the runtime Convex docs recommend. Tests sit next
        // to the code they test: convex/**/*.test.ts. The ones that need the game-server simulator
        // (real sockets) are named *.sim.test.ts and run in the node project below.
        test: {
          name: "convex",
          environment: "edge-runtime",
          include: ["convex/**/*.test.ts"],
          exclude: ["**/*.sim.test.ts"],
          // Property runs and multi-step capability tests take 1–6 s on a loaded 2-core machine:
          // past vitest's 5 s default, not a hang.
          testTimeout: 30_000,
          // Hooks start backends and simulators: seconds alone, past vitest's 10 s at load 20+.
          hookTimeout: 60_000,
          server: { deps: { inline: ["convex-test"] } },
          env: UNIT_ENV,
        },
      },
      {
        plugins: [react()],
        resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
        test: {
          name: "web",
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}"],
          setupFiles: ["./src/test/setup.ts"],
          // user-event in jsdom takes 0.5–3 s for a form or the admin tab alone, and several times
          // that on a loaded 2-core machine (17 s seen beside the browser tests): not a hang.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Real network programs: simulator, in-memory backend, codegen check, and the Convex
        // functions against the simulator (convex/**/*.sim.test.ts).
        test: {
          name: "node",
          environment: "node",
          include: ["tests/**/*.test.ts", "dev/**/*.test.ts", "convex/**/*.sim.test.ts"],
          exclude: ["tests/e2e/**", "tests/fleet/**"],
          setupFiles: ["./tests/outbound-setup.ts"],
          testTimeout: 30_000,
          // A simulator's start took over 10 s (vitest's default) in a CI run at load 24.
          hookTimeout: 60_000,
          env: UNIT_ENV,
        },
      },
      {
        // Deadlines a deployment must keep (a turn clock within 1 s while the fleet is down): run
        // after every other project, alone, so the suite's own load is not what they measure.
        test: {
          name: "timing",
          environment: "node",
          include: ["tests/fleet/**/*.test.ts"],
          testTimeout: 60_000,
          env: OFFLINE_STEAM,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Browser tests against demo mode. Each file starts its own stack on OS-assigned ports and
        // its own browser, so files may run side by side (`npm test` runs two at once).
        test: {
          name: "e2e",
          // One production build of the panel for every file (tests/e2e/web-build.ts).
          globalSetup: ["./tests/e2e/web-build.ts"],
          environment: "node",
          include: ["tests/e2e/**/*.test.ts"],
          // A whole flow (the crash recovery: 33 s alone) took over 120 s in a CI run at load 24.
          testTimeout: 300_000,
          hookTimeout: 180_000,
          // expect.poll gives up after 1 s by default: a tab whose chunk and texts load on first
          // click, or a live value a poll brings, can take longer than that on a loaded machine.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
