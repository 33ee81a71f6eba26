/**
 * Warnings and appeals through the real Convex actions against the simulator: the warning that
 * reaches the owner's threshold bans on the game server (or is proposed when the moderator may
 * not give it), an accepted appeal lifts the ban there, and moderators decide only appeals of
 * moderators' sanctions. The player reads all of it on their own record.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { seededWorld, startTestSimulator } from "./testing/sim.helpers";
import type { personas, TestConvex } from "./test.setup";
import type { SimHandle } from "../dev/sim/simulator";
import { DEFAULT_CONDUCT_SETTINGS } from "./lib/conductFields";

let sim: SimHandle;
let t: TestConvex;
let who: Awaited<ReturnType<typeof personas>>;
let serverId: Id<"servers">;

/** A fresh player each test (the simulator keeps its ban list across resets); Petro's Steam. */
let PLAYER = "76561198000000040";
let next = 40;
const bansOnServer = () =>
  sim.servers[0]!.state()
    .bans.map((b) => b.steamId)
    .filter((id) => id === PLAYER);

beforeAll(async () => {
  sim = await startTestSimulator({ downtimeMs: 300 });
  let ids: Id<"servers">[];
  ({ t, who, ids } = await seededWorld(sim));
  serverId = ids[0]!;
});
afterAll(async () => {
  await sim.stop();
});
beforeEach(async () => {
  await sim.reset();
  PLAYER = `765611980000000${++next}`;
  await t.run(async (ctx) => {
    const user = (await ctx.db.query("users").collect()).find((u) => u.username === "Petro")!;
    await ctx.db.patch("users", user._id, { steamId: PLAYER });
    for (const table of ["sanctions", "bansInForce", "warnings", "appeals", "auditLog"] as const) {
      for (const row of await ctx.db.query(table).collect()) await ctx.db.delete(table, row._id);
    }
  });
});

async function settings(change: Partial<typeof DEFAULT_CONDUCT_SETTINGS>) {
  await who.asAdmin.action(api.conduct.saveSettings, {
    settings: { ...DEFAULT_CONDUCT_SETTINGS, ...change },
  });
}

describe("warnings escalate", () => {
  test("the 3rd warning within the period bans on the game server when the owner applies it", async () => {
    await settings({ escalationMode: "apply", escalationMinutes: 60 });
    const warn = (reason: string) =>
      who.asModerator.action(api.conduct.warn, { serverId, steamId: PLAYER, reason });
    expect(await warn("Образи")).toMatchObject({ count: 1, escalation: "none" });
    expect(await warn("Образи знову")).toMatchObject({ count: 2, escalation: "none" });
    expect(bansOnServer()).toEqual([]);
    expect(await warn("Третій раз")).toMatchObject({ count: 3, escalation: "applied" });
    expect(bansOnServer()).toEqual([PLAYER]);
    const record = (await who.asUser.query(api.conduct.myRecord, {}))!;
    expect(record.warnings).toHaveLength(3);
    expect(record.sanctions[0]).toMatchObject({
      kind: "ban",
      durationMinutes: 60,
      reason: "Попередження: 3 за 30 дн.",
      byRole: "moderator",
      inForce: true,
      appealable: true,
    });
    // Names hidden (the default): the role only, worded by the panel.
    expect(record.sanctions[0]!.by).toBeUndefined();
  });

  test("beyond the moderator's maximum it is only proposed; an admin applies it, audited", async () => {
    await settings({ escalationMode: "apply", escalationMinutes: 0, warnThreshold: 2 });
    for (const reason of ["АФК", "АФК"]) {
      await who.asModerator.action(api.conduct.warn, { serverId, steamId: PLAYER, reason });
    }
    expect(bansOnServer()).toEqual([]);
    const [proposal] = await who.asModerator.query(api.conduct.escalations, {});
    expect(proposal).toMatchObject({ steamId: PLAYER, escalation: "proposed", count: 2 });
    await expect(
      who.asModerator.action(api.conduct.applyEscalation, { serverId, warningId: proposal!._id }),
    ).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
    expect(bansOnServer()).toEqual([]);
    await who.asAdmin.action(api.conduct.applyEscalation, { serverId, warningId: proposal!._id });
    expect(bansOnServer()).toEqual([PLAYER]);
    expect(await who.asModerator.query(api.conduct.escalations, {})).toEqual([]);
    const audit = await t.run(async (ctx) => await ctx.db.query("auditLog").collect());
    expect(
      audit.filter((a) => a.action.startsWith("warn")).map((a) => [a.action, a.outcome]),
    ).toEqual([
      ["warn", "success"],
      ["warn", "success"],
      ["warn_escalate", "unauthorized"],
      ["warn_escalate", "success"],
    ]);
  });
});

describe("appeals", () => {
  test("a moderator's ban: the player appeals once, a moderator accepts and it is lifted on the server", async () => {
    await who.asModerator.action(api.moderation.ban, {
      serverId,
      steamId: PLAYER,
      duration: 60,
      reason: "Образи",
    });
    expect(bansOnServer()).toEqual([PLAYER]);
    const [ban] = (await who.asUser.query(api.conduct.myRecord, {}))!.sanctions;
    await expect(
      who.asAdmin.mutation(api.conduct.appeal, { sanctionId: ban!._id, text: "not mine" }),
    ).rejects.toMatchObject({ data: { code: "CONFLICT" } });
    await who.asUser.mutation(api.conduct.appeal, { sanctionId: ban!._id, text: "Це був не я" });
    await expect(
      who.asUser.mutation(api.conduct.appeal, { sanctionId: ban!._id, text: "ще раз" }),
    ).rejects.toMatchObject({ data: { code: "CONFLICT" } });
    const { page } = await who.asModerator.query(api.conduct.appeals, {
      status: "open",
      paginationOpts: { numItems: 10, cursor: null },
    });
    expect(page).toHaveLength(1);
    expect(page[0]).toMatchObject({ text: "Це був не я", canDecide: true });
    await who.asModerator.action(api.conduct.decideAppeal, {
      serverId,
      appealId: page[0]!._id,
      accept: true,
      reason: "Демо підтверджує",
    });
    expect(bansOnServer()).toEqual([]);
    const record = (await who.asUser.query(api.conduct.myRecord, {}))!;
    expect(record.sanctions[0]).toMatchObject({
      kind: "ban",
      inForce: false,
      appealable: false,
      appeal: { status: "accepted", decision: "Демо підтверджує" },
    });
    const audit = await t.run(async (ctx) => await ctx.db.query("auditLog").collect());
    expect(audit.filter((a) => a.action.startsWith("appeal")).map((a) => a.action)).toEqual([
      "appeal_submit",
      "appeal_accept",
    ]);
  });

  test("an admin's ban: a moderator may not decide its appeal; the admin rejects it", async () => {
    await who.asAdmin.action(api.moderation.ban, {
      serverId,
      steamId: PLAYER,
      duration: 0,
      reason: "Чити",
    });
    const [ban] = (await who.asUser.query(api.conduct.myRecord, {}))!.sanctions;
    expect(ban).toMatchObject({ byRole: "admin", inForce: true });
    expect(ban!.by).toBeUndefined();
    await who.asUser.mutation(api.conduct.appeal, {
      sanctionId: ban!._id,
      text: "<b>Я не читер</b>",
    });
    const { page } = await who.asModerator.query(api.conduct.appeals, {
      status: "open",
      paginationOpts: { numItems: 10, cursor: null },
    });
    expect(page[0]).toMatchObject({ canDecide: false, text: "<b>Я не читер</b>" });
    await expect(
      who.asModerator.action(api.conduct.decideAppeal, {
        serverId,
        appealId: page[0]!._id,
        accept: true,
        reason: "ok",
      }),
    ).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
    expect(bansOnServer()).toEqual([PLAYER]);
    await who.asAdmin.action(api.conduct.decideAppeal, {
      serverId,
      appealId: page[0]!._id,
      accept: false,
      reason: "Демо підтверджує чити",
    });
    expect(bansOnServer()).toEqual([PLAYER]);
    const record = (await who.asUser.query(api.conduct.myRecord, {}))!;
    expect(record.sanctions[0]!.appeal).toMatchObject({ status: "rejected" });
    // Nobody but staff reads appeals.
    await expect(
      who.asUser.query(api.conduct.appeals, {
        status: "open",
        paginationOpts: { numItems: 10, cursor: null },
      }),
    ).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
  });
});
