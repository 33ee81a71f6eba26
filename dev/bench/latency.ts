/**
 * Delay from a change on the game server to a subscribed dashboard client seeing it.
 *   - poll: the change is found by the poller (5 s ticks while watched);
 *   - push: the game server reports it itself (MatchZy remote log → `POST /api/events/{serverKey}`).
 */
import { ConvexClient } from "convex/browser";
import WebSocket from "ws";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import type { DemoHandle } from "../demo";
import { viewer } from "./live";
import { demoAdminToken, percentile, sleep } from "./util";

export interface Latency {
  p50: number;
  p95: number;
  max: number;
  samples: number;
}

function summarize(delays: number[]): Latency {
  const sorted = [...delays].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1)!,
    samples: delays.length,
  };
}

const MAPS = ["de_nuke", "de_ancient", "de_dust2", "de_inferno", "de_mirage", "de_overpass"];

/** `changelevel` on server1's simulator, timed until a subscribed dashboard shows the new map. */
export async function pollLatency(
  demo: DemoHandle,
  serverId: Id<"servers">,
  samples: number,
): Promise<Latency> {
  const v = viewer(demo.backend.url, serverId, "dashboard", 7777, 60_000);
  let latest = "";
  let seenAt = 0;
  const unsubscribe = v.client.onUpdate(api.live.dashboard, { serverId }, ({ snapshot }) => {
    if (snapshot && snapshot.match.mapName !== latest) {
      latest = snapshot.match.mapName;
      seenAt = performance.now();
    }
  });
  try {
    await v.ready;
    await sleep(1_000);
    const delays: number[] = [];
    for (let i = 0; i < samples; i++) {
      const map = MAPS.find((m) => m !== latest && m !== MAPS[(i + 3) % MAPS.length])!;
      // Random phase relative to the 5 s poll, as a real change would be.
      await sleep(Math.random() * 5_000);
      const changedAt = performance.now();
      demo.sim.servers[0]!.console.exec(`changelevel ${map}`);
      const deadline = changedAt + 15_000;
      while (latest !== map && performance.now() < deadline) await sleep(5);
      delays.push(latest === map ? seenAt - changedAt : Number.POSITIVE_INFINITY);
    }
    return summarize(delays);
  } finally {
    unsubscribe();
    await v.stop();
  }
}

/**
 * The same dashboard, but the change is pushed: the demo admin turns MatchZy push on for server1
 * (`push:enable`, which sends the three `matchzy_remote_log_*` commands), then each sample plays
 * the simulator to the next round end, whose `round_end` event the simulator POSTs to
 * `/api/events/{serverKey}`; timed until the dashboard shows the new score. Push is turned off
 * again afterwards, so the rest of the bench polls as before.
 */
/**
 * Runs `body` with MatchZy push on for the server: the demo admin switches it on (`push:enable`)
 * and off again afterwards, so the rest of the bench polls as before.
 */
export async function withPushOn<T>(
  demo: DemoHandle,
  serverId: Id<"servers">,
  body: () => Promise<T>,
): Promise<T> {
  const admin = new ConvexClient(demo.backend.url, {
    webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
  });
  admin.setAuth(async () => demoAdminToken());
  try {
    await admin.action(api.push.enable, { serverId });
    return await body();
  } finally {
    await admin.action(api.push.disable, { serverId }).catch(() => undefined);
    await admin.close();
  }
}

export async function pushLatency(
  demo: DemoHandle,
  serverId: Id<"servers">,
  samples: number,
): Promise<Latency> {
  const v = viewer(demo.backend.url, serverId, "dashboard", 7778, 60_000);
  let score = "";
  let seenAt = 0;
  const unsubscribe = v.client.onUpdate(api.live.dashboard, { serverId }, ({ snapshot }) => {
    const next = snapshot ? `${snapshot.match.scoreCT}:${snapshot.match.scoreT}` : "";
    if (next !== score) {
      score = next;
      seenAt = performance.now();
    }
  });
  const server = demo.sim.servers[0]!;
  try {
    await v.ready;
    return await withPushOn(demo, serverId, async () => {
      server.advanceUntil("live", 5_000);
      const delays: number[] = [];
      for (let i = 0; i < samples; i++) {
        await sleep(500 + Math.random() * 1_000);
        const before = score;
        const changedAt = performance.now();
        server.advanceUntil("roundEnd", 5_000);
        const deadline = changedAt + 15_000;
        while (score === before && performance.now() < deadline) await sleep(2);
        delays.push(score !== before ? seenAt - changedAt : Number.POSITIVE_INFINITY);
      }
      return summarize(delays);
    });
  } finally {
    unsubscribe();
    await v.stop();
  }
}
