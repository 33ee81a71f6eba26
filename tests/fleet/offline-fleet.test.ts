/*
 * Twenty watched game servers that never answer, on a backend that runs at most 8 scheduled
 * functions at once (like a deployment): the fleet's polls hold one slot, so a tournament turn
 * clock and a Discord delivery still happen while they hang. Both fall due while all twenty polls
 * hang, so a poller that held a slot per server (or a backend without spare slots) would hold them
 * up until the polls time out. What is asserted is that order (fired before any of the hanging
 * requests was given up) and the poller's own slot use, never how fast this machine ran them:
 * other scheduled work (the Discord workpool's own runs) may overlap more on a loaded machine.
 */
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDiscordStandIn, type DiscordStandIn } from "../../dev/discord/server";
import { startBackend, type BackendHandle } from "../../dev/backend/server";
import type { Id } from "../../convex/_generated/dataModel";
import { sendTest } from "../../convex/model/notifications/notify";
import { createTournament } from "../../convex/model/tournament/state";
import { presetFormat } from "../../convex/lib/tournamentPresets";
import type { SessionId } from "convex-helpers/server/sessions";
import { api, internal } from "../../convex/_generated/api";

const SERVERS = 20;
const SLOTS = 8;

let backend: BackendHandle;
let discord: DiscordStandIn;
let blackhole: net.Server;
/** Open connections to the silent servers, with when each was opened. */
const held = new Map<net.Socket, number>();
/** When each connection closed (the panel gave up on it), by when it was opened. */
const closed: Array<{ openedAt: number; closedAt: number }> = [];
let lastOpenedAt = 0;
let serverIds: Id<"servers">[];

/** Waits for a condition; checking it is cheap (`everyMs`) so it barely loads the backend. */
async function until<T>(
  fn: () => Promise<T | null | undefined | false>,
  timeoutMs: number,
  everyMs = 100,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

beforeAll(async () => {
  // Accepts every connection and never answers: each poll waits for its request timeout.
  blackhole = net.createServer((socket) => {
    lastOpenedAt = Date.now();
    const openedAt = lastOpenedAt;
    held.set(socket, openedAt);
    socket.on("close", () => {
      held.delete(socket);
      closed.push({ openedAt, closedAt: Date.now() });
    });
    socket.on("error", () => {});
    // Reads, so a request the panel gave up on is closed here too (an unread socket never sees
    // the client hang up and would hold its descriptor for the rest of the run).
    socket.resume();
  });
  await new Promise<void>((resolve) => blackhole.listen(0, "127.0.0.1", resolve));
  const port = (blackhole.address() as net.AddressInfo).port;
  discord = await startDiscordStandIn({ port: 0 });
  backend = await startBackend({
    convexDir: path.resolve(import.meta.dirname, "../../convex"),
    port: 0,
    httpPort: 0,
    log: false,
    crons: false,
    env: { DISCORD_WEBHOOK_ORIGIN: discord.url },
    concurrency: { scheduledSlots: SLOTS },
  });
  await backend.runInternal(internal.notifications.seedWebhooks, { baseUrl: discord.url });
  serverIds = (await backend.runInternal(internal.seed.defaultServers, {
    servers: Array.from({ length: SERVERS }, (_, i) => ({
      key: `dark${i}`,
      name: `Dark #${i}`,
      apiBaseUrl: `http://127.0.0.1:${port}`,
      connectAddress: `127.0.0.1:${27015 + i}`,
      connectionType: "HTTP" as const,
    })),
  })) as Id<"servers">[];
  for (const [i, serverId] of serverIds.entries()) {
    await backend.runInternal(api.live.heartbeat, { serverId, viewerId: `viewer-of-dark-${i}` });
  }
}, 60_000);

afterAll(async () => {
  await backend?.stop();
  await discord?.stop();
  for (const socket of held.keys()) socket.destroy();
  await new Promise<void>((resolve) => blackhole.close(() => resolve()));
});

/** A duel in progress (its first turn's clock running). */
async function tournamentInProgress() {
  const id = await backend.t.run((ctx) =>
    ctx.db.insert(
      "tournaments",
      createTournament({
        createdBy: "admin",
        now: Date.now(),
        format: presetFormat("duel"),
        slug: "fleet1",
      }),
    ),
  );
  const seats = [
    ["teamA", "session-alpha-0001" as SessionId],
    ["teamB", "session-bravo-0002" as SessionId],
  ] as const;
  for (const [team, sessionId] of seats) {
    const nickname = sessionId.slice(8, 13);
    await backend.runInternal(api.tournament.join, { tournamentId: id, sessionId, team, nickname });
  }
  for (const [, sessionId] of seats) {
    await backend.runInternal(api.tournament.ready, { tournamentId: id, sessionId });
  }
  return id;
}

/** Moves the running turn's deadline to `deadline`, its timer scheduled as `save` does. */
async function turnEndsAt(id: Id<"tournaments">, deadline: number) {
  await backend.t.run(async (ctx) => {
    const doc = (await ctx.db.get(id))!;
    expect(doc.status).toBe("in_progress");
    await ctx.db.patch(id, { deadline });
    const { internal } = await import("../../convex/_generated/api");
    await ctx.scheduler.runAt(deadline, internal.tournamentAdmin.expire, {
      tournamentId: id,
      step: doc.currentStep,
    });
  });
}

/**
 * The most fleet ticks seen running at once, sampled until `stop()`: a sample can miss a short
 * run but never sees one that did not happen, so a bound on it holds on any machine.
 */
function watchPollerRuns() {
  let most = 0;
  let seen = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const inFlight = await backend.t.run(async (ctx) =>
        (await ctx.db.system.query("_scheduled_functions").collect()).filter(
          (j) => j.state.kind === "inProgress" && j.name.includes("fleetTick"),
        ),
      );
      most = Math.max(most, inFlight.length);
      seen += inFlight.length;
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return { most, seen };
    },
  };
}

/** Connections opened since `since` and still waiting for an answer. */
const hangingSince = (since: number) => [...held.values()].filter((at) => at >= since).length;

/**
 * When the next fleet tick opened its requests (each hangs until its timeout): after a pause in
 * new connections, the first connection of the next burst that reaches every server.
 */
async function nextFleetTick(): Promise<number> {
  await until(async () => Date.now() - lastOpenedAt > 500, 20_000, 10);
  const quietFrom = Date.now();
  await until(async () => hangingSince(quietFrom) >= SERVERS, 20_000, 10);
  return Math.min(...[...held.values()].filter((at) => at >= quietFrom));
}

describe(`${SERVERS} watched servers that never answer, ${SLOTS} scheduled slots`, () => {
  it("a turn clock and a Discord delivery run while all twenty polls hang, the polls in one slot", async () => {
    // Every server has been polled once (and timed out) and stays in the watched loop.
    await until(
      () =>
        backend.t.run(async (ctx) => {
          const statuses = await ctx.db.query("serverStatus").collect();
          return statuses.filter((s) => !s.online).length === SERVERS;
        }),
      30_000,
    );
    backend.resetCounts();
    const pollerRuns = watchPollerRuns();
    const fleetGeneration = () =>
      backend.t.run(async (ctx) => (await ctx.db.query("pollerFleet").first())!.generation);
    const generationBefore = await fleetGeneration();

    const tournamentId = await tournamentInProgress();

    // Both fall due while a fleet tick waits for all twenty servers.
    const tickAt = await nextFleetTick();
    const dueAt = tickAt + 1_000;
    const queuedAt = Date.now();
    await backend.t.run((ctx) => sendTest(ctx, "serverState"));
    await turnEndsAt(tournamentId, dueAt);
    const hangingAtDue = new Promise<number>((resolve) =>
      setTimeout(() => resolve(hangingSince(tickAt)), dueAt - Date.now()),
    );

    // The expired turn starts the next one with a fresh 60 s deadline: when the clock fired.
    const turnMs = presetFormat("duel").turnSeconds * 1000;
    const clockAt = await until(
      () =>
        backend.t.run(async (ctx) => {
          const doc = (await ctx.db.get(tournamentId))!;
          return doc.bannedMaps.length > 0 && doc.deadline !== undefined
            ? doc.deadline - turnMs
            : null;
        }),
      15_000,
      100,
    );
    // The stand-in stamps each message when it arrives.
    const deliveredAt = await until(async () => discord.messages[0]?.at, 15_000, 25);

    expect(await hangingAtDue).toBeGreaterThanOrEqual(SERVERS);
    expect(clockAt).toBeGreaterThanOrEqual(dueAt);
    // Both ran while the tick's twenty requests still hung: none had been given up yet. A poller
    // holding the slots would have made them wait until the requests timed out.
    await until(async () => closed.filter((c) => c.openedAt >= tickAt).length >= SERVERS, 30_000);
    const firstGivenUp = Math.min(
      ...closed.filter((c) => c.openedAt >= tickAt).map((c) => c.closedAt),
    );
    expect(clockAt).toBeLessThan(firstGivenUp);
    expect(deliveredAt).toBeLessThan(firstGivenUp);
    expect(deliveredAt).toBeGreaterThanOrEqual(queuedAt);
    // Meanwhile the fleet went on polling all twenty in one scheduled function per tick: twenty
    // hanging polls held one slot (two while the next tick starts before the last gives up), not
    // one per server.
    await until(async () => (await fleetGeneration()) >= generationBefore + 2, 30_000);
    const { most, seen } = await pollerRuns.stop();
    expect(seen).toBeGreaterThan(0);
    expect(most).toBeGreaterThanOrEqual(1);
    expect(most).toBeLessThanOrEqual(2);
  }, 60_000);
});
