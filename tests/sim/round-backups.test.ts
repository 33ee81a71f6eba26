/**
 * The simulator's round backups, crash and update: CS2 writes a file at each round start, lists
 * and loads them from the console (RCON, proxy), the plugin API serves them, MatchZy's
 * `matchzy_loadbackup` takes a file or a round; a restart in the middle of a map comes back in
 * warmup with the files still there and its uptime from zero; an update comes back with the next
 * build.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { WireBackups, WireCommandResult, WireMatch } from "../../convex/lib/gameApi";
import {
  healthFromStats,
  healthFromStatus,
  healthFromStatusJson,
} from "../../convex/gameServer/health";
import type { SimHandle } from "../../dev/sim/simulator";
import { keyHeader, proxyHeaders, request, startTestSim } from "./helpers";

let sim: SimHandle;

beforeAll(async () => {
  sim = await startTestSim({ log: () => {} });
});
afterAll(async () => {
  await sim.stop();
});
afterEach(async () => {
  await sim.reset();
});

/** Plays until `rounds` rounds have ended on server `i`. */
function playRounds(i: number, rounds: number) {
  const s = sim.servers[i]!;
  // A fresh match: a test before may have left one paused by a restore.
  s.console.exec("mp_warmup_start");
  s.console.exec("mp_warmup_end");
  for (let r = 0; r < rounds; r++) expect(s.advanceUntil("roundEnd", 500).reached).toBe(true);
  // Into the next round, so its backup (rounds played = `rounds`) is written.
  expect(s.advanceUntil("roundStart", 500).reached).toBe(true);
  return s;
}

describe("round backups", () => {
  it("a file per round start, listed on the console and by the plugin API with round and score", async () => {
    const s = playRounds(0, 5);
    const list = s.console.exec("mp_backup_restore_list_files");
    expect(list.split("\n").map((l) => l.trim())).toEqual([
      "Round backup files:",
      ...Array.from({ length: 6 }, (_, r) => `backup_round${String(r).padStart(2, "0")}.txt`),
    ]);
    const { status, body } = await request<WireBackups>(`${s.apiUrl}/private/backups`, {
      headers: keyHeader(s),
    });
    expect(status).toBe(200);
    expect(body.auto).toBe(true);
    const last = body.files.at(-1)!;
    expect(last).toMatchObject({ file: "backup_round05.txt", round: 5, map: s.state().map });
    expect(last.scoreCT + last.scoreT).toBe(5);
  });

  it("loading a file puts the match back at the start of that round, paused, with its score", async () => {
    const s = playRounds(0, 6);
    const file = s.backups.list().find((b) => b.round === 3)!;
    const text = s.console.exec("mp_backup_restore_load_file backup_round03.txt");
    expect(text).toContain("backup_round03.txt");
    const state = s.state();
    expect(state).toMatchObject({
      round: 4,
      phase: "paused",
      scoreCT: file.scoreCT,
      scoreT: file.scoreT,
    });
    expect(s.console.exec("mp_backup_restore_load_file nope.txt")).toContain("Failed");
  });

  it("over the proxy's console, and through MatchZy by round number", async () => {
    const s = playRounds(1, 4);
    const proxied = await request<WireCommandResult>(`${sim.proxyUrl}/rcon/command`, {
      method: "POST",
      headers: proxyHeaders(s),
      body: { command: "mp_backup_restore_list_files" },
    });
    expect(proxied.body.result).toContain("backup_round04.txt");
    expect(s.console.exec("matchzy_loadbackup 2")).toContain("backup_round02.txt");
    expect(s.state().round).toBe(3);
  });

  it("the plugin API restores a file and refuses a name that is not one", async () => {
    const s = playRounds(0, 4);
    const ok = await request<WireCommandResult>(`${s.apiUrl}/private/backups/restore`, {
      method: "POST",
      headers: keyHeader(s),
      body: { file: "backup_round01.txt" },
    });
    expect(ok.status).toBe(200);
    expect(s.state().round).toBe(2);
    const bad = await request(`${s.apiUrl}/private/backups/restore`, {
      method: "POST",
      headers: keyHeader(s),
      body: { file: "../../cfg/server.cfg" },
    });
    expect(bad.status).toBe(400);
  });
});

describe("crash and update", () => {
  it("a restart mid-map comes back in warmup on the same map, uptime from zero, the files kept", async () => {
    const s = playRounds(0, 4);
    sim.clock.skip(3_600_000);
    const before = healthFromStatusJson(s.console.exec("status_json")).uptimeSec!;
    expect(before).toBeGreaterThanOrEqual(3600);
    const map = s.state().map;
    s.restartServices("restart", 50);
    await expect
      .poll(() => s.state().online && !s.state().restarting, { timeout: 10_000 })
      .toBe(true);
    expect(s.state()).toMatchObject({ phase: "warmup", map, scoreCT: 0, scoreT: 0 });
    expect(healthFromStatusJson(s.console.exec("status_json")).uptimeSec).toBeLessThan(60);
    expect(s.backups.list().map((b) => b.round)).toContain(4);
  });

  it("an update comes back with the next build in status, status_json and the plugin's health", async () => {
    const s = sim.servers[0]!;
    const before = healthFromStatus(s.console.exec("status")).build!;
    s.restartServices("update", 50);
    await expect
      .poll(() => s.state().online && !s.state().restarting, { timeout: 10_000 })
      .toBe(true);
    expect(healthFromStatus(s.console.exec("status")).build).toBe(before + 1);
    expect(healthFromStatusJson(s.console.exec("status_json")).build).toBe(before + 1);
    const match = await request<WireMatch>(`${s.apiUrl}/match`);
    expect(match.body.health?.version).toBe(s.state().version);
    expect(match.body.health?.links?.length).toBe(s.state().players.humans);
    expect(healthFromStats(s.console.exec("stats")).fps).toBeGreaterThan(60);
  });

  it("the demo drives each through the control API: backups off, a crash, an update", async () => {
    const s = sim.servers[0]!;
    const control = (path: string, body: unknown) =>
      request<{ success: boolean; result?: string }>(`${sim.controlUrl}/servers/${s.id}${path}`, {
        body,
      });
    await control("/console", { command: "mp_backup_round_auto 0" });
    expect((await control("/console", { command: "mp_backup_round_auto" })).body.result).toMatch(
      /mp_backup_round_auto = (false|0)/,
    );
    // With them off, a round start writes no file.
    const files = s.backups.list().length;
    s.console.exec("mp_warmup_start");
    s.console.exec("mp_warmup_end");
    expect(s.advanceUntil("roundStart", 500).reached).toBe(true);
    expect(s.backups.list()).toHaveLength(files);
    const build = healthFromStatus(s.console.exec("status")).build!;
    expect((await control("/restart", { downtimeMs: -1 })).status).toBe(400);
    await control("/restart", { downtimeMs: 50, update: true });
    await expect
      .poll(() => s.state().online && !s.state().restarting, { timeout: 10_000 })
      .toBe(true);
    expect(s.state()).toMatchObject({ phase: "warmup", scoreCT: 0, scoreT: 0 });
    expect(healthFromStatus(s.console.exec("status")).build).toBe(build + 1);
  });
});
