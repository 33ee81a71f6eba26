/**
 * CS2's HTTP log endpoint (`POST /api/log/{key}/{secret}`, model/serverLog/http.ts) under hostile
 * input: only a POST to the server's own secret URL stores anything, a batch is one write, a resent
 * batch adds nothing, and the bomb reaches the live match.
 */
import { describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { KILL_FEED_SIZE } from "./lib/killFeed";
import { matchSnapshotOf } from "./model/live/snapshots";
import { C4_TIMER_MS } from "./model/live/matchMerge";
import { LOG_BODY_MAX_BYTES } from "./model/serverLog/http";
import { logStatusView } from "./model/serverLog/status";
import { recordMatch } from "./model/history/record";
import { closeEarly } from "./model/history/tracker";
import type { TrackedMatch } from "./lib/history";
import { serverRow, setupTest, type TestConvex } from "./test.setup";
import { WARMUP } from "./testing/push.helpers";

const SECRET = "cd".repeat(32);
/** A plain CS2 server's match: its polls see no phase, so no bomb either. */
const LIVE = {
  ...WARMUP,
  roundPhase: "live" as const,
  round: 3,
  unknown: ["score" as const, "phase" as const],
};

async function world() {
  const t = setupTest();
  const serverId = await t.run(async (ctx) => {
    const serverId = await ctx.db.insert("servers", serverRow({ key: "server1" }));
    await ctx.db.insert(
      "servers",
      serverRow({
        key: "off",
        name: "Off",
        connectAddress: "127.0.0.1:27016",
        disabled: true,
        order: 1,
      }),
    );
    await ctx.db.insert("serverSecrets", { serverId, logSecret: SECRET });
    await ctx.db.insert("serverLogStatus", { serverId, enabled: true, enabledAt: 1 });
    await ctx.db.insert("matchSnapshots", { serverId, match: LIVE, updatedAt: 1 });
    return serverId;
  });
  return { t, serverId };
}

let clock = 0;
/** One kill line in CS2's HTTP log form; each call a later timestamp (its identity in the feed). */
function kill(attacker = "Alpha", victim = "Bravo", flags = " (headshot penetrated)") {
  const at = new Date(Date.UTC(2026, 10, 25, 20, 0, 0, ++clock)).toISOString();
  const stamp = `11/25/2026 - ${at.slice(11, 23)}`;
  return `${stamp} - "${attacker}<2><[U:1:11]><CT>" [1 2 3] killed "${victim}<3><[U:1:22]><TERRORIST>" [4 5 6] with "ak47"${flags}`;
}
const line = (text: string) => `11/25/2026 - 20:30:00.000 - ${text}`;

async function post(t: TestConvex, body: string, { key = "server1", secret = SECRET } = {}) {
  return await t.fetch(`/api/log/${key}/${secret}`, {
    method: "POST",
    headers: { "Content-Type": "text/plain" },
    body,
  });
}

async function feed(t: TestConvex, serverId: Id<"servers">) {
  return await t.query(api.serverLog.killFeed, { serverId });
}

async function writesOf(t: TestConvex, serverId: Id<"servers">) {
  return await t.run(async (ctx) => ({
    feed: await ctx.db.query("killFeeds").collect(),
    status: await logStatusView(ctx, serverId),
    match: (await matchSnapshotOf(ctx, serverId))?.match,
  }));
}

describe("POST /api/log/{key}/{secret}: refusals store nothing", () => {
  test("a wrong secret, a cleared one, an unknown or disabled server: 410 (CS2 drops the listener)", async () => {
    const { t, serverId } = await world();
    const body = kill() + "\n";
    for (const secret of ["ef".repeat(32), `${SECRET.slice(0, -1)}0`]) {
      expect((await post(t, body, { secret })).status).toBe(410);
    }
    expect((await post(t, body, { secret: SECRET.slice(0, 32) })).status).toBe(410);
    expect((await post(t, body, { secret: "x".repeat(64) })).status).toBe(410);
    expect((await post(t, body, { key: "nope" })).status).toBe(410);
    expect((await post(t, body, { key: "off" })).status).toBe(410);
    await t.run(async (ctx) => {
      const row = await ctx.db.query("serverSecrets").first();
      await ctx.db.patch("serverSecrets", row!._id, { logSecret: undefined });
    });
    expect((await post(t, body)).status).toBe(410);
    expect(await feed(t, serverId)).toBeNull();
    const { status } = await writesOf(t, serverId);
    expect(status).toMatchObject({ lastBatchAt: null, refusedCount: 0 });
  });

  test("a path without the secret segment: 404", async () => {
    const { t, serverId } = await world();
    const res = await t.fetch("/api/log/server1", { method: "POST", body: kill() });
    expect(res.status).toBe(404);
    expect(
      (await t.fetch(`/api/log/server1/${SECRET}/x`, { method: "POST", body: kill() })).status,
    ).toBe(404);
    expect(await feed(t, serverId)).toBeNull();
  });

  test("an oversized body: 413; a batch as big as CS2 sends (250 KB) is taken", async () => {
    const { t, serverId } = await world();
    const noise = line(`"x<2><[U:1:5]><CT>" purchased "ak47"`) + "\n";
    const big = noise.repeat(Math.ceil(LOG_BODY_MAX_BYTES / noise.length) + 1);
    expect(big.length).toBeGreaterThan(LOG_BODY_MAX_BYTES);
    expect((await post(t, big + kill())).status).toBe(413);
    expect(await feed(t, serverId)).toBeNull();
    const full = noise.repeat(Math.ceil(250_000 / noise.length)) + kill();
    expect((await post(t, full)).status).toBe(200);
    expect((await feed(t, serverId))?.kills).toHaveLength(1);
  });

  test("garbage with the right secret: 400, counted in the log status, nothing stored", async () => {
    const { t, serverId } = await world();
    for (const body of ["", '{"event":"round_end"}', "<html>killed with</html>", "\u0000\u0001"]) {
      expect((await post(t, body)).status).toBe(400);
    }
    const { feed: rows, status, match } = await writesOf(t, serverId);
    expect(rows).toEqual([]);
    expect(status).toMatchObject({ refusedCount: 4, lastRefusal: "unreadable", lastBatchAt: null });
    expect(match).toEqual(LIVE);
  });
});

describe("POST /api/log/{key}/{secret}: a batch", () => {
  test("kills are stored newest first, once: a resent batch adds nothing", async () => {
    const { t, serverId } = await world();
    const batch = [
      kill("A1", "V1"),
      line(`"x<2><[U:1:5]><CT>" purchased "ak47"`),
      kill("A2", "V2", ""),
    ];
    expect((await post(t, batch.join("\n") + "\n")).status).toBe(200);
    const first = await feed(t, serverId);
    expect(
      first?.kills.map((k) => [k.attacker.name, k.victim.name, k.headshot, k.penetrated]),
    ).toEqual([
      ["A2", "V2", false, false],
      ["A1", "V1", true, true],
    ]);
    expect(first?.kills[0]?.attacker.steamId).toBe("76561197960265739");
    // CS2 sends the same lines again after a lost answer: nothing changes, nothing is written.
    const before = (await writesOf(t, serverId)).feed[0]!;
    expect((await post(t, batch.join("\n"))).status).toBe(200);
    const after = (await writesOf(t, serverId)).feed[0]!;
    expect(after.updatedAt).toBe(before.updatedAt);
    expect(after.kills).toEqual(before.kills);
  });

  test("the feed keeps the last KILL_FEED_SIZE kills", async () => {
    const { t, serverId } = await world();
    const names = Array.from({ length: KILL_FEED_SIZE + 5 }, (_, i) => `P${i}`);
    expect((await post(t, names.map((n) => kill(n, "V")).join("\n"))).status).toBe(200);
    const kills = (await feed(t, serverId))!.kills;
    expect(kills).toHaveLength(KILL_FEED_SIZE);
    expect(kills[0]!.attacker.name).toBe(names.at(-1));
  });

  test("kills count by weapon into the match being played, once, and the recorded match keeps them", async () => {
    const { t, serverId } = await world();
    const awp = (a: string, v: string) => kill(a, v, "").replace('"ak47"', '"awp"');
    // Warmup (no match open): nothing counted.
    expect((await post(t, kill("W", "X"))).status).toBe(200);
    const open: TrackedMatch = {
      state: "open",
      startedAt: 1,
      mapName: "de_dust2",
      scoreCT: 3,
      scoreT: 2,
      rounds: 5,
      lines: [],
      updatedAt: 1,
    };
    const trackerId = await t.run(async (ctx) =>
      ctx.db.insert("historyTrackers", { serverId, match: open }),
    );
    const batch = [kill("A1", "V1"), awp("A2", "V2"), kill("A3", "V3", "")].join("\n");
    expect((await post(t, batch)).status).toBe(200);
    // CS2 sends the same lines again with one more kill: only the new one counts.
    expect((await post(t, `${batch}\n${awp("A4", "V4")}`)).status).toBe(200);
    const tracked = await t.run(async (ctx) => (await ctx.db.get("historyTrackers", trackerId))!);
    expect(tracked.match.weapons).toEqual([
      { weapon: "ak47", kills: 2, headshots: 1 },
      { weapon: "awp", kills: 2, headshots: 0 },
    ]);
    const matchId = await t.run(async (ctx) =>
      recordMatch(ctx, serverId, closeEarly(tracked.match, "poll")!),
    );
    const detail = await t.query(api.history.match, { id: matchId! });
    expect(detail?.weapons).toEqual(tracked.match.weapons);
    // The match is over: later kills (the end screen, the next warmup) count nowhere.
    await t.run(async (ctx) =>
      ctx.db.patch("historyTrackers", trackerId, {
        match: { ...tracked.match, state: "finished" },
      }),
    );
    expect((await post(t, kill("A5", "V5"))).status).toBe(200);
    const after = await t.run(async (ctx) => (await ctx.db.get("historyTrackers", trackerId))!);
    expect(after.match.weapons).toEqual(tracked.match.weapons);
  });

  test("a batch without kills or bomb writes nothing a spectator reads", async () => {
    const { t, serverId } = await world();
    expect((await post(t, line(`"x<2><[U:1:5]><CT>" purchased "ak47"`))).status).toBe(200);
    const { feed: rows, match, status } = await writesOf(t, serverId);
    expect(rows).toEqual([]);
    expect(match).toEqual(LIVE);
    expect(status.lastBatchAt).not.toBeNull();
  });

  test("the bomb on a server that cannot poll it: planted starts the timer, defused clears it", async () => {
    const { t, serverId } = await world();
    const before = Date.now();
    const planted = line(`"T1<4><[U:1:9]><TERRORIST>" triggered "Planted_The_Bomb" at bombsite A`);
    expect((await post(t, planted)).status).toBe(200);
    const { match } = await writesOf(t, serverId);
    expect(match?.bombEndsAt).toBeGreaterThanOrEqual(before + C4_TIMER_MS);
    expect(match?.bombEndsAt).toBeLessThanOrEqual(Date.now() + C4_TIMER_MS);
    const ends = [
      // What CS2 writes: the defuse's start, then the round's notice (no Defused_The_Bomb).
      line(`"C1<5><[U:1:8]><CT>" triggered "Begin_Bomb_Defuse_With_Kit"`),
      line(`Team "CT" triggered "SFUI_Notice_Bomb_Defused" (CT "2") (T "1")`),
    ];
    expect((await post(t, ends.join("\n"))).status).toBe(200);
    expect((await writesOf(t, serverId)).match?.bombEndsAt).toBeUndefined();
    // Where the plugin reports the bomb itself, the log leaves its timer alone.
    await t.run(async (ctx) => {
      const row = await matchSnapshotOf(ctx, serverId);
      await ctx.db.patch("matchSnapshots", row!._id, { match: WARMUP, updatedAt: 1 });
    });
    expect((await post(t, planted)).status).toBe(200);
    expect((await writesOf(t, serverId)).match).toEqual(WARMUP);
  });

  test("over the server's rate: 429 with Retry-After, and the batch is not acknowledged", async () => {
    const { t } = await world();
    let refused: Response | undefined;
    for (let i = 0; i < 400 && !refused; i++) {
      const res = await post(t, line(`"x<2><[U:1:5]><CT>" purchased "ak47"`));
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(200);
    }
    expect(refused?.headers.get("Retry-After")).toMatch(/^\d+$/);
  }, 60_000); // a few hundred requests through the HTTP router: seconds on a busy machine
});
