/*
 * A shared link: dozens of tabs open one server in the same instant. On a deployment their
 * heartbeats run as concurrent mutations under optimistic concurrency control, so each must
 * commit within Convex's retries however many arrive together. Here every join of a wave asks to
 * start before the first one commits, and the backend counts all of them as overlapping (a
 * conflict window of a minute): the worst case, and the same on every run.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import path from "node:path";
import type { Id } from "../../convex/_generated/dataModel";
import { startBackend, type BackendHandle } from "../../dev/backend/server";
import { api, internal } from "../../convex/_generated/api";

let backend: BackendHandle;
let serverIds: [Id<"servers">, Id<"servers">];

beforeAll(async () => {
  backend = await startBackend({
    convexDir: path.resolve(import.meta.dirname, "../../convex"),
    port: 0,
    httpPort: 0,
    log: false,
    crons: false,
    concurrency: { scheduledSlots: 8, conflictWindowMs: 60_000 },
  });
  // Port 9 (discard) on loopback: nothing listens, so each poll fails at once.
  serverIds = (await backend.runInternal(internal.seed.defaultServers, {
    servers: ["a", "b"].map((key) => ({
      key,
      name: `Server ${key}`,
      apiBaseUrl: "http://127.0.0.1:9",
      connectAddress: "127.0.0.1:27015",
      connectionType: "HTTP" as const,
    })),
  })) as [Id<"servers">, Id<"servers">];
}, 60_000);

afterAll(async () => {
  await backend?.stop();
});

async function rowsOf(serverId: Id<"servers">) {
  const rows = await backend.t.run((ctx) => ctx.db.query("presence").collect());
  return rows.filter((row) => row.serverId === serverId);
}

/** `crowd` new tabs on each server at once: the dashboard on one, the player list on the other. */
async function join(wave: string, crowd: number) {
  const [a, b] = serverIds;
  const outcomes = await Promise.allSettled(
    Array.from({ length: crowd * 2 }, (_, i) =>
      backend.runInternal(api.live.heartbeat, {
        serverId: i < crowd ? a : b,
        viewerId: `tab-${wave}-${i.toString().padStart(3, "0")}`,
        view: i < crowd ? "other" : "players",
      }),
    ),
  );
  return outcomes.filter((o) => o.status === "rejected").map((o) => String(o.reason));
}

describe("a crowd opening one server at once", () => {
  it("admits every tab: all heartbeats commit, one presence row each", async () => {
    const [a, b] = serverIds;
    // The first wave finds nobody watching: every join's read of the empty presence range is
    // changed by the first row, so they retry once, one after another.
    expect(await join("first", 16)).toEqual([]);
    const before = backend.concurrency().conflictRetries;
    // The second wave finds the server watched and its admission buckets in use, as a link
    // shared on a stream would.
    expect(await join("second", 48)).toEqual([]);
    expect(await rowsOf(a)).toHaveLength(64);
    const listeners = await rowsOf(b);
    expect(listeners).toHaveLength(64);
    expect(listeners.every((row) => row.players)).toBe(true);
    // A join conflicts only with joins whose tab ids share its admission bucket: a few of 96.
    // (One shared document, or a read of the newest presence rows, would make it nearly all.)
    const retries = backend.concurrency().conflictRetries - before;
    expect(retries).toBeLessThan(96 / 4);
    expect(backend.concurrency().conflictFailures).toBe(0);
  }, 60_000);
});
