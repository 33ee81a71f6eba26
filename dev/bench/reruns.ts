/**
 * `npx tsx dev/bench/reruns.ts`: how often the in-memory backend reruns one viewer's subscription
 * while both demo servers are polled. Client A subscribes to server1's `live.dashboard` (and
 * heartbeats server1); client B only heartbeats server2, so server2's poller writes as fast as
 * server1's but no query of B's runs. `counts().query` over the window is therefore the number of
 * executions of A's subscription; "updates" is how many of them changed its value.
 * RERUNS_WINDOW_MS sets the window (default 60 s); RERUNS_ALL=1 also measures the players screen
 * (`live.playerList`).
 */
import { ConvexClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import WebSocket from "ws";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { startDemo } from "../demo";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const windowMs = Number(process.env.RERUNS_WINDOW_MS ?? 60_000);

function client(url: string) {
  return new ConvexClient(url, {
    webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
  });
}

function heartbeat(c: ConvexClient, serverId: Id<"servers">, viewerId: string) {
  const beat = () =>
    void c.mutation(api.live.heartbeat, { serverId, viewerId, view: "players" }).catch(() => {});
  beat();
  return setInterval(beat, 60_000);
}

const demo = await startDemo({ ephemeral: true, web: false, quiet: true });
try {
  const probe = client(demo.backend.url);
  const [s1, s2] = await probe.query(api.servers.list, {});
  await probe.close();
  if (!s1 || !s2) throw new Error("expected two seeded servers");

  const b = client(demo.backend.url);
  const beatB = heartbeat(b, s2._id, "reruns-b");

  const phases = [["dashboard"]];
  if (process.env.RERUNS_ALL === "1") phases.push(["playerList"]);
  for (const names of phases) {
    const label = names.map((n) => `live.${n}`).join("+");
    const a = client(demo.backend.url);
    let updates = 0;
    const unsubs = names.map((n) =>
      a.onUpdate(
        makeFunctionReference<"query", { serverId: Id<"servers"> }, unknown>(`live:${n}`),
        { serverId: s1._id },
        () => void updates++,
      ),
    );
    const beatA = heartbeat(a, s1._id, "reruns-a");
    await sleep(6_000); // first runs, both pollers kicked into their fast cadence
    demo.backend.resetCounts();
    updates = 0;
    await sleep(windowMs);
    const c = demo.backend.counts();
    const perHour = (n: number) => ((n * 3_600_000) / windowMs).toFixed(0);
    console.log(
      `${label}: ${c.query} query runs in ${windowMs / 1000} s (${perHour(c.query)}/hour), ` +
        `${updates} changed values (${perHour(updates)}/hour); mutations ${c.mutation}, ` +
        `nested ${c.nested}`,
    );
    clearInterval(beatA);
    unsubs.forEach((u) => u());
    await a.close();
  }
  clearInterval(beatB);
  await b.close();
} finally {
  await demo.stop();
}
process.exit(0);
