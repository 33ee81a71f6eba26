/**
 * The one-click recovery of a crashed match, against the simulator on each kind of server: CS2
 * alone over the plugin API, the RCON proxy and direct RCON (names, the map when the server came
 * back on another, CS2's backup), and MatchZy (its own restore, which loads the map itself); the
 * players are told, the server is read back, and the poller takes the held match back as the same
 * match.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import type { InterruptReason } from "./lib/history";
import { pollNow, seededWorld, startTestSimulator, stopLoops } from "./testing/sim.helpers";
import type { personas, TestConvex } from "./test.setup";
import type { SimHandle } from "../dev/sim/simulator";

let sim: SimHandle;
let t: TestConvex;
let who: Awaited<ReturnType<typeof personas>>;
let ids: Id<"servers">[];

beforeAll(async () => {
  sim = await startTestSimulator({ downtimeMs: 50, servers: [{}, {}, {}] });
  ({ t, who, ids } = await seededWorld(sim));
});
afterAll(async () => {
  await sim.stop();
});
beforeEach(async () => {
  await sim.reset();
});

/** Plays `rounds` rounds on server `i` and into the next (whose backup is then written). */
function playRounds(i: number, rounds: number) {
  const s = sim.servers[i]!;
  s.console.exec("mp_warmup_start");
  s.console.exec("mp_warmup_end");
  for (let r = 0; r < rounds; r++) expect(s.advanceUntil("roundEnd", 500).reached).toBe(true);
  expect(s.advanceUntil("roundStart", 500).reached).toBe(true);
  return s;
}

/** The server crashes and comes back in warmup; `elsewhere`: on another map (its default). */
async function crash(i: number, elsewhere: boolean) {
  const s = sim.servers[i]!;
  s.restartServices("restart", 50);
  await expect
    .poll(() => s.state().online && !s.state().restarting, { timeout: 10_000 })
    .toBe(true);
  if (elsewhere) {
    s.console.exec(`changelevel ${s.state().map === "de_nuke" ? "de_inferno" : "de_nuke"}`);
  }
}

/** What the poller holds after a crash at `rounds` played: the match, its teams and round log. */
async function holdMatch(
  serverId: Id<"servers">,
  map: string,
  rounds: number,
  marks: { round: number; scoreCT: number; scoreT: number }[],
  reason: InterruptReason = "warmup",
) {
  return await t.run(async (ctx) => {
    for (const old of await ctx.db
      .query("interruptions")
      .withIndex("by_serverId_and_state", (q) => q.eq("serverId", serverId))
      .collect()) {
      await ctx.db.delete("interruptions", old._id);
    }
    const last = marks.at(-1)!;
    return await ctx.db.insert("interruptions", {
      serverId,
      state: "open",
      reason,
      at: Date.now(),
      match: {
        state: "open",
        startedAt: Date.now() - 600_000,
        mapName: map,
        mode: "competitive",
        scoreCT: last.scoreCT,
        scoreT: last.scoreT,
        rounds,
        maxRounds: 24,
        lines: [],
        updatedAt: Date.now(),
        teams: { CT: { name: "Alpha" }, T: { name: "Bravo" } },
      },
      timeline: marks.map((m) => ({ ...m, winner: null })),
    });
  });
}

function marksOf(i: number, upTo: number) {
  return sim.servers[i]!.backups.list()
    .filter((b) => b.round >= 1 && b.round <= upTo)
    .map((b) => ({ round: b.round, scoreCT: b.scoreCT, scoreT: b.scoreT }));
}

const plain = [
  ["HTTP plugin API", 0],
  ["RCON proxy", 1],
  ["direct RCON", 2],
] as const;

describe.each(plain)("recovering a crashed match over the %s (CS2 alone)", (_label, index) => {
  const serverId = () => ids[index]!;

  test("back on another map: names, the map, the last good round, players told, read back", async () => {
    await t.run((ctx) => ctx.db.patch("servers", serverId(), { matchzy: false }));
    const s = playRounds(index, 6);
    const map = s.state().map;
    const marks = marksOf(index, 6);
    const interruptionId = await holdMatch(serverId(), map, 6, marks);
    await crash(index, true);
    expect(s.state().map).not.toBe(map);
    const five = s.backups.list().find((b) => b.round === 5)!;

    const result = await who.asAdmin.action(api.recovery.recover, {
      serverId: serverId(),
      interruptionId,
      file: five.file,
    });
    expect(result.steps).toEqual(["gameMode", "teamNames", "changeMap", "restoreBackup", "say"]);
    expect(result.expected).toEqual({ round: 6, scoreCT: five.scoreCT, scoreT: five.scoreT });
    expect(s.state()).toMatchObject({
      map,
      round: 6,
      phase: "paused",
      scoreCT: five.scoreCT,
      scoreT: five.scoreT,
    });
    expect(s.console.exec("mp_teamname_1")).toContain("Alpha");
    expect(s.state().chat.map((l) => l.message)).toContain(
      `Матч відновлено: раунд 6 (${five.scoreCT}:${five.scoreT}). Match restored: round 6 (${five.scoreCT}:${five.scoreT}).`,
    );
    expect(result.readBack?.map).toBe(map);
    // Direct RCON reads no score from CS2's console: there only the map is confirmed.
    expect(result.confirmed).toBe(index !== 2);
    // The recovery armed through its capability (audited with the file), then each step.
    const audit = await t.run((ctx) =>
      ctx.db.query("auditLog").withIndex("by_at").order("desc").take(6),
    );
    expect(audit.map((e) => e.action).reverse()).toEqual(["match_recover", ...result.steps]);
    expect(audit.at(-1)).toMatchObject({ outcome: "success", details: five.file });
  });

  test("refused: a match already back, a backup newer than the match, a moderator", async () => {
    const s = playRounds(index, 3);
    const marks = marksOf(index, 3);
    const interruptionId = await holdMatch(serverId(), s.state().map, 2, marks.slice(0, 2));
    const three = s.backups.list().find((b) => b.round === 3)!;
    await expect(
      who.asAdmin.action(api.recovery.recover, {
        serverId: serverId(),
        interruptionId,
        file: three.file,
      }),
    ).rejects.toMatchObject({ data: { code: "INVALID_INPUT" } });
    await expect(
      who.asModerator.action(api.recovery.recover, {
        serverId: serverId(),
        interruptionId,
        file: three.file,
      }),
    ).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
    await t.run((ctx) => ctx.db.patch("interruptions", interruptionId, { state: "recovered" }));
    await expect(
      who.asAdmin.action(api.recovery.recover, {
        serverId: serverId(),
        interruptionId,
        file: s.backups.list().find((b) => b.round === 1)!.file,
      }),
    ).rejects.toMatchObject({ data: { code: "CONFLICT" } });
    // Each refusal is audited under the recovery's name, the moderator's as unauthorized.
    const refused = await t.run((ctx) =>
      ctx.db.query("auditLog").withIndex("by_at").order("desc").take(3),
    );
    expect(refused.map((e) => [e.action, e.outcome]).reverse()).toEqual([
      ["match_recover", "failure"],
      ["match_recover", "unauthorized"],
      ["match_recover", "failure"],
    ]);
  });
});

describe("recovering through MatchZy", () => {
  test("MatchZy's own restore loads the map itself; the poller takes the match back once", async () => {
    const index = 0;
    const serverId = ids[index]!;
    await t.run((ctx) => ctx.db.patch("servers", serverId, { matchzy: true }));
    try {
      const s = playRounds(index, 7);
      const map = s.state().map;
      const interruptionId = await holdMatch(serverId, map, 7, marksOf(index, 7));
      await crash(index, true);
      const four = s.backups.list().find((b) => b.round === 4)!;
      const result = await who.asAdmin.action(api.recovery.recover, {
        serverId,
        interruptionId,
        file: four.file,
      });
      expect(result.steps).toEqual(["restoreBackupMatchzy", "say"]);
      expect(result.confirmed).toBe(true);
      expect(s.state()).toMatchObject({ map, round: 5, phase: "paused" });
      // The next poll shows the match at the restored round: it is the held match, taken back.
      await pollNow(t, serverId);
      await stopLoops(t);
      const row = await t.run((ctx) => ctx.db.get("interruptions", interruptionId));
      expect(row).toMatchObject({ state: "recovered", restoreTo: 4 });
      const log = await t.run((ctx) =>
        ctx.db
          .query("roundLogs")
          .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
          .unique(),
      );
      expect(log!.rounds.map((r) => r.round)).toEqual([1, 2, 3, 4]);
      const tracker = await t.run((ctx) =>
        ctx.db
          .query("historyTrackers")
          .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
          .unique(),
      );
      expect(tracker!.match.rounds).toBe(4);
      expect(tracker!.match.restored?.at(-1)).toMatchObject({ fromRounds: 7, toRounds: 4 });
    } finally {
      await t.run((ctx) => ctx.db.patch("servers", serverId, { matchzy: false }));
    }
  });
});
