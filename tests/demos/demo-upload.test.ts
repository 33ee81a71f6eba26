/**
 * A map's demo from MatchZy to the match page, against the simulator and the in-memory backend
 * (real convex/ functions, Convex file storage as a deployment serves it): the simulated MatchZy
 * records the map and uploads a 60 MB demo the way MatchZy does (one POST of the raw .dem, its
 * headers, the custom secret header, redirects followed); the HTTP action answers 307 to an upload
 * URL, so the file goes straight into storage; the claim finds it, checks it and attaches it to the
 * recorded map. Then what is refused or kept apart: a wrong secret, a demo over the size limit, a
 * foreign match, a recording never closed, an upload cut off, a file that is not a demo.
 *
 * The claim job runs 20 s after an upload is announced; the tests run it at once
 * (`demos:claim`), as the scheduler would.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Doc, Id } from "../../convex/_generated/dataModel";
import { DEMO_MAX_BYTES, MATCHZY_DEMO_CVARS } from "../../convex/lib/demos";
import { MATCHZY_REMOTE_LOG_CVARS } from "../../convex/lib/matchzyEvents";
import { PUSH_HEADER } from "../../convex/lib/push";
import { writeGeneratedSecret } from "../../convex/model/servers/records";
import { adminDemoList } from "../../convex/model/demos/read";
import { demoTotals } from "../../convex/model/demos/store";
import { startBackend, type BackendHandle } from "../../dev/backend/server";
import { seedServersFor } from "../../dev/sim/seed-servers";
import { startSimulator, type SimHandle } from "../../dev/sim/simulator";
import type { SimServer } from "../../dev/sim/game-server";

const SECRET = "ab".repeat(32);
const MB = 1024 * 1024;

let sim: SimHandle;
let backend: BackendHandle;
let server: SimServer;

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
    seed: { path: "seed:defaultServers", args: { servers: seedServersFor(sim) } },
  });
  server = sim.servers[1]!;
  await backend.t.run(async (ctx) => {
    const row = (await ctx.db.query("servers").collect()).find((s) => s.key === "server2");
    await writeGeneratedSecret(ctx as never, row!._id as Id<"servers">, "pushSecret", SECRET);
  });
  // What the panel's "turn push on" sets (gameServer/commands.ts pushEnable), typed at the console.
  for (const line of [
    `${MATCHZY_REMOTE_LOG_CVARS.headerKey} "${PUSH_HEADER}"`,
    `${MATCHZY_REMOTE_LOG_CVARS.headerValue} "${SECRET}"`,
    `${MATCHZY_REMOTE_LOG_CVARS.url} "${backend.siteUrl}/api/events/server2"`,
    `${MATCHZY_DEMO_CVARS.headerKey} "${PUSH_HEADER}"`,
    `${MATCHZY_DEMO_CVARS.headerValue} "${SECRET}"`,
    `${MATCHZY_DEMO_CVARS.url} "${backend.siteUrl}/api/demos/server2"`,
    "tv_enable 1",
  ]) {
    expect(server.console.exec(line)).toBe("");
  }
  server.demos.setOptions({ uploadDelayMs: 0 });
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
  await backend.runInternal("demos:claim", { demoId: newest._id, attempt: 0 });
  return (await demos()).find((d) => d._id === newest._id)!;
}

/** Plays the simulated map to its end; MatchZy's events and its upload are sent and answered. */
async function playMap() {
  const uploads = server.demos.uploads.length;
  server.world.cvars.set("mp_teamname_1", "Vovky");
  expect(server.advanceUntil("matchOver", 20_000).reached).toBe(true);
  await server.matchzy.settled();
  await new Promise((r) => setTimeout(r, 20));
  await server.demos.settled();
  expect(server.demos.uploads.length).toBe(uploads + 1);
}

describe("MatchZy's demo upload", () => {
  test("a 60 MB demo reaches storage and its recorded map's page", async () => {
    await playMap();
    const upload = server.demos.uploads.at(-1)!;
    expect(upload).toMatchObject({ bytes: 60 * MB, status: 200, redirects: 1 });
    expect(upload.fileName).toMatch(/^\d{4}-\d\d-\d\d_.+_\d+_de_\w+_Vovky_vs_.+\.dem$/);

    const demo = await claimNewest();
    expect(demo).toMatchObject({
      state: "ready",
      source: "matchzy",
      size: 60 * MB,
      fileName: upload.fileName,
      matchzyMatchId: upload.matchId,
      mapNumber: 0,
    });
    // The same bytes as sent (Convex keeps sha256 in base64).
    const file = (await backend.t.run(async (ctx) => await ctx.db.system.get(demo.storageId!))) as {
      sha256: string;
      size: number;
    };
    expect(Buffer.from(file.sha256, "base64").toString("hex")).toBe(upload.sha256);

    // Attached to the map MatchZy's events recorded, shown with its link on the match page.
    const match = (await backend.t.run(
      async (ctx) => await ctx.db.get(demo.matchId!),
    )) as Doc<"matches">;
    expect(match.matchzy?.matchid).toBe(String(upload.matchId));
    const shown = (await backend.runInternal("demos:ofMatch", { matchId: match._id })) as {
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

  test("a recording never closed is kept as partial; an upload cut off ends as failed", async () => {
    server.demos.setOptions({ bytes: 2 * MB, unclosed: true });
    server.console.exec("mp_warmup_start");
    await playMap();
    expect((await claimNewest()).state).toBe("partial");

    server.demos.setOptions({ unclosed: false, cutAfterBytes: MB });
    server.console.exec("mp_warmup_start");
    await playMap();
    expect(server.demos.uploads.at(-1)!.error).toBeDefined();
    const cut = (await demos()).at(-1)!;
    expect(cut.state).toBe("uploading");
    // Nothing came; once the upload URL has expired the claim gives up.
    await backend.t.run(async (ctx) => {
      await ctx.db.patch(cut._id, { startedAt: Date.now() - 2 * 60 * 60 * 1000 });
    });
    expect(await claimNewest()).toMatchObject({ state: "failed", problem: "never_arrived" });
    server.demos.setOptions({ cutAfterBytes: 0 });
  }, 120_000);
});

describe("uploads refused or kept apart", () => {
  const post = (headers: Record<string, string>, body: Blob | string = "x".repeat(4096)) =>
    fetch(`${backend.siteUrl}/api/demos/server2`, {
      method: "POST",
      headers: { "Content-Type": "application/octet-stream", ...headers },
      body,
      redirect: "manual",
    });
  const demoHeaders = (matchId: string) => ({
    "MatchZy-FileName": "2026-11-29_00-00-00_999_de_dust2_a_vs_b.dem",
    "MatchZy-MatchId": matchId,
    "MatchZy-MapNumber": "0",
  });

  test("no secret or a wrong one: 401, nothing recorded", async () => {
    const before = (await demos()).length;
    expect((await post(demoHeaders("999"))).status).toBe(401);
    expect((await post({ ...demoHeaders("999"), [PUSH_HEADER]: "f".repeat(64) })).status).toBe(401);
    expect((await demos()).length).toBe(before);
  });

  test("over the size limit: 413 before a byte is taken; not a demo's name: 400", async () => {
    const before = (await demos()).length;
    const big = await fetch(`${backend.siteUrl}/api/demos/server2`, {
      method: "POST",
      headers: {
        [PUSH_HEADER]: SECRET,
        ...demoHeaders("999"),
        "Content-Length": String(DEMO_MAX_BYTES + 1),
      },
      // A declared length the client never sends in full: the answer comes before the body.
      body: new ReadableStream({
        start(c) {
          c.enqueue(new Uint8Array(16));
        },
      }),
      duplex: "half",
    } as RequestInit).catch((error: Error) => error);
    expect(big instanceof Error ? big.message : big.status).toBe(413);
    const named = await post({ [PUSH_HEADER]: SECRET, "MatchZy-FileName": "evil.exe" });
    expect(named.status).toBe(400);
    expect((await demos()).length).toBe(before);
  });

  test("a foreign match's demo is kept without a map for an admin; a non-demo file is deleted", async () => {
    const demoBytes = new Uint8Array(8192);
    demoBytes.set(new TextEncoder().encode("PBDEMS2\0"));
    new DataView(demoBytes.buffer).setUint32(8, 8000, true);
    const res = await fetch(`${backend.siteUrl}/api/demos/server2`, {
      method: "POST",
      headers: { [PUSH_HEADER]: SECRET, ...demoHeaders("424242") },
      body: new Blob([demoBytes]),
    });
    expect(res.status).toBe(200);
    const foreign = await claimNewest();
    expect(foreign).toMatchObject({ state: "ready", matchzyMatchId: 424242 });
    expect(foreign.matchId).toBeUndefined();
    const listed = await backend.t.run(async (ctx) => await adminDemoList(ctx));
    expect(listed.attention.map((d) => d.id)).toContain(foreign._id);
    // Visitors never see it: it belongs to no match page.

    const junk = await fetch(`${backend.siteUrl}/api/demos/server2`, {
      method: "POST",
      headers: { [PUSH_HEADER]: SECRET, ...demoHeaders("424243") },
      body: new Blob(["<html>" + "x".repeat(5000)]),
    });
    expect(junk.status).toBe(200);
    const refused = await claimNewest();
    expect(refused).toMatchObject({ state: "failed", problem: "not_a_demo" });
    expect(refused.storageId).toBeUndefined();
    const stored = (await backend.t.run(
      async (ctx) => await ctx.db.system.query("_storage").collect(),
    )) as { size: number }[];
    expect(stored.some((f) => f.size === 5006)).toBe(false);
  });
});
