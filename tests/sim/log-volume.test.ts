/**
 * The simulator's CS2 log against real ones (../shared/realdata/cs2-log/, two 5v5 maps): a whole
 * simulated map, POSTed as the simulator sends it, writes the same line families at about the
 * same rate per played round, in about the same lines and bytes a round; and the panel's fold of
 * it gives the world's score, every round, and every player's kills, deaths and assists.
 * RCON echoes are left out of the volume: how many there are depends on who polls the server.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMPTY_LOG_MATCH, foldLog, totalsOf } from "../../convex/model/serverLog/matchLog";
import { chatOf, foldEventsOf, parseLogBody } from "../../convex/model/serverLog/parse";
import { pickTarget, readChatCommand } from "../../convex/model/conduct/reports";
import { familyOf, playedVolume, unstamped, type PlayedVolume } from "../../dev/sim/log-families";
import { startSimulator, type SimHandle } from "../../dev/sim/simulator";

const REAL = path.resolve(__dirname, "../../../shared/realdata/cs2-log");
const FIVE_V_FIVE = ["seatlon-0f870999-de_inferno.log", "seatlon-de345abb-de_mirage.log"];

let sim: SimHandle;
let receiver: http.Server;
const bodies: string[] = [];
let simulated: PlayedVolume;
let real: PlayedVolume[];
/** Every family the real logs write anywhere (connections come before the map goes live). */
let realFamilies: Set<string>;

beforeAll(async () => {
  sim = await startSimulator({ ephemeral: true, tickMs: 0, log: () => {} });
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      bodies.push(Buffer.concat(chunks).toString("utf8"));
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const s = sim.servers[0]!;
  s.console.exec("log on");
  s.console.exec(
    `logaddress_add_http "http://127.0.0.1:${(receiver.address() as AddressInfo).port}/log"`,
  );
  expect(s.advanceUntil("live", 600_000).reached).toBe(true);
  expect(s.advanceUntil("matchOver", 7_200_000).reached).toBe(true);
  await s.settled();
  const start = Date.now();
  while (s.httpLog.state.listeners[0]?.waiting !== 0) {
    if (Date.now() - start > 20_000) throw new Error("the simulator's log did not drain");
    await new Promise((r) => setTimeout(r, 20));
  }
  simulated = playedVolume(unstamped(bodies.join("")));
  const texts = FIVE_V_FIVE.map((f) => unstamped(readFileSync(path.join(REAL, f), "utf8")));
  real = texts.map((lines) => playedVolume(lines));
  realFamilies = new Set(texts.flatMap((lines) => lines.map(familyOf)));
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
  await sim?.stop();
});

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe("the simulator's log follows real CS2 logs", () => {
  it("writes every family a real 5v5 map writes at least once a round, at a like rate", () => {
    const common = [...real[0]!.families.keys()].filter(
      (f) => f !== "rcon" && real.every((r) => (r.families.get(f) ?? 0) >= 1),
    );
    // The families the panel needs or must skip: hits, buys, round_stats, chat is rarer.
    expect(common).toEqual(
      expect.arrayContaining(["attacked", "money", "pickup", "purchase", "roundStats", "kill"]),
    );
    for (const family of common) {
      const want = mean(real.map((r) => r.families.get(family) ?? 0));
      const got = simulated.families.get(family) ?? 0;
      expect(
        got / want,
        `${family}: ${got.toFixed(1)} a round, real ${want.toFixed(1)}`,
      ).toBeGreaterThan(1 / 3);
      expect(
        got / want,
        `${family}: ${got.toFixed(1)} a round, real ${want.toFixed(1)}`,
      ).toBeLessThan(3);
    }
    // The rarer ones a real map has too: chat, assists, blinds, Match_Start, Game Over.
    for (const family of ["say", "assist", "blinded", "threw", "world", "gameOver", "accolade"]) {
      expect(simulated.families.get(family) ?? 0, family).toBeGreaterThan(0);
    }
    // Nothing the real logs do not have.
    expect([...simulated.families.keys()].filter((f) => !realFamilies.has(f))).toEqual([]);
  });

  it("has players type `!report <name> <reason>` in chat, which the panel reads as a report of that player", () => {
    const chat = bodies.flatMap((b) => chatOf(parseLogBody(b).events));
    const players = sim.servers[0]!.world.connected().filter((p) => !p.isBot);
    const known = players.map((p) => ({ steamId: p.steamId, name: p.name }));
    const reports = chat.flatMap((line) => {
      const command = readChatCommand(line.text);
      return command?.kind === "report" ? [{ line, command }] : [];
    });
    expect(reports.length, chat.map((l) => l.text).join(" | ")).toBeGreaterThan(0);
    expect(reports.length).toBeLessThan(chat.length / 2);
    for (const { line, command } of reports) {
      expect(line.teamOnly, line.text).toBe(false);
      const picked = pickTarget(command.words, known, line.steamId);
      expect(picked, line.text).not.toBeNull();
      expect(picked!.reason.length).toBeGreaterThan(0);
    }
  });

  it("writes about as many lines and bytes a played round as real 5v5 maps", () => {
    const lines = mean(real.map((r) => r.linesPerRound));
    const bytes = mean(real.map((r) => r.bytesPerRound));
    expect(simulated.linesPerRound / lines).toBeGreaterThan(0.7);
    expect(simulated.linesPerRound / lines).toBeLessThan(1.4);
    expect(simulated.bytesPerRound / bytes).toBeGreaterThan(0.6);
    expect(simulated.bytesPerRound / bytes).toBeLessThan(1.5);
  });

  it("folds, as the panel reads it, into the world's score, rounds and every player's K/D/A", () => {
    const events = bodies.flatMap((b) => foldEventsOf(parseLogBody(b).events));
    const { ended } = foldLog(EMPTY_LOG_MATCH, events);
    const world = sim.servers[0]!.world;
    const m = world.match;
    expect(ended.map((e) => [e.over?.scoreCT, e.over?.scoreT])).toEqual([[m.scoreCT, m.scoreT]]);
    const done = ended[0]!;
    expect(done.marks.map((r) => r.round)).toEqual(
      Array.from({ length: m.scoreCT + m.scoreT }, (_, i) => i + 1),
    );
    expect(done.marks.every((r) => r.winner && r.reason)).toBe(true);
    const folded = new Map(
      done.players.map((p) => {
        const t = totalsOf(p);
        return [p.name, [t.kills, t.deaths, t.assists]] as const;
      }),
    );
    const played = world.connected().filter((p) => p.side === "CT" || p.side === "T");
    expect(played.length).toBeGreaterThan(0);
    for (const p of played) {
      expect(folded.get(p.name), p.name).toEqual([p.stats.kills, p.stats.deaths, p.stats.assists]);
    }
    // The money by side per round (the match page's chart) is there for every round.
    expect(done.economy.length).toBeGreaterThanOrEqual(m.scoreCT + m.scoreT);
  });
});
