/**
 * The mutes, gags and silences in force per server: kept by the sanction records as they are
 * written, listed for moderators however many other records came after, dropped at expiry and on
 * a lift, and rebuilt from records made before the table existed.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import { recordSanction, type NewSanction } from "./model/moderation/sanctions";
import { personas, serverRow, setupTest } from "./test.setup";

const OLD_MUTE = "76561197960287930";
const OTHER = "76561197960287931";
const ADMIN = { username: "Olena", identity: "admin" as const };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

async function setup() {
  const t = setupTest();
  const who = await personas(t);
  const serverId = await t.run((ctx) => ctx.db.insert("servers", serverRow()));
  const record = async (s: Omit<NewSanction, "serverId">) => {
    // Each record a millisecond after the last: the list's order is the records' order.
    vi.advanceTimersByTime(1);
    await t.run((ctx) => recordSanction(ctx as MutationCtx, { ...s, serverId }, ADMIN));
  };
  const listed = async () =>
    (
      await who.asModerator.query(api.moderation.activeComms, {
        serverId,
        paginationOpts: { numItems: 50, cursor: null },
      })
    ).page.map((s) => `${s.kind} ${s.steamId}`);
  return { t, who, serverId, record, listed };
}

describe("comms in force", () => {
  test("a permanent mute stays listed after 300 newer records on the server", async () => {
    const { record, listed } = await setup();
    await record({ steamId: OLD_MUTE, kind: "mute", durationMinutes: 0, reason: "спам" });
    for (let i = 0; i < 300; i++) {
      await record({ steamId: `7656119800000${String(i).padStart(4, "0")}`, kind: "kick" });
    }
    await record({ steamId: OTHER, kind: "gag", durationMinutes: 30 });
    expect(await listed()).toEqual([`gag ${OTHER}`, `mute ${OLD_MUTE}`]);
  });

  test("each block says whether the caller may lift it: a moderator only a moderator's temporary one", async () => {
    const { t, who, serverId, record } = await setup();
    await record({ steamId: OLD_MUTE, kind: "mute", durationMinutes: 60 });
    vi.advanceTimersByTime(1);
    await t.run((ctx) =>
      recordSanction(
        ctx as MutationCtx,
        { serverId, steamId: OTHER, kind: "gag", durationMinutes: 30 },
        { username: "Mod", identity: "moderator" },
      ),
    );
    const lifts = async (as: typeof who.asModerator) =>
      (
        await as.query(api.moderation.activeComms, {
          serverId,
          paginationOpts: { numItems: 50, cursor: null },
        })
      ).page.map((s) => [s.kind, s.canLift]);
    expect(await lifts(who.asModerator)).toEqual([
      ["gag", true],
      ["mute", false],
    ]);
    expect(await lifts(who.asAdmin)).toEqual([
      ["gag", true],
      ["mute", true],
    ]);
  });

  test("listed a page at a time, newest first", async () => {
    const { who, serverId, record } = await setup();
    for (let i = 0; i < 5; i++) {
      await record({ steamId: `7656119800000000${i}`, kind: "gag", durationMinutes: 0 });
    }
    const pageOf = (cursor: string | null) =>
      who.asModerator.query(api.moderation.activeComms, {
        serverId,
        paginationOpts: { numItems: 3, cursor },
      });
    const first = await pageOf(null);
    const second = await pageOf(first.continueCursor);
    expect([...first.page, ...second.page].map((s) => s.steamId.at(-1))).toEqual([
      "4",
      "3",
      "2",
      "1",
      "0",
    ]);
    expect(second.isDone).toBe(true);
    expect(first.page[0]).toMatchObject({ kind: "gag", by: "Olena", byRole: "admin" });
  });

  test("a newer block of the same kind replaces the old one; lifts end them", async () => {
    const { t, record, listed } = await setup();
    await record({ steamId: OLD_MUTE, kind: "mute", durationMinutes: 60 });
    await record({ steamId: OLD_MUTE, kind: "mute", durationMinutes: 120 });
    await record({ steamId: OLD_MUTE, kind: "gag", durationMinutes: 60 });
    expect(await listed()).toEqual([`gag ${OLD_MUTE}`, `mute ${OLD_MUTE}`]);
    expect(await t.run((ctx) => ctx.db.query("commsInForce").collect())).toHaveLength(2);
    await record({ steamId: OLD_MUTE, kind: "ungag" });
    expect(await listed()).toEqual([`mute ${OLD_MUTE}`]);
    await record({ steamId: OLD_MUTE, kind: "silence", durationMinutes: 0 });
    await record({ steamId: OLD_MUTE, kind: "unsilence" });
    expect(await listed()).toEqual([]);
    expect(await t.run((ctx) => ctx.db.query("commsInForce").collect())).toEqual([]);
  });

  test("a timed block leaves the list at its expiry, and its row is deleted", async () => {
    const { t, record, listed } = await setup();
    await record({ steamId: OLD_MUTE, kind: "mute", durationMinutes: 5 });
    expect(await listed()).toEqual([`mute ${OLD_MUTE}`]);
    vi.advanceTimersByTime(5 * 60_000 + 1);
    await t.finishInProgressScheduledFunctions();
    expect(await listed()).toEqual([]);
    expect(await t.run((ctx) => ctx.db.query("commsInForce").collect())).toEqual([]);
  });

  test("rebuilt from records made before the table existed", async () => {
    const { t, serverId, listed } = await setup();
    const now = Date.now();
    await t.run(async (ctx) => {
      const insert = (
        steamId: string,
        kind: "mute" | "unmute" | "gag",
        at: number,
        expiresAt?: number,
      ) =>
        ctx.db.insert("sanctions", {
          steamId,
          serverId: serverId as Id<"servers">,
          kind,
          ...(kind === "unmute" ? {} : { durationMinutes: expiresAt ? 1 : 0 }),
          ...(expiresAt ? { expiresAt } : {}),
          at,
          by: "Olena",
          byRole: "admin",
          source: "panel",
        });
      await insert(OLD_MUTE, "mute", now - 4_000);
      await insert(OLD_MUTE, "unmute", now - 3_000);
      await insert(OLD_MUTE, "gag", now - 2_000);
      await insert(OTHER, "mute", now - 120_000, now - 60_000);
    });
    expect(await listed()).toEqual([]);
    await t.mutation(internal.moderation.rebuildCommsInForce, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await listed()).toEqual([`gag ${OLD_MUTE}`]);
  });
});
