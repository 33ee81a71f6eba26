/**
 * The real CS2 logs (../shared/realdata/cs2-log/) replayed through `POST /api/log/{key}/{secret}`
 * as CS2 sends them: the HTTP form, a few seconds of lines per POST, some POSTs sent again (their
 * answer lost), one POST lost on the way (CS2 then sends its lines again with the next). The
 * recorded map is checked against what the log itself says: `Game Over`'s score, the winner, each
 * round's winner and how it ended, and every player's kills, deaths and assists (the last
 * round_stats block plus the final round's kill lines).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { matchSnapshotOf, storedMatchSnapshotOf } from "./model/live/snapshots";
import { matchAt } from "./lib/phaseCourse";
import { sameJson } from "./lib/sameJson";
import { CLOCK_JITTER_MS } from "./model/live/matchMerge";
import type { Doc } from "./_generated/dataModel";
import { roundLogOf } from "./model/history/rounds";
import { readLogLine } from "./model/serverLog/lines";
import { serverRow, setupTest, type TestConvex } from "./test.setup";

const SECRET = "ab".repeat(32);
const REAL = path.resolve(__dirname, "../../shared/realdata/cs2-log");
/** A plain CS2 server over RCON: its polls read no score, phase or totals. */
const PLAIN = {
  serverName: "Server #3",
  mapName: "de_dust2",
  scoreCT: 0,
  scoreT: 0,
  playersOnline: 10,
  roundPhase: "live" as const,
  unknown: ["score" as const, "phase" as const, "totals" as const],
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

async function world(withSnapshot = true) {
  const t = setupTest();
  const serverId = await t.run(async (ctx) => {
    const serverId = await ctx.db.insert(
      "servers",
      serverRow({ key: "server3", connectionType: "RCON", name: "Server #3" }),
    );
    await ctx.db.insert("serverSecrets", { serverId, logSecret: SECRET });
    await ctx.db.insert("serverLogStatus", { serverId, enabled: true, enabledAt: 1 });
    if (withSnapshot) {
      await ctx.db.insert("matchSnapshots", { serverId, match: PLAIN, updatedAt: 1 });
    }
    return serverId;
  });
  return { t, serverId };
}

/** The file log's stamp (`L …: `) or the HTTP log's (`… .mmm - `), which the DatHost log has. */
const FILE_STAMP = /^(?:L )?(\d{2}\/\d{2}\/\d{4} - \d{2}:\d{2}:\d{2})(?:\.\d{3} - |: )/;

/** The file log as CS2's HTTP log writes it, cut into POSTs of `seconds` of lines. */
function batchesOf(text: string, seconds: number): { at: number; body: string }[] {
  const out: { at: number; body: string }[] = [];
  let current: string[] = [];
  let start = -1;
  let at = 0;
  for (const raw of text.split("\n")) {
    const m = FILE_STAMP.exec(raw);
    if (!m) continue;
    const [date, time] = m[1]!.split(" - ");
    const [mo, d, y] = date!.split("/").map(Number);
    const [h, mi, s] = time!.split(":").map(Number);
    at = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
    if (start < 0) start = at;
    if (at - start >= seconds * 1000 && current.length > 0) {
      out.push({ at, body: current.join("\n") + "\n" });
      current = [];
      start = at;
    }
    current.push(`${m[1]}.000 - ${raw.slice(m[0].length)}`);
  }
  if (current.length > 0) out.push({ at: at + 1000, body: current.join("\n") + "\n" });
  return out;
}

async function post(t: TestConvex, body: string) {
  const res = await t.fetch(`/api/log/server3/${SECRET}`, {
    method: "POST",
    headers: { "Content-Type": "text/plain" },
    body,
  });
  return res.status;
}

/** Replays a log: every 5th POST sent twice, the 40th lost (its lines go with the next). */
async function replay(t: TestConvex, text: string, onBatch?: (i: number) => Promise<void>) {
  const batches = batchesOf(text, 3);
  let carried = "";
  for (let i = 0; i < batches.length; i++) {
    const { at, body } = batches[i]!;
    vi.setSystemTime(at + 500);
    if (i === 40) {
      carried = body;
      continue;
    }
    expect(await post(t, carried + body)).toBe(200);
    carried = "";
    if (i % 5 === 0) expect(await post(t, body)).toBe(200);
    await onBatch?.(i);
  }
  return batches.length;
}

interface Expected {
  map: string;
  scoreCT: number;
  scoreT: number;
  rounds: string;
  kda: Map<string, [number, number, number]>;
  /** The last block's opening kills, 3k, 4k, 5k, utility damage and enemies flashed. */
  detail: Map<string, number[]>;
}

/**
 * What the log itself says about its finished map, read straight from its text: Game Over, the
 * round notices of the map that ended (a notice that does not add a round sets the rounds back),
 * and each player's numbers in the last round_stats block plus the final round's lines.
 */
function expectedOf(text: string): Expected {
  const lines = text.split("\n").map((l) => l.replace(FILE_STAMP, ""));
  const over = lines.findIndex((l) => l.startsWith("Game Over:"));
  const [, map, ct, t] = /^Game Over: \w+ +(\S+) score (\d+):(\d+)/.exec(lines[over]!)!;
  let start = over;
  while (!/RoundsPlayed: 0$/.test(lines[start]!)) start--;
  while (!lines[start]!.startsWith('World triggered "Match_Start"')) start--;
  const rounds: string[] = [];
  for (const l of lines.slice(start, over)) {
    const m = /triggered "SFUI_Notice_(\w+)" \(CT "(\d+)"\) \(T "(\d+)"\)$/.exec(l);
    if (!m) continue;
    const total = Number(m[2]) + Number(m[3]);
    if (total <= rounds.length) rounds.length = total;
    else rounds.push(`${l.startsWith('Team "CT"') ? "CT" : "T"}:${m[1]}`);
  }
  const blockEnd = lines.lastIndexOf("}}JSON_END", over);
  const kda = new Map<string, [number, number, number]>();
  const detail = new Map<string, number[]>();
  let fields: string[] = [];
  for (let i = lines.lastIndexOf("JSON_BEGIN{", blockEnd); i < blockEnd; i++) {
    const f = /^"fields" : "(.*)",?$/.exec(lines[i]!);
    if (f) fields = f[1]!.split(",").map((s) => s.trim());
    const row = /^"player_\d+" : "(.*)",?$/.exec(lines[i]!);
    if (!row) continue;
    const cells = row[1]!.split(",").map((s) => Number(s.trim()));
    const account = cells[fields.indexOf("accountid")]!;
    if (account === 0) continue;
    const id = (76561197960265728n + BigInt(account)).toString();
    kda.set(id, [
      cells[fields.indexOf("kills")]!,
      cells[fields.indexOf("deaths")]!,
      cells[fields.indexOf("assists")]!,
    ]);
    detail.set(
      id,
      ["firstk", "3k", "4k", "5k", "ud", "ef"].map((f) => cells[fields.indexOf(f)]!),
    );
  }
  const lastStart = lines.lastIndexOf('World triggered "Round_Start"', over);
  for (const l of lines.slice(lastStart, over)) {
    const line = readLogLine(l);
    const add = (id: string, i: 0 | 1 | 2) => {
      const row = kda.get(id) ?? [0, 0, 0];
      row[i]++;
      kda.set(id, row);
    };
    if (line?.kind === "kill") {
      if (line.victim.steamId) add(line.victim.steamId, 1);
      if (line.attacker.steamId && line.attacker.side !== line.victim.side) {
        add(line.attacker.steamId, 0);
      }
    } else if (line?.kind === "suicide" && line.player.steamId) add(line.player.steamId, 1);
    else if (
      line?.kind === "assist" &&
      line.assister.steamId &&
      line.assister.side !== line.victim.side
    ) {
      add(line.assister.steamId, 2);
    }
  }
  return {
    map: map!,
    scoreCT: Number(ct),
    scoreT: Number(t),
    rounds: rounds.join(" "),
    kda,
    detail,
  };
}

const REASON: Record<string, string> = {
  CTs_Win: "elimination",
  Terrorists_Win: "elimination",
  Bomb_Defused: "defused",
  Target_Bombed: "bomb",
  Target_Saved: "time",
};

describe.each([
  ["seatlon-0f870999-de_inferno.log", "rvls test team 1"],
  ["seatlon-de345abb-de_mirage.log", "rvls test team 1"],
  ["seatlon-test-http-dathost.log", null],
])(
  "%s replayed as CS2 POSTs it",
  (file, winnerName) => {
    const text = readFileSync(path.join(REAL, file), "utf8");
    const expected = expectedOf(text);

    test("recorded once: Game Over's score and winner, every round's winner and reason, every player's K/D/A", async () => {
      const { t, serverId } = await world();
      let sawLive = false;
      let strip: unknown = null;
      await replay(t, text, async () => {
        if (strip === null && (await t.run((ctx) => ctx.db.query("matches").first()))) {
          // The round strip the dashboard shows as the map ends is the recorded map's.
          strip = (await t.run((ctx) => roundLogOf(ctx, serverId)))?.rounds ?? [];
        }
        if (sawLive) return;
        const snap = await t.run((ctx) => matchSnapshotOf(ctx, serverId));
        const m = snap?.match;
        if (m && m.roundPhase === "live" && (m.scoreCT > 0 || m.scoreT > 0) && snap.board?.length) {
          // The plain server shows the match while it is played: score, phase and clock, board.
          expect(m.unknown ?? []).not.toContain("score");
          expect(m.phaseEndsAt).toBeGreaterThan(0);
          expect(snap.summary?.totalKills).toBeGreaterThan(0);
          sawLive = true;
        }
      });
      expect(sawLive).toBe(true);
      const matches = await t.run((ctx) => ctx.db.query("matches").collect());
      expect(matches).toHaveLength(1);
      const m = matches[0]!;
      expect(m).toMatchObject({
        map: expected.map,
        scoreCT: expected.scoreCT,
        scoreT: expected.scoreT,
        source: "log",
        winner: expected.scoreCT > expected.scoreT ? "CT" : "T",
        rounds: expected.scoreCT + expected.scoreT,
      });
      expect(
        (m.timeline ?? [])
          .map((r) => `${r.winner}:${Object.entries(REASON).find(([, v]) => v === r.reason)?.[0]}`)
          .join(" "),
      ).toBe(
        expected.rounds
          .split(" ")
          .map((r) => {
            const [side, notice] = r.split(":");
            return `${side}:${Object.entries(REASON).find(([, v]) => v === REASON[notice!])?.[0]}`;
          })
          .join(" "),
      );
      const kda = new Map(m.players.map((p) => [p.steamId, [p.kills, p.deaths, p.assists]]));
      for (const [id, numbers] of expected.kda) expect(kda.get(id), id).toEqual(numbers);
      if (winnerName) {
        const winner = m.winner === "CT" ? m.teams?.CT : m.teams?.T;
        expect(winner?.name).toBe(winnerName);
      }

      expect(strip).toEqual(m.timeline);

      // The match page's detail: a row per round, CS2's own numbers up to its last block, and
      // the final round's lines on top (at most one more opening kill, one more multi-kill).
      const b = m.breakdown!;
      expect(b.rounds.map((r) => r.round)).toEqual((m.timeline ?? []).map((r) => r.round));
      for (const [id, [firstk, k3, k4, k5, ud, ef]] of expected.detail) {
        const p = b.players.find((x) => x.steamId === id)!;
        expect(p.firstKills - firstk!, id).toBeOneOf([0, 1]);
        expect(p.k3 + p.k4 + p.k5 - (k3! + k4! + k5!), id).toBeOneOf([0, 1]);
        expect(p.utilityDamage, id).toBeGreaterThanOrEqual(ud!);
        expect(p.enemiesFlashed, id).toBeGreaterThanOrEqual(ef!);
      }
      expect(b.economy.length).toBe(expected.detail.size > 0 ? m.rounds : 0);
    });
  },
  120_000,
);

test("the log alone: a server never polled shows its match and records it", async () => {
  const text = readFileSync(path.join(REAL, "seatlon-de345abb-de_mirage.log"), "utf8");
  const { t, serverId } = await world(false);
  await replay(t, text);
  const matches = await t.run((ctx) => ctx.db.query("matches").collect());
  expect(matches.map((m) => [m.scoreCT, m.scoreT, m.source])).toEqual([[0, 13, "log"]]);
  const snap = await t.run((ctx) => matchSnapshotOf(ctx, serverId));
  expect(snap?.match.mapName).toBe("de_mirage");
}, 120_000);

test("a plain CS2 server is recorded around its live map: tv_record at the start, tv_stoprecord once recorded, the file's place on the match", async () => {
  const text = readFileSync(path.join(REAL, "seatlon-0f870999-de_inferno.log"), "utf8");
  const { t, serverId } = await world();
  await replay(t, text);
  const { matches, demos, jobs } = await t.run(async (ctx) => ({
    matches: await ctx.db.query("matches").collect(),
    demos: await ctx.db.query("demos").collect(),
    jobs: await ctx.db.system.query("_scheduled_functions").collect(),
  }));
  expect(matches).toHaveLength(1);
  // Every restart before the map counted dropped its recording: one file is left, the map's.
  expect(demos).toHaveLength(1);
  expect(demos[0]).toMatchObject({
    serverId,
    source: "tv_record",
    state: "on_server",
    matchId: matches[0]!._id,
  });
  expect(demos[0]!.serverPath).toMatch(/^csgo\/panel_demos\/server3_\d{8}-\d{6}_de_inferno\.dem$/);
  const kinds = jobs
    .filter((j) => j.name.includes("sendRecording"))
    .map((j) => (j.args[0] as { action: { kind: string } }).action.kind);
  // Each tv_record is followed by its tv_stoprecord; the last one closed the recorded map.
  expect(kinds.length).toBeGreaterThan(1);
  expect(kinds.filter((k) => k === "demoRecord")).toHaveLength(kinds.length / 2);
  kinds.forEach((k, i) => expect(k).toBe(i % 2 === 0 ? "demoRecord" : "demoStop"));
}, 120_000);

describe.each([
  "seatlon-0f870999-de_inferno.log",
  "seatlon-de345abb-de_mirage.log",
  "seatlon-test-http-dathost.log",
])("%s: the round's course", (file) => {
  test("every reader sees the log's phase at each batch, and no write only restates the course", async () => {
    const text = readFileSync(path.join(REAL, file), "utf8");
    const { t, serverId } = await world();
    let before: Doc<"matchSnapshots"> | null = null;
    let checked = 0;
    await replay(t, text, async (i) => {
      const { row, log } = await t.run(async (ctx) => ({
        row: (await storedMatchSnapshotOf(ctx, serverId))!,
        log: await ctx.db
          .query("serverLogMatches")
          .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
          .unique(),
      }));
      const now = Date.now();
      if (before && row.updatedAt !== before.updatedAt) {
        // A write the course had already told (the buy time or the round going live, nothing
        // else new) would wake every viewer for nothing.
        const { upcoming: _u, ...told } = matchAt(before.match, now);
        const { upcoming: _w, ...written } = row.match;
        const same = sameJson(told, written) && sameJson(before.board, row.board);
        expect(same && sameJson(before.summary, row.summary), `batch ${i}`).toBe(false);
      }
      before = row;
      const s = log?.state;
      if (!s?.live || s.over) return;
      // The course's clock may run up to a poll's jitter off the log's own (a buy time cut short).
      const phases = [now - CLOCK_JITTER_MS, now, now + CLOCK_JITTER_MS].map(
        (at) => matchAt(row.match, at).roundPhase,
      );
      expect(phases, `batch ${i}`).toContain(s.phase);
      checked++;
    });
    expect(checked).toBeGreaterThan(100);
  }, 120_000);
});
