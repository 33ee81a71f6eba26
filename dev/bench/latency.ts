/**
 * Delay from a change on the game server to a subscribed dashboard client seeing it.
 *   - poll: the change is found by the poller (5 s ticks while watched);
 *   - push: the game server reports it itself (MatchZy remote log → `POST /api/events/{serverKey}`).
 */
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import type { DemoHandle } from "../demo";
import { viewer } from "./live";
import { percentile, sleep } from "./util";

export interface Latency {
  p50: number;
  p95: number;
  max: number;
  samples: number;
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
    const sorted = [...delays].sort((a, b) => a - b);
    return {
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      max: sorted.at(-1)!,
      samples,
    };
  } finally {
    unsubscribe();
    await v.stop();
  }
}

/**
 * Stub, filled in when the push endpoint lands: the same change pushed by the game server (MatchZy's
 * remote log, `POST /api/events/{serverKey}`, docs/game-server-api.md §6) instead of found by the
 * poller. That endpoint is not on this branch, so there is nothing to measure yet: null, never an
 * estimate.
 */
export function pushLatency(): Latency | null {
  return null;
}
