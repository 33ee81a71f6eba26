/**
 * A map's demo from MatchZy to the match page, against the simulator and the in-memory backend
 * (real convex/ functions, Convex file storage as a deployment serves it): the panel gives the
 * simulated MatchZy a Convex upload URL over the command layer (`demos:renewUploadUrls`); MatchZy
 * records the map and POSTs its 60 MB demo there the way MatchZy does (one POST of the raw .dem,
 * the whole body before the answer); the recorded map awaits its file, and the claim finds it by
 * the map its header names and attaches it. Then what is refused or kept apart: an upload with a
 * stale or forged URL, a recording never closed, an upload cut off, a foreign match's demo and a
 * file that is not a demo (the stray sweep), and the old endpoint.
 *
 * The claim runs 45 s after the map is recorded and the sweep every 15 minutes; the tests run
 * them at once (`demos:claim`, `demos:sweepStrays`), as the scheduler would.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import type { Doc, Id } from "../../convex/_generated/dataModel";
import type { DatabaseReader } from "../../convex/_generated/server";
import { MATCHZY_DEMO_CVARS } from "../../convex/lib/demos";
import { MATCHZY_REMOTE_LOG_CVARS } from "../../convex/lib/matchzyEvents";
import { PUSH_HEADER } from "../../convex/lib/push";
import { writeGeneratedSecret } from "../../convex/model/servers/records";
import { adminDemoList } from "../../convex/model/demos/read";
import { demoTotals } from "../../convex/model/demos/store";
import { callOf, startBackend, type BackendHandle } from "../../dev/backend/server";
import { generateDemo } from "../../dev/sim/demo-recorder";
import { seedServersFor } from "../../dev/sim/seed-servers";
import { startSimulator, type SimHandle } from "../../dev/sim/simulator";
import type { SimServer } from "../../dev/sim/game-server";
import { api, internal } from "../../convex/_generated/api";

const SECRET = "ab".repeat(32);
const MB = 1024 * 1024;

let sim: SimHandle;
let backend: BackendHandle;
let server: SimServer;
let serverId: Id<"servers">;

beforeAll(async () => {
  sim = await startSimulator({
    ephemeral: true,
    tickMs: 0,
    servers: [{ maxRounds: 4 }, { maxRounds: 4 }],
    log: () => {},
  });
  backend = await startBackend({
    convexDir: path.resolve(import.meta.dirname, "../../convex"),
    port: 0,
    httpPort: 0,
    log: false,
    crons: false,
    seed: callOf(internal.seed.defaultServers, { servers: seedServersFor(sim) }),
  });
  server = sim.servers[1]!;
  await backend.t.run(async (ctx) => {
    const row = (await ctx.db.query("servers").collect()).find((s) => s.key === "server2");
    serverId = row!._id as Id<"servers">;
    await writeGeneratedSecret(ctx as never, serverId, "pushSecret", SECRET);
    await ctx.db.insert("pushStatus", { serverId, enabled: true, enabledAt: 1, eventsCount: 0 });
  });
  // What the panel's "turn push on" sets (gameServer/commands.ts pushEnable), typed at the console.
  for (const line of [
    `${MATCHZY_REMOTE_LOG_CVARS.headerKey} "${PUSH_HEADER}"`,
    `${MATCHZY_REMOTE_LOG_CVARS.headerValue} "${SECRET}"`,
    `${MATCHZY_REMOTE_LOG_CVARS.url} "${backend.siteUrl}/api/events/server2"`,
    "tv_enable 1",
  ]) {
    expect(server.console.exec(line)).toBe("");
  }
  server.demos.setOptions({ uploadDelayMs: 0 });
  // The renewal job gives the MatchZy server (push on) a Convex upload URL through its RCON proxy.
  expect(await backend.runInternal(internal.demos.renewUploadUrls, {})).toBe(1);
  expect(server.world.cvars.get(MATCHZY_DEMO_CVARS.url)).toMatch(
    new RegExp(`^${backend.url}/api/storage/upload\\?token=`),
  );
  // Not due again until it has aged.
  expect(await backend.runInternal(internal.demos.renewUploadUrls, {})).toBe(0);
}, 60_000);

afterAll(async () => {
  await backend?.stop();
  await sim?.stop();
});

const demos = async () =>
  (await backend.t.run(async (ctx) => await ctx.db.query("demos").collect())) as Doc<"demos">[];

/** The newest demo row, after its claim ran. */
async function claimNewest(): Promise<Doc<"demos">> {
  const newest = (await demos()).at(-1)!;
  await backend.runInternal(internal.demos.claim, { demoId: newest._id, attempt: 0 });
  return (await demos()).find((d) => d._id === newest._id)!;
}

/** The MatchZy map the history tracker follows as live, if any. */
async function liveMatchzyKey(ctx: { db: DatabaseReader }): Promise<string | null> {
  const tracker = await ctx.db
    .query("historyTrackers")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
  return tracker?.match.state === "open" ? (tracker.match.pushKey ?? null) : null;
}

/**
 * Plays the simulated map to its end; MatchZy's events and its upload are sent and answered, and
 * the panel has recorded the map and awaits its demo (a row of its own).
 */
async function playMap() {
  const uploads = server.demos.uploads.length;
  const rows = (await demos()).length;
  server.world.cvars.set("mp_teamname_1", "Vovky");
  // As on a real server, MatchZy's going_live reaches the panel long before the map ends: a poll
  // that sees the end first then records it under MatchZy's match id, as the upload expects.
  expect(server.advanceUntil("live", 20_000).reached).toBe(true);
  await server.matchzy.settled();
  await expect
    .poll(async () => await backend.t.run(async (ctx) => await liveMatchzyKey(ctx)), {
      timeout: 60_000,
    })
    .toBeTruthy();
  expect(server.advanceUntil("matchOver", 20_000).reached).toBe(true);
  await server.matchzy.settled();
  await server.demos.settled();
  expect(server.demos.uploads.length).toBe(uploads + 1);
  // The map is recorded from its events by a step of its own: on a loaded machine well after the
  // events were answered (a CI run read no row 20 ms later; 21 s with the cores taken by others).
  await expect.poll(async () => (await demos()).length, { timeout: 120_000 }).toBe(rows + 1);
}

// A whole map's events go through the backend per map played: minutes on a loaded machine.
describe("MatchZy's demo upload", { timeout: 240_000 }, () => {
  test("a 60 MB demo goes straight into storage and onto its recorded map's page", async () => {
    await playMap();
    const upload = server.demos.uploads.at(-1)!;
    // One POST to the upload URL, answered by storage itself: no redirect, nothing in between.
    expect(upload).toMatchObject({ bytes: 60 * MB, status: 200, redirects: 0 });
    expect(upload.fileName).toMatch(/^\d{4}-\d\d-\d\d_.+_\d+_de_\w+_Vovky_vs_.+\.dem$/);

    const demo = await claimNewest();
    expect(demo).toMatchObject({
      state: "ready",
      source: "matchzy",
      size: 60 * MB,
      matchzyMatchId: upload.matchId,
      mapNumber: 0,
    });
    // The same bytes as sent (Convex keeps sha256 in base64).
    const file = (await backend.t.run(async (ctx) => await ctx.db.system.get(demo.storageId!))) as {
      sha256: string;
      size: number;
      contentType?: string;
    };
    expect(Buffer.from(file.sha256, "base64").toString("hex")).toBe(upload.sha256);
    expect(file.contentType).toBe("application/octet-stream");

    // Attached to the map MatchZy's events recorded, shown with its link on the match page.
    const match = (await backend.t.run(
      async (ctx) => await ctx.db.get(demo.matchId!),
    )) as Doc<"matches">;
    expect(match.matchzy?.matchid).toBe(String(upload.matchId));
    const shown = (await backend.runInternal(api.demos.ofMatch, { matchId: match._id })) as {
      url: string;
      size: number;
    }[];
    expect(shown).toHaveLength(1);
    expect(shown[0]!.size).toBe(60 * MB);
    const head = await fetch(shown[0]!.url, { headers: { Range: "bytes=0-7" } });
    expect(head.status).toBe(206);
    expect(head.headers.get("content-range")).toBe(`bytes 0-7/${60 * MB}`);
    expect(Buffer.from(await head.arrayBuffer()).toString("latin1")).toBe("PBDEMS2\0");
    const totals = await backend.t.run(async (ctx) => await demoTotals(ctx));
    expect(totals.totalBytes).toBe(60 * MB);
  }, 120_000);

  test("a recording never closed is kept as partial; an upload cut off ends as never arrived", async () => {
    server.demos.setOptions({ bytes: 2 * MB, unclosed: true });
    server.console.exec("mp_warmup_start");
    await playMap();
    expect((await claimNewest()).state).toBe("partial");

    server.demos.setOptions({ unclosed: false, cutAfterBytes: MB });
    server.console.exec("mp_warmup_start");
    await playMap();
    expect(server.demos.uploads.at(-1)!.error).toBeDefined();
    // Nothing was stored: the claim looks again later, and gives up once the wait is over.
    expect((await claimNewest()).state).toBe("uploading");
    const cut = (await demos()).at(-1)!;
    await backend.t.run(async (ctx) => {
      await ctx.db.patch(cut._id, { startedAt: Date.now() - 60 * 60 * 1000 });
    });
    expect(await claimNewest()).toMatchObject({ state: "failed", problem: "never_arrived" });
    server.demos.setOptions({ cutAfterBytes: 0 });
  }, 120_000);
});

describe("uploads refused or kept apart", { timeout: 240_000 }, () => {
  const files = async () =>
    (await backend.t.run(async (ctx) => await ctx.db.system.query("_storage").collect())) as {
      _id: string;
      size: number;
    }[];

  test("a stale or forged upload URL stores nothing; the old HTTP endpoint is gone", async () => {
    const before = (await files()).length;
    const forged = await fetch(`${backend.url}/api/storage/upload?token=forged`, {
      method: "POST",
      body: new Blob([new Uint8Array(generateDemo(4096, 1, true))]),
    });
    expect(forged.status).toBe(401);
    const realNow = backend.storage.now;
    const url = server.world.cvars.get(MATCHZY_DEMO_CVARS.url);
    backend.storage.now = () => realNow() + 61 * 60 * 1000;
    try {
      const stale = await fetch(url, {
        method: "POST",
        body: new Blob([new Uint8Array(generateDemo(4096, 2, true))]),
      });
      expect(stale.status).toBe(401);
    } finally {
      backend.storage.now = realNow;
    }
    const old = await fetch(`${backend.siteUrl}/api/demos/server2`, {
      method: "POST",
      headers: { [PUSH_HEADER]: SECRET },
      body: "x",
    });
    expect(old.status).toBe(404);
    expect((await files()).length).toBe(before);
  });

  test("a foreign match's demo is kept without a map for an admin; a non-demo file is deleted", async () => {
    const url = server.world.cvars.get(MATCHZY_DEMO_CVARS.url);
    const hostname = server.world.cvars.get("hostname");
    const store = async (bytes: Uint8Array) => {
      const res = await fetch(url, {
        method: "POST",
        body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
      });
      return ((await res.json()) as { storageId: string }).storageId;
    };
    const foreignId = await store(
      generateDemo(8192, 3, true, { mapName: "de_foreign", serverName: hostname }),
    );
    const junkId = await store(new TextEncoder().encode("<html>" + "x".repeat(5000)));
    // No recorded map awaits either. Fresh files are left alone; 20 minutes on, the sweep takes them.
    expect(await backend.runInternal(internal.demos.sweepStrays, {})).toEqual({
      kept: 0,
      deleted: 0,
    });
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 21 * 60 * 1000);
      expect(await backend.runInternal(internal.demos.sweepStrays, {})).toEqual({
        kept: 1,
        deleted: 1,
      });
      // Each file is looked at once.
      expect(await backend.runInternal(internal.demos.sweepStrays, {})).toEqual({
        kept: 0,
        deleted: 0,
      });
    } finally {
      vi.useRealTimers();
    }
    const foreign = (await demos()).find((d) => d.storageId === foreignId)!;
    expect(foreign).toMatchObject({ state: "ready", serverKey: "server2", mapName: "de_foreign" });
    expect(foreign.matchId).toBeUndefined();
    const listed = await backend.t.run(async (ctx) => await adminDemoList(ctx));
    expect(listed.attention.map((d) => d.id)).toContain(foreign._id);
    // Visitors never see it: it belongs to no match page. The junk is gone from storage.
    expect((await files()).some((f) => f._id === junkId)).toBe(false);
    expect((await demos()).some((d) => d.storageId === junkId)).toBe(false);
  });
});
