/**
 * Demos under convex-test: what a visitor may download (stored, visible demos only, by their file
 * URL), what admins see and change, retention (age, size cap oldest first, pinned kept), the
 * upload's header checks and the file check.
 */
import { describe, expect, test } from "vitest";
import { api, internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { personas, serverRow, setupTest, type TestConvex } from "../../test.setup";
import { inspectDemo, readDemoHeader, sameMapName, type DemoKind } from "./format";
import { pickUpload } from "./claim";
import { DAY_MS, retentionVerdict } from "./retention";
import { countStored, demoTotals, setRetention } from "./store";
import { followRecording, recordingStem } from "./recording";
import { attachDemosToRecordedMap } from "./attach";

const MB = 1024 * 1024;
const NOW = Date.UTC(2026, 10, 29, 0, 0, 0);

async function seedMatch(ctx: MutationCtx) {
  const serverId = await ctx.db.insert("servers", serverRow());
  const matchId = await ctx.db.insert("matches", {
    serverId,
    serverKey: "s1",
    serverName: "Server #1",
    map: "de_mirage",
    startedAt: NOW - 3_600_000,
    endedAt: NOW,
    scoreCT: 13,
    scoreT: 9,
    winner: "CT",
    rounds: 22,
    source: "push",
    players: [],
    dedupeKey: `${serverId}:matchzy:7:0`,
    counted: false,
    voided: false,
  });
  return { serverId, matchId };
}

/** A demo row with a stored file of `size` bytes (counted in the store's total). */
async function storedDemo(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  fields: Partial<Doc<"demos">> & { size: number },
) {
  const storageId = await ctx.storage.store(new Blob([new Uint8Array(fields.size)]));
  await countStored(ctx, fields.size);
  return await ctx.db.insert("demos", {
    serverId,
    serverKey: "s1",
    source: "matchzy",
    state: "ready",
    fileName: "demo.dem",
    startedAt: NOW,
    storedAt: NOW,
    hidden: false,
    pinned: false,
    storageId,
    ...fields,
  });
}

describe("what a visitor may download", () => {
  async function seeded(t: TestConvex) {
    return await t.run(async (ctx) => {
      const { serverId, matchId } = await seedMatch(ctx);
      const ready = await storedDemo(ctx, serverId, { matchId, size: 2048, fileName: "a.dem" });
      const hidden = await storedDemo(ctx, serverId, { matchId, size: 2048, hidden: true });
      const partial = await storedDemo(ctx, serverId, { matchId, size: 2048, state: "partial" });
      const base = {
        serverId,
        serverKey: "s1",
        matchId,
        startedAt: NOW,
        hidden: false,
        pinned: false,
      };
      await ctx.db.insert("demos", {
        ...base,
        source: "matchzy",
        state: "failed",
        problem: "never_arrived",
        fileName: "lost.dem",
      });
      await ctx.db.insert("demos", {
        ...base,
        source: "matchzy",
        state: "uploading",
        fileName: "u.dem",
      });
      const onServer = await ctx.db.insert("demos", {
        ...base,
        source: "tv_record",
        state: "on_server",
        fileName: "s1_x.dem",
        serverPath: "csgo/panel_demos/s1_x.dem",
      });
      return { matchId, ready, hidden, partial, onServer };
    });
  }

  test("stored and visible demos with their URL; a recording kept on the server says where", async () => {
    const t = setupTest();
    const ids = await seeded(t);
    const shown = await t.query(api.demos.ofMatch, { matchId: ids.matchId });
    expect(shown.map((d) => d.id).sort()).toEqual([ids.ready, ids.partial, ids.onServer].sort());
    const ready = shown.find((d) => d.id === ids.ready)!;
    expect(ready).toMatchObject({ fileName: "a.dem", size: 2048, state: "ready", hidden: false });
    expect(ready.url).toMatch(/^https?:\/\//);
    const onServer = shown.find((d) => d.id === ids.onServer)!;
    expect(onServer).toMatchObject({ url: null, serverPath: "csgo/panel_demos/s1_x.dem" });
    // Nothing for a malformed or unknown match id.
    expect(await t.query(api.demos.ofMatch, { matchId: "nope" })).toEqual([]);
  });

  test("admins see every state; a visitor cannot read their view; hiding takes the link away", async () => {
    const t = setupTest();
    const { anonymous, asUser, asAdmin } = await personas(t);
    const ids = await seeded(t);
    expect(await asAdmin.query(api.demos.adminOfMatch, { matchId: ids.matchId })).toHaveLength(6);
    await expect(asUser.query(api.demos.adminOfMatch, { matchId: ids.matchId })).rejects.toThrow();
    await expect(anonymous.query(api.demos.adminList, {})).rejects.toThrow();

    await asAdmin.action(api.demos.setHidden, { demoId: ids.ready, hidden: true });
    const after = await anonymous.query(api.demos.ofMatch, { matchId: ids.matchId });
    expect(after.some((d) => d.id === ids.ready)).toBe(false);
    // A visitor cannot hide, pin or delete (refused and audited).
    await expect(asUser.action(api.demos.remove, { demoId: ids.partial })).rejects.toThrow();
    expect(await t.run(async (ctx) => await ctx.db.get("demos", ids.partial))).not.toBeNull();

    await asAdmin.action(api.demos.remove, { demoId: ids.partial });
    const gone = await t.run(async (ctx) => ({
      demo: await ctx.db.get("demos", ids.partial),
      totals: await demoTotals(ctx),
    }));
    expect(gone.demo).toBeNull();
    expect(gone.totals).toMatchObject({ count: 2, totalBytes: 4096 });
    const audit = await t.run(async (ctx) => await ctx.db.query("auditLog").collect());
    expect(audit.map((e) => [e.action, e.outcome])).toEqual(
      expect.arrayContaining([
        ["demo_hide", "success"],
        ["demo_delete", "success"],
      ]),
    );
  });
});

describe("retention", () => {
  const item = (id: string, ageDays: number, size: number, pinned = false) => ({
    id: id as Id<"demos">,
    storedAt: NOW - ageDays * DAY_MS,
    size,
    pinned,
  });

  test("older than the days go; over the cap the oldest unpinned go; pinned stay", () => {
    const page = [
      item("old-pinned", 90, 100 * MB, true),
      item("old", 60, 100 * MB),
      item("mid", 20, 100 * MB),
      item("new", 1, 100 * MB),
    ];
    expect(retentionVerdict(page, { days: 30, capBytes: 0 }, 400 * MB, NOW)).toEqual({
      remove: ["old"],
      totalAfter: 300 * MB,
      more: false,
    });
    expect(retentionVerdict(page, { days: 0, capBytes: 250 * MB }, 400 * MB, NOW)).toEqual({
      remove: ["old", "mid"],
      totalAfter: 200 * MB,
      more: false,
    });
    expect(retentionVerdict(page, { days: 0, capBytes: 0 }, 400 * MB, NOW).remove).toEqual([]);
    // A cap the pinned demos alone exceed deletes every unpinned one, never a pinned one.
    expect(retentionVerdict(page, { days: 0, capBytes: 50 * MB }, 400 * MB, NOW).remove).toEqual([
      "old",
      "mid",
      "new",
    ]);
  });

  test("the job deletes rows and files, keeps the total exact, and keeps pinned demos", async () => {
    const t = setupTest();
    const ids = await t.run(async (ctx) => {
      const { serverId } = await seedMatch(ctx);
      await setRetention(ctx, { days: 30, capBytes: 5 * MB });
      const at = (days: number) => Date.now() - days * DAY_MS;
      return {
        pinned: await storedDemo(ctx, serverId, { size: 2 * MB, storedAt: at(90), pinned: true }),
        aged: await storedDemo(ctx, serverId, { size: MB, storedAt: at(40) }),
        // 7 MB left after the aged one: the oldest goes, then 5 MB is within the cap.
        overCap: await storedDemo(ctx, serverId, { size: 2 * MB, storedAt: at(10) }),
        withinCap: await storedDemo(ctx, serverId, { size: MB, storedAt: at(5) }),
        kept: await storedDemo(ctx, serverId, { size: 2 * MB, storedAt: at(1) }),
      };
    });
    const result = await t.mutation(internal.demos.applyRetention, { cursor: null });
    expect(result.removed).toBe(2);
    const after = await t.run(async (ctx) => ({
      demos: (await ctx.db.query("demos").collect()).map((d) => d._id),
      files: (await ctx.db.system.query("_storage").collect()).map((f) => f.size),
      totals: await demoTotals(ctx),
    }));
    expect(after.demos.sort()).toEqual([ids.pinned, ids.withinCap, ids.kept].sort());
    expect(after.files.sort((a, b) => a - b)).toEqual([MB, 2 * MB, 2 * MB]);
    expect(after.totals).toMatchObject({ totalBytes: 5 * MB, count: 3 });
  });

  test("admins set the policy; bad values are refused", async () => {
    const t = setupTest();
    const { asAdmin } = await personas(t);
    await asAdmin.action(api.demos.setRetention, { days: 14, capBytes: 50 * 1024 ** 3 });
    expect(await t.run(demoTotals)).toMatchObject({ days: 14, capBytes: 50 * 1024 ** 3 });
    await expect(asAdmin.action(api.demos.setRetention, { days: -1, capBytes: 0 })).rejects.toThrow(
      /Термін зберігання/,
    );
    await expect(
      asAdmin.action(api.demos.setRetention, { days: 1.5, capBytes: 0 }),
    ).rejects.toThrow(/Термін зберігання/);
  });
});

/** A CS2 demo's first bytes: preamble, then a DEM_FileHeader frame naming the map and server. */
function demoHead(mapName: string, serverName: string, command = 1): Uint8Array {
  const text = (tag: number, value: string) => {
    const bytes = [...new TextEncoder().encode(value)];
    return [(tag << 3) | 2, bytes.length, ...bytes];
  };
  const proto = [
    ...text(1, "PBDEMS2"),
    2 << 3,
    0xf1,
    0x6d, // network_protocol 14065 as a varint
    ...text(3, serverName),
    ...text(4, "SourceTV Demo"),
    ...text(5, mapName),
  ];
  const out = new Uint8Array(16 + 3 + proto.length + 64);
  out.set(new TextEncoder().encode("PBDEMS2\0"));
  new DataView(out.buffer).setUint32(8, 10_000, true);
  out.set([command, 0, proto.length, ...proto], 16);
  return out;
}

describe("what a stored file is and which map it belongs to", () => {
  test("the header frame names the map and the server; anything else names nothing", () => {
    expect(readDemoHeader(demoHead("de_nuke", "Вовки #1 | Київ\u0007"))).toEqual({
      mapName: "de_nuke",
      // UTF-8, bounded and without control characters, as the polls keep the hostname.
      serverName: "Вовки #1 | Київ",
    });
    expect(readDemoHeader(demoHead("de_nuke", "Server #1"))).toEqual({
      mapName: "de_nuke",
      serverName: "Server #1",
    });
    // A compressed or other first frame, a cut-off head, and no demo at all.
    expect(readDemoHeader(demoHead("de_nuke", "x", 65))).toBeNull();
    expect(readDemoHeader(demoHead("de_nuke", "x").subarray(0, 30))).toBeNull();
    expect(readDemoHeader(new TextEncoder().encode("<html>".padEnd(100, "x")))).toBeNull();
    expect(sameMapName("workshop/123/de_x", "DE_X")).toBe(true);
    expect(sameMapName("de_nuke", "de_inferno")).toBe(false);
  });

  test("an upload is the one file whose header names the map; the hostname tells two apart", () => {
    const file = (id: string, mapName: string, serverName: string, kind: DemoKind = "demo") => ({
      storageId: id as Id<"_storage">,
      size: 60 * MB,
      kind,
      header: { mapName, serverName },
    });
    const a = file("a", "de_nuke", "Server #1");
    const b = file("b", "de_nuke", "Server #2");
    const c = file("c", "de_mirage", "Server #1");
    expect(pickUpload([a, c], "de_nuke", null)?.storageId).toBe("a");
    expect(pickUpload([a, b, c], "de_nuke", "Server #2")?.storageId).toBe("b");
    // Two servers ended the same map and the hostname is unknown: neither is guessed.
    expect(pickUpload([a, b], "de_nuke", null)).toBeNull();
    expect(pickUpload([c], "de_nuke", "Server #1")).toBeNull();
    expect(pickUpload([file("d", "de_nuke", "x", "not_a_demo")], "de_nuke", null)).toBeNull();
    expect(pickUpload([file("e", "de_nuke", "x", "truncated")], "de_nuke", null)?.kind).toBe(
      "truncated",
    );
  });

  test("a closed demo, one never closed, an old zipped one, and anything else", () => {
    const head = (magic: string, offset: number) => {
      const b = new Uint8Array(16);
      b.set(new TextEncoder().encode(magic));
      new DataView(b.buffer).setUint32(8, offset, true);
      return b;
    };
    expect(inspectDemo(head("PBDEMS2\0", 5000), 6000)).toBe("demo");
    expect(inspectDemo(head("PBDEMS2\0", 0), 6000)).toBe("truncated");
    expect(inspectDemo(head("PBDEMS2\0", 7000), 6000)).toBe("truncated");
    expect(inspectDemo(head("PK\x03\x04", 0), 6000)).toBe("zip");
    expect(inspectDemo(head("<html>", 0), 6000)).toBe("not_a_demo");
    expect(inspectDemo(new Uint8Array(3), 6000)).toBe("not_a_demo");
  });

  test("the panel's own recording names: safe characters, UTC stamp, the map's last path segment", () => {
    expect(recordingStem("server1", "workshop/123/de_x y", NOW + 15 * 60_000)).toBe(
      "server1_20261129-001500_de_x_y",
    );
  });
});

describe("recording on a server without MatchZy", () => {
  const tracked = (startedAt: number, mapName = "de_nuke") => ({
    state: "open" as const,
    startedAt,
    mapName,
    scoreCT: 0,
    scoreT: 0,
    rounds: 0,
    lines: [],
    updatedAt: startedAt,
  });

  test("a live map gets one recording; its record stops and attaches it; a restart drops it", async () => {
    const t = setupTest();
    const out = await t.run(async (ctx) => {
      const { serverId, matchId } = await seedMatch(ctx);
      const server = (await ctx.db.get("servers", serverId))!;
      const rows = async () => await ctx.db.query("demos").collect();
      const live = tracked(NOW);
      await followRecording(ctx, server, null, live, false, NOW);
      const started = await rows();
      // The next poll of the same map starts nothing new.
      await followRecording(ctx, server, live, { ...live, rounds: 3 }, false, NOW + 5000);
      const samePoll = (await rows()).length;
      await attachDemosToRecordedMap(ctx, serverId, matchId, "other-key");
      const recorded = (await rows())[0]!;
      // The next map goes live, then is restarted before it counts: its recording is dropped.
      const next = tracked(NOW + 60_000, "de_mirage");
      await followRecording(ctx, server, null, next, false, NOW + 60_000);
      const twoRows = (await rows()).length;
      await followRecording(ctx, server, next, null, false, NOW + 90_000);
      const jobs = await ctx.db.system.query("_scheduled_functions").collect();
      return { started, samePoll, recorded, twoRows, after: await rows(), jobs };
    });
    expect(out.started).toHaveLength(1);
    expect(out.started[0]).toMatchObject({
      source: "tv_record",
      state: "recording",
      fileName: "s1_20261129-000000_de_nuke.dem",
      serverPath: "csgo/panel_demos/s1_20261129-000000_de_nuke.dem",
    });
    expect(out.samePoll).toBe(1);
    expect(out.recorded).toMatchObject({ state: "on_server" });
    expect(out.recorded.matchId).toBeDefined();
    expect(out.twoRows).toBe(2);
    expect(out.after.map((d) => d.state)).toEqual(["on_server"]);
    // tv_record, tv_stoprecord (recorded), tv_record, tv_stoprecord (dropped), through the command layer.
    const actions = out.jobs
      .filter((j) => j.name.includes("sendRecording"))
      .map((j) => (j.args[0] as { action: { kind: string } }).action.kind);
    expect(actions).toEqual(["demoRecord", "demoStop", "demoRecord", "demoStop"]);
  });

  test("a MatchZy server records by itself: the panel starts nothing", async () => {
    const t = setupTest();
    const rows = await t.run(async (ctx) => {
      const serverId = await ctx.db.insert("servers", serverRow({ matchzy: true }));
      const server = (await ctx.db.get("servers", serverId))!;
      await followRecording(ctx, server, null, tracked(NOW), false, NOW);
      return await ctx.db.query("demos").collect();
    });
    expect(rows).toEqual([]);
  });
});
