import { describe, expect, onTestFinished, test, vi } from "vitest";
import type { FunctionArgs } from "convex/server";
import { api, internal } from "./_generated/api";
import { newViewerPartition } from "./lib/rateLimits";
import { PRESENCE_CLEANUP_BATCH } from "./model/live/presence";
import { setupTest, serverRow } from "./test.setup";

async function withServer() {
  const t = setupTest();
  const serverId = await t.run((ctx) => ctx.db.insert("servers", serverRow()));
  return { t, serverId };
}

describe("viewer heartbeat", () => {
  test("one row per tab, refreshed rather than duplicated", async () => {
    const { t, serverId } = await withServer();
    await t.mutation(api.live.heartbeat, { serverId, viewerId: "tab-aaaaaaaa" });
    await t.mutation(api.live.heartbeat, { serverId, viewerId: "tab-aaaaaaaa" });
    await t.mutation(api.live.heartbeat, { serverId, viewerId: "tab-bbbbbbbb" });
    const rows = await t.run((ctx) => ctx.db.query("presence").collect());
    expect(rows).toHaveLength(2);
  });

  test("one tab's refreshes are rate-limited: past its budget a heartbeat changes nothing", async () => {
    vi.useFakeTimers(); // nothing refills during the loop
    onTestFinished(() => void vi.useRealTimers());
    const { t, serverId } = await withServer();
    const views = [];
    for (let i = 0; i < 40; i++) {
      const view = i % 2 === 0 ? ("players" as const) : ("other" as const);
      await t.mutation(api.live.heartbeat, { serverId, viewerId: "tab-toggler", view });
      const [row] = await t.run((ctx) => ctx.db.query("presence").collect());
      views.push(row!.players);
    }
    // The first call creates the row, ten refreshes follow; the rest leave it untouched.
    expect(new Set(views.slice(11))).toEqual(new Set([views[10]]));
    expect(new Set(views.slice(0, 11)).size).toBe(2);
  });

  test("a tab's same-view refresh within 10 s changes nothing; later it extends the row", async () => {
    vi.useFakeTimers();
    onTestFinished(() => void vi.useRealTimers());
    const { t, serverId } = await withServer();
    const expiry = async () => (await t.run((ctx) => ctx.db.query("presence").first()))!.expiresAt;
    await t.mutation(api.live.heartbeat, { serverId, viewerId: "tab-steady01" });
    const first = await expiry();
    vi.advanceTimersByTime(9_000);
    await t.mutation(api.live.heartbeat, { serverId, viewerId: "tab-steady01" });
    expect(await expiry()).toBe(first);
    // A change of view is not held back by the quiet interval.
    await t.mutation(api.live.heartbeat, { serverId, viewerId: "tab-steady01", view: "players" });
    expect(await expiry()).toBe(first + 9_000);
    vi.advanceTimersByTime(72_000);
    await t.mutation(api.live.heartbeat, { serverId, viewerId: "tab-steady01", view: "players" });
    expect(await expiry()).toBe(first + 81_000);
  });

  test("refuses malformed tab ids and ignores disabled servers", async () => {
    const { t, serverId } = await withServer();
    await expect(t.mutation(api.live.heartbeat, { serverId, viewerId: "x" })).rejects.toMatchObject(
      {
        data: { code: "INVALID_INPUT" },
      },
    );
    await t.run((ctx) => ctx.db.patch("servers", serverId, { disabled: true }));
    await t.mutation(api.live.heartbeat, { serverId, viewerId: "tab-cccccccc" });
    expect(await t.run((ctx) => ctx.db.query("presence").collect())).toHaveLength(0);
  });

  // 300 sequential mutations: about a second alone, several on a busy machine.
  test("a flood of fresh tab ids cannot grow the presence table without bound", async () => {
    vi.useFakeTimers(); // the clock stands still: nothing refills however long the loop takes
    onTestFinished(() => void vi.useRealTimers());
    const { t, serverId } = await withServer();
    for (let i = 0; i < 300; i++) {
      await t.mutation(api.live.heartbeat, {
        serverId,
        viewerId: `flood-${i.toString().padStart(6, "0")}`,
      });
    }
    const rows = await t.run((ctx) => ctx.db.query("presence").collect());
    // The newViewers capacity, 200, held in 64 buckets of 3.125: each admits 3 whole tokens, so
    // slightly fewer may get in, never more.
    expect(rows.length).toBeLessThanOrEqual(200);
    expect(rows.length).toBeGreaterThanOrEqual(192);
    // The budget is per server: a new viewer of another server is still admitted.
    const other = await t.run((ctx) =>
      ctx.db.insert("servers", serverRow({ key: "s2", name: "Server #2", order: 1 })),
    );
    await t.mutation(api.live.heartbeat, { serverId: other, viewerId: "real-viewer-1" });
    const theirs = await t.run((ctx) =>
      ctx.db
        .query("presence")
        .withIndex("by_serverId_and_viewerId", (q) => q.eq("serverId", other))
        .collect(),
    );
    expect(theirs).toHaveLength(1);
  }, 30_000);

  test("tabs whose ids share an admission bucket still get in once it runs dry", async () => {
    vi.useFakeTimers(); // nothing refills
    onTestFinished(() => void vi.useRealTimers());
    const { t, serverId } = await withServer();
    // Six ids of one bucket (3.125 tokens): past its third, they draw from the opposite one.
    const home = newViewerPartition("tab-00000000");
    const ids: string[] = [];
    for (let i = 0; ids.length < 6; i++) {
      const id = `tab-${i.toString().padStart(8, "0")}`;
      if (newViewerPartition(id) === home) ids.push(id);
    }
    for (const viewerId of ids) await t.mutation(api.live.heartbeat, { serverId, viewerId });
    expect(await t.run((ctx) => ctx.db.query("presence").collect())).toHaveLength(6);
  });
});

describe("presence clean-up", () => {
  test("keeps up with any admission rate: a full batch schedules the next until none is left", async () => {
    vi.useFakeTimers();
    try {
      const t = setupTest();
      // Disabled: no poller loop runs beside the clean-up.
      const serverId = await t.run((ctx) =>
        ctx.db.insert("servers", serverRow({ key: "off", name: "Disabled", disabled: true })),
      );
      const expired = PRESENCE_CLEANUP_BATCH * 2 + 123;
      await t.run(async (ctx) => {
        for (let i = 0; i < expired; i++) {
          await ctx.db.insert("presence", { serverId, viewerId: `flood-${i}`, expiresAt: 1 });
        }
        await ctx.db.insert("presence", { serverId, viewerId: "live-tab", expiresAt: 9e15 });
      });
      expect(await t.mutation(internal.poller.storeSweepResults, { results: [] })).toMatchObject({
        cleaned: PRESENCE_CLEANUP_BATCH,
      });
      await t.finishAllScheduledFunctions(vi.runAllTimers);
      const left = await t.run((ctx) => ctx.db.query("presence").collect());
      expect(left.map((r) => r.viewerId)).toEqual(["live-tab"]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the dashboard query by what the page knows", () => {
  async function twoServers() {
    const t = setupTest();
    const first = await t.run((ctx) =>
      ctx.db.insert("servers", { ...serverRow(), key: "alpha", order: 0 }),
    );
    const second = await t.run((ctx) =>
      ctx.db.insert("servers", { ...serverRow(), key: "beta", order: 1 }),
    );
    return { t, first, second };
  }

  test("the link's key wins, then the remembered id, then (for the panel) the first server", async () => {
    const { t, first, second } = await twoServers();
    const shown = async (args: FunctionArgs<typeof api.live.dashboard>) =>
      (await t.query(api.live.dashboard, args)).serverId;
    expect(await shown({ serverKey: "beta", serverId: first, orFirst: true })).toBe(second);
    expect(await shown({ serverKey: "nope", serverId: second, orFirst: true })).toBe(second);
    expect(await shown({ orFirst: true })).toBe(first);
    expect(await shown({ serverId: first })).toBe(first);
    // A remembered id from another deployment (or garbage) names nothing: the first server.
    expect(await shown({ serverId: "not-an-id", orFirst: true })).toBe(first);
  });

  test("an unknown, overlong or disabled key names nothing without the panel's fallback", async () => {
    const { t, second } = await twoServers();
    await t.run((ctx) => ctx.db.patch("servers", second, { disabled: true }));
    for (const serverKey of ["nope", "beta", "x".repeat(100)]) {
      expect(await t.query(api.live.dashboard, { serverKey })).toEqual({
        serverId: null,
        gotvAddress: null,
        status: null,
        snapshot: null,
        rounds: [],
      });
    }
  });
});

describe("where to watch one server through GOTV", () => {
  test("host and GOTV port while it broadcasts; null offline, with GOTV off, or disabled", async () => {
    const { t, serverId } = await withServer();
    const gotv = async () => await t.query(api.live.gotv, { serverId });
    expect(await gotv()).toBeNull();
    const statusId = await t.run((ctx) =>
      ctx.db.insert("serverStatus", {
        serverId,
        online: true,
        livenessAt: 1,
        changedAt: 1,
        tvPort: 27020,
      }),
    );
    expect(await gotv()).toBe("127.0.0.1:27020");
    await t.run((ctx) => ctx.db.patch("servers", serverId, { gotvPort: 27021 }));
    expect(await gotv()).toBe("127.0.0.1:27021");
    await t.run((ctx) => ctx.db.patch("serverStatus", statusId, { tvPort: undefined }));
    expect(await gotv()).toBeNull();
    await t.run((ctx) => ctx.db.patch("serverStatus", statusId, { tvPort: 27020, online: false }));
    expect(await gotv()).toBeNull();
    await t.run(async (ctx) => {
      await ctx.db.patch("serverStatus", statusId, { online: true });
      await ctx.db.patch("servers", serverId, { disabled: true });
    });
    expect(await gotv()).toBeNull();
  });
});
