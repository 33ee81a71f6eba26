/**
 * When MatchZy's events and CS2's log both report one match, the round strip shows every round
 * either saw, each with the richer source's winner and reason: while push speaks the log only
 * completes rounds MatchZy counted without telling how they ended; once an admin turns push off
 * the log speaks at once (its rounds, with MatchZy's kept), and polls stay out of the way.
 */
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import type { Id } from "./_generated/dataModel";
import type { TrackedMatch } from "./lib/history";
import { roundLogOf } from "./model/history/rounds";
import { mergeMarks } from "./model/history/rounds";
import { serverRow, setupTest, type TestConvex } from "./test.setup";

const SECRET = "ef".repeat(32);
const START = Date.UTC(2026, 10, 25, 20, 0, 0);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
});

let second = 0;
/** Lines in CS2's HTTP log form, a second apart. */
function body(...lines: string[]) {
  return lines
    .map((text) => {
      const at = new Date(START + ++second * 1000).toISOString();
      return `11/25/2026 - ${at.slice(11, 23)} - ${text}\n`;
    })
    .join("");
}
const won = (side: "CT" | "TERRORIST", notice: string, ct: number, t: number) =>
  `Team "${side}" triggered "SFUI_Notice_${notice}" (CT "${ct}") (T "${t}")`;
const score = (ct: number, t: number, played: number) =>
  `MatchStatus: Score: ${ct}:${t} on map "de_inferno" RoundsPlayed: ${played}`;

async function post(t: TestConvex, text: string) {
  const res = await t.fetch(`/api/log/server1/${SECRET}`, {
    method: "POST",
    headers: { "Content-Type": "text/plain" },
    body: text,
  });
  expect(res.status).toBe(200);
}

/** A server whose MatchZy push is on and names the map (rounds 1 and 2 counted), log on too. */
async function world() {
  const t = setupTest();
  const tracked: TrackedMatch = {
    state: "open",
    startedAt: START,
    mapName: "de_inferno",
    scoreCT: 1,
    scoreT: 1,
    rounds: 2,
    lines: [],
    updatedAt: START,
    pushKey: "77:1",
  };
  const serverId = await t.run(async (ctx) => {
    const serverId = await ctx.db.insert("servers", serverRow({ key: "server1" }));
    await ctx.db.insert("serverSecrets", { serverId, logSecret: SECRET });
    await ctx.db.insert("serverLogStatus", { serverId, enabled: true, enabledAt: 1 });
    await ctx.db.insert("pushStatus", { serverId, enabled: true, enabledAt: 1, eventsCount: 2 });
    await ctx.db.insert("historyTrackers", { serverId, match: tracked });
    // MatchZy told round 1 in full; round 2's event was lost (a poll saw the score move).
    await ctx.db.insert("roundLogs", {
      serverId,
      startedAt: START,
      rounds: [
        { round: 1, winner: "CT", reason: "time", scoreCT: 1, scoreT: 0 },
        { round: 2, winner: null },
      ],
    });
    return serverId;
  });
  return { t, serverId };
}

const strip = async (t: TestConvex, serverId: Id<"servers">) =>
  (await t.run((ctx) => roundLogOf(ctx, serverId)))?.rounds.map((m) =>
    [m.round, m.winner, m.reason ?? ""].join(" "),
  );

test("push on: the log completes the rounds MatchZy counted; push off: the log draws the next", async () => {
  const { t, serverId } = await world();
  await post(
    t,
    body(
      'World triggered "Match_Start" on "de_inferno"',
      score(0, 0, 0),
      won("CT", "Target_Saved", 1, 0),
      score(1, 0, 1),
      won("TERRORIST", "Target_Bombed", 1, 1),
      score(1, 1, 2),
      won("CT", "CTs_Win", 2, 1),
    ),
  );
  // MatchZy still speaks: its round 1 stands, round 2 gets the log's winner and reason, and the
  // log's round 3 waits for MatchZy's own event.
  expect(await strip(t, serverId)).toEqual(["1 CT time", "2 T bomb"]);
  const tracker = await t.run((ctx) => ctx.db.query("historyTrackers").unique());
  expect(tracker?.match.pushKey).toBe("77:1");

  // The admin turns push off: the log speaks for the match from its next batch on.
  await t.run(async (ctx) => {
    const status = await ctx.db.query("pushStatus").unique();
    await ctx.db.patch("pushStatus", status!._id, { enabled: false });
  });
  vi.setSystemTime(START + 60_000);
  await post(t, body(score(2, 1, 3), won("TERRORIST", "Terrorists_Win", 2, 2)));
  expect(await strip(t, serverId)).toEqual([
    "1 CT time",
    "2 T bomb",
    "3 CT elimination",
    "4 T elimination",
  ]);
  const after = await t.run((ctx) => ctx.db.query("historyTrackers").unique());
  expect(after?.match.pushKey?.startsWith("log:")).toBe(true);
});

test("marks merge by round: the richer mark wins, the speaking source on a tie, undone rounds go", () => {
  const log = [
    { round: 1, winner: "CT" as const, reason: "bomb" as const },
    { round: 2, winner: "T" as const, reason: "time" as const },
  ];
  const polled = [
    { round: 1, winner: "T" as const },
    { round: 2, winner: "T" as const, reason: "elimination" as const },
    { round: 3, winner: null },
    { round: 4, winner: "CT" as const },
  ];
  expect(mergeMarks(log, polled, 3)).toEqual([log[0], log[1], { round: 3, winner: null }]);
  expect(mergeMarks(polled, log).map((m) => m.reason ?? "")).toEqual([
    "bomb",
    "elimination",
    "",
    "",
  ]);
});

test("the phase, its clocks and the numbers: a plugin server's poll keeps them, a plain server's come from the log", async () => {
  const polledEnds = START + 90_000;
  // The plugin's own count: the log's of the same match differs (damage, who counts as playing).
  const polledSummary = {
    totalPlayers: 10,
    totalKills: 7,
    totalDeaths: 7,
    totalDamage: 1234,
    totalBombsPlanted: 0,
    totalBombsDefused: 0,
  };
  const setup = async (connectionType: "HTTP" | "RCON") => {
    const t = setupTest();
    await t.run(async (ctx) => {
      const serverId = await ctx.db.insert(
        "servers",
        serverRow({ key: "server1", connectionType }),
      );
      await ctx.db.insert("serverSecrets", { serverId, logSecret: SECRET });
      await ctx.db.insert("serverLogStatus", { serverId, enabled: true, enabledAt: 1 });
      await ctx.db.insert("matchSnapshots", {
        serverId,
        match: {
          serverName: "Server #1",
          mapName: "de_inferno",
          scoreCT: 0,
          scoreT: 0,
          playersOnline: 10,
          roundPhase: "freezetime",
          phaseEndsAt: polledEnds,
        },
        summary: polledSummary,
        board: [],
        updatedAt: START,
      });
    });
    await post(
      t,
      body(
        'server_cvar: "mp_roundtime_defuse" "1.92"',
        'World triggered "Match_Start" on "de_inferno"',
        score(0, 0, 0),
        'World triggered "Round_Start"',
        '"Ivan<12><[U:1:1001]><CT>" [-10 20 30] killed "Oleh<13><[U:1:1002]><TERRORIST>" [40 50 60] with "ak47"',
      ),
    );
    return (await t.run((ctx) => ctx.db.query("matchSnapshots").unique()))!;
  };
  const { match: plugin, summary: pluginSummary, board: pluginBoard } = await setup("HTTP");
  expect([plugin.roundPhase, plugin.phaseEndsAt]).toEqual(["freezetime", polledEnds]);
  expect(plugin.scoreCT + plugin.scoreT).toBe(0);
  expect(pluginSummary).toEqual(polledSummary);
  expect(pluginBoard).toEqual([]);
  const { match: plain, summary: plainSummary, board: plainBoard } = await setup("RCON");
  expect(plainSummary).toMatchObject({ totalKills: 1 });
  expect(plainBoard!.map((l) => [l.name, l.kills])).toContainEqual(["Ivan", 1]);
  expect(plain.roundPhase).toBe("live");
  expect(plain.phaseEndsAt).not.toBe(polledEnds);
  expect(plain.phaseEndsAt).toBeGreaterThan(START);
});
