/**
 * A match CS2's log follows is held as interrupted when the log shows it gone without a Game Over
 * (the process back in warmup, another map, 0:0), as a polled match is: with its rounds, its round
 * log and the teams' names the log gave; a map that ends is recorded and never held.
 */
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import { trackPoll } from "./model/history/detect";
import { serverRow, setupTest, type TestConvex } from "./test.setup";

const SECRET = "cd".repeat(32);
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
const score = (ct: number, t: number, map = "de_inferno") =>
  `MatchStatus: Score: ${ct}:${t} on map "${map}" RoundsPlayed: ${ct + t}`;

async function post(t: TestConvex, text: string) {
  const res = await t.fetch(`/api/log/server1/${SECRET}`, {
    method: "POST",
    headers: { "Content-Type": "text/plain" },
    body: text,
  });
  expect(res.status).toBe(200);
}

/** [U:1:11] and [U:1:12] as SteamID64. */
const ALPHA = "76561197960265739";
const BRAVO = "76561197960265740";
const ALPHA_KILLS = `"Alpha1<2><[U:1:11]><CT>" [1 2 3] killed "Bravo1<3><[U:1:12]><TERRORIST>" [4 5 6] with "ak47" (headshot)`;
const BRAVO_KILLS = `"Bravo1<3><[U:1:12]><TERRORIST>" [4 5 6] killed "Alpha1<2><[U:1:11]><CT>" [1 2 3] with "glock"`;

/**
 * A log-only server (no push, never polled) whose log plays four rounds of de_inferno; the CT
 * player Alpha1 kills Bravo1 in each round CT wins, and is killed by him in the other.
 */
async function fourRounds() {
  const t = setupTest();
  const serverId = await t.run(async (ctx) => {
    const serverId = await ctx.db.insert("servers", serverRow({ key: "server1" }));
    await ctx.db.insert("serverSecrets", { serverId, logSecret: SECRET });
    await ctx.db.insert("serverLogStatus", { serverId, enabled: true, enabledAt: 1 });
    return serverId;
  });
  const lines = [
    'World triggered "Match_Start" on "de_inferno"',
    'Team playing "CT": Alpha',
    'Team playing "TERRORIST": Bravo',
    score(0, 0),
  ];
  const wins: Array<"CT" | "TERRORIST"> = ["CT", "TERRORIST", "CT", "CT"];
  let ct = 0;
  let tt = 0;
  for (const side of wins) {
    if (side === "CT") ct++;
    else tt++;
    const notice = side === "CT" ? "CTs_Win" : "Terrorists_Win";
    lines.push(side === "CT" ? ALPHA_KILLS : BRAVO_KILLS);
    lines.push(`Team "${side}" triggered "SFUI_Notice_${notice}" (CT "${ct}") (T "${tt}")`);
    lines.push(score(ct, tt));
  }
  await post(t, body(...lines));
  return { t, serverId };
}

async function interruptions(t: TestConvex) {
  return await t.run((ctx) => ctx.db.query("interruptions").collect());
}

test("the process back in warmup: held at 4 rounds (3:1) with its round log and names", async () => {
  const { t } = await fourRounds();
  expect(await interruptions(t)).toEqual([]);
  await post(t, body('World triggered "Warmup_Start"'));
  const [held, ...more] = await interruptions(t);
  expect(more).toEqual([]);
  expect(held).toMatchObject({
    state: "open",
    reason: "warmup",
    match: {
      mapName: "de_inferno",
      rounds: 4,
      scoreCT: 3,
      scoreT: 1,
      teams: { CT: { name: "Alpha", startSide: "CT" }, T: { name: "Bravo", startSide: "T" } },
    },
  });
  expect(held!.timeline?.map((m) => m.round)).toEqual([1, 2, 3, 4]);
  // Nothing recorded: it is held, to be brought back or kept as abandoned.
  expect(await t.run((ctx) => ctx.db.query("matches").collect())).toEqual([]);
  // The same lines sent again change nothing.
  await post(t, body('World triggered "Warmup_Start"'));
  expect(await interruptions(t)).toHaveLength(1);
});

test("another map loaded in the middle of it: held as «map»", async () => {
  const { t } = await fourRounds();
  await post(t, body('World triggered "Match_Start" on "de_nuke"', score(0, 0, "de_nuke")));
  expect(await interruptions(t)).toMatchObject([{ reason: "map", match: { rounds: 4 } }]);
});

test("a map that ends with Game Over is recorded, never held", async () => {
  const { t } = await fourRounds();
  await post(
    t,
    body(
      'Team "CT" triggered "SFUI_Notice_CTs_Win" (CT "4") (T "1")',
      "Game Over: competitive  de_inferno score 4:1 after 20 min",
      'World triggered "Warmup_Start"',
    ),
  );
  expect(await interruptions(t)).toEqual([]);
  expect(await t.run((ctx) => ctx.db.query("matches").collect())).toHaveLength(1);
});

/** Each player's K/D as the log gave them: Alpha1 3/1 (3 headshots), Bravo1 1/3. */
const LOGGED_LINES = [
  expect.objectContaining({ steamId: ALPHA, kills: 3, deaths: 1, headshots: 3, rounds: 4 }),
  expect.objectContaining({ steamId: BRAVO, kills: 1, deaths: 3, headshots: 0, rounds: 4 }),
];

test("held and never brought back: kept as abandoned with its players' lines as the log gave them, in no career", async () => {
  const { t } = await fourRounds();
  await post(t, body('World triggered "Warmup_Start"'));
  const [held] = await interruptions(t);
  expect(held!.match.lines).toEqual(LOGGED_LINES);
  await t.mutation(internal.recovery.abandonInterrupted, { interruptionId: held!._id });
  const [match, ...more] = await t.run((ctx) => ctx.db.query("matches").collect());
  expect(more).toEqual([]);
  expect(match).toMatchObject({ abandoned: true, counted: false, rounds: 4, scoreCT: 3 });
  expect(match!.players).toEqual(LOGGED_LINES);
  expect(match!.timeline?.map((m) => m.round)).toEqual([1, 2, 3, 4]);
  expect(await t.query(api.history.career, { steamId: ALPHA })).toBeNull();
});

test("the server gone offline in the middle of it (a crash): held with the players' lines too", async () => {
  const { t, serverId } = await fourRounds();
  await t.run((ctx) =>
    trackPoll(ctx, serverId, { ok: false, error: "connection refused" }, Date.now(), false),
  );
  const [held] = await interruptions(t);
  expect(held).toMatchObject({ state: "open", reason: "offline", match: { rounds: 4 } });
  expect(held!.match.lines).toEqual(LOGGED_LINES);
});
