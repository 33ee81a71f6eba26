/**
 * Round backups through the real Convex actions against the simulator's three connection types
 * (plugin API, RCON proxy, direct RCON) and through MatchZy: the list with round and score, a
 * restore that puts the match back at the start of the next round, refusals that say why, and
 * who may do it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { PANEL_ACTOR } from "./lib/texts/backups";
import { createTournament } from "./model/tournament/state";
import { eventually, pollNow, seededWorld, startTestSimulator } from "./testing/sim.helpers";
import type { personas, TestConvex } from "./test.setup";
import type { SimHandle } from "../dev/sim/simulator";

let sim: SimHandle;
let t: TestConvex;
let who: Awaited<ReturnType<typeof personas>>;
let ids: Id<"servers">[];

beforeAll(async () => {
  sim = await startTestSimulator({ downtimeMs: 300, servers: [{}, {}, {}] });
  ({ t, who, ids } = await seededWorld(sim));
});
afterAll(async () => {
  await sim.stop();
});
beforeEach(async () => {
  await sim.reset();
});

/** Plays `rounds` rounds on server `i` and into the next, whose backup is then written. */
function playRounds(i: number, rounds: number) {
  const s = sim.servers[i]!;
  s.console.exec("mp_warmup_start");
  s.console.exec("mp_warmup_end");
  for (let r = 0; r < rounds; r++) expect(s.advanceUntil("roundEnd", 500).reached).toBe(true);
  expect(s.advanceUntil("roundStart", 500).reached).toBe(true);
  return s;
}

async function setMatchzy(serverId: Id<"servers">, matchzy: boolean) {
  await t.run(async (ctx) => ctx.db.patch("servers", serverId, { matchzy }));
}

/** A finished 1v1 veto on Nuke whose seats have no SteamID (no MatchZy config), never launched. */
async function finishedVeto() {
  return await t.run(async (ctx) => {
    const base = createTournament({ createdBy: "admin", now: Date.now() });
    return await ctx.db.insert("tournaments", {
      ...base,
      format: { ...base.format, teamSize: 1 },
      status: "finished",
      teamA: { name: "Вовки", players: [{ nickname: "Петро", joinedAt: 1 }] },
      teamB: { name: "Team B", players: [{ nickname: "Max", joinedAt: 1 }] },
      series: [{ map: "de_nuke", side: "T", sideBy: "teamA" }],
      finalMap: "de_nuke",
      serverMap: "de_nuke",
      finalSide: "T",
    });
  });
}

async function launch(serverId: Id<"servers">) {
  return await who.asAdmin.action(api.tournamentLaunch.launch, {
    serverId,
    tournamentId: await finishedVeto(),
    mode: "competitive",
    mapIndex: 0,
  });
}

/** CS2's answer on a workshop map that filters console commands, for `mp_backup_round_auto 1`. */
function refuseBackupsOn(s: (typeof sim.servers)[number]) {
  const exec = s.console.exec.bind(s.console);
  s.console.exec = (line: string) =>
    /^mp_backup_round_auto\s+1/.test(line)
      ? "DISALLOWED WORKSHOP CONVAR: mp_backup_round_auto"
      : exec(line);
  return () => {
    s.console.exec = exec;
  };
}

async function auditOf(action: string) {
  const rows = await t.run((ctx) =>
    ctx.db.query("auditLog").withIndex("by_at").order("desc").take(20),
  );
  return rows.filter((r) => r.action === action);
}

const kinds = [
  ["HTTP plugin API", 0],
  ["RCON proxy", 1],
  ["direct RCON", 2],
] as const;

describe.each(kinds)("round backups over the %s", (_label, index) => {
  const serverId = () => ids[index]!;

  test("listed with round and score, restored at the start of the next round, audited", async () => {
    const s = playRounds(index, 5);
    await setMatchzy(serverId(), false);
    const list = await who.asAdmin.action(api.backups.list, { serverId: serverId() });
    expect(list.auto).toBe(true);
    expect(list.via).toBe("cs2");
    const rounds = list.files.map((f) => f.round);
    for (let r = 0; r <= 5; r++) expect(rounds).toContain(r);
    const three = list.files.find((f) => f.round === 3)!;
    const onServer = s.backups.list().find((b) => b.file === three.file)!;
    if (index === 0) {
      // The plugin says each file's score itself.
      expect(three).toMatchObject({ scoreCT: onServer.scoreCT, scoreT: onServer.scoreT });
    }
    const result = await who.asAdmin.action(api.serverControl.restoreBackup, {
      serverId: serverId(),
      file: three.file,
    });
    expect(result.action).toBe("restoreBackup");
    expect(s.state()).toMatchObject({
      round: 4,
      phase: "paused",
      scoreCT: onServer.scoreCT,
      scoreT: onServer.scoreT,
    });
    const [entry] = await t.run((ctx) =>
      ctx.db.query("auditLog").withIndex("by_at").order("desc").take(1),
    );
    expect(entry).toMatchObject({
      action: "restoreBackup",
      outcome: "success",
      details: three.file,
    });
  });

  test("a file the server does not have is refused with what it said; a bad name never leaves", async () => {
    const s = playRounds(index, 2);
    const before = s.state();
    await expect(
      who.asAdmin.action(api.serverControl.restoreBackup, {
        serverId: serverId(),
        file: "backup_round09.txt",
      }),
    ).rejects.toMatchObject({ data: { code: "GAME_SERVER" } });
    await expect(
      who.asAdmin.action(api.serverControl.restoreBackup, {
        serverId: serverId(),
        file: "backup_round01.txt; quit",
      }),
    ).rejects.toMatchObject({ data: { code: "INVALID_INPUT" } });
    expect(s.state()).toMatchObject({ round: before.round, scoreCT: before.scoreCT });
  });

  test("moderators and visitors may neither list nor restore", async () => {
    playRounds(index, 1);
    for (const caller of [who.asModerator, who.asUser]) {
      await expect(caller.action(api.backups.list, { serverId: serverId() })).rejects.toMatchObject(
        { data: { code: "FORBIDDEN" } },
      );
      await expect(
        caller.action(api.serverControl.restoreBackup, {
          serverId: serverId(),
          file: "backup_round01.txt",
        }),
      ).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
    }
  });

  test("turning backups back on after a config turned them off", async () => {
    const s = sim.servers[index]!;
    s.console.exec("mp_backup_round_auto 0");
    expect((await who.asAdmin.action(api.backups.list, { serverId: serverId() })).auto).toBe(false);
    await who.asAdmin.action(api.serverControl.backupsOn, { serverId: serverId() });
    expect(s.console.exec("mp_backup_round_auto")).toMatch(/= (1|true)/);
    expect((await who.asAdmin.action(api.backups.list, { serverId: serverId() })).auto).toBe(true);
  });

  test("a launch turns backups on and says so; a server that refuses it still gets the match", async () => {
    const s = sim.servers[index]!;
    s.console.exec("mp_backup_round_auto 0");
    const launched = await launch(serverId());
    expect(launched).toMatchObject({ map: "de_nuke", backups: "on" });
    expect(s.world.cvars.bool("mp_backup_round_auto")).toBe(true);

    s.console.exec("mp_backup_round_auto 0");
    const restore = refuseBackupsOn(s);
    try {
      const refused = await launch(serverId());
      expect(refused).toMatchObject({
        map: "de_nuke",
        backups: { failed: expect.stringContaining("DISALLOWED WORKSHOP CONVAR") },
      });
    } finally {
      restore();
    }
    expect(s.world.cvars.bool("mp_backup_round_auto")).toBe(false);
    expect(s.state().map).toBe("de_nuke");
    const launches = await auditOf("tournament_launch");
    expect(launches.slice(0, 2).map((e) => e.outcome)).toEqual(["success", "success"]);
  });

  test("through MatchZy where it runs: its own backup of the round", async () => {
    const s = playRounds(index, 4);
    await setMatchzy(serverId(), true);
    try {
      const list = await who.asAdmin.action(api.backups.list, { serverId: serverId() });
      expect(list.via).toBe("matchzy");
      const two = list.files.find((f) => f.round === 2)!;
      await who.asAdmin.action(api.serverControl.restoreBackupMatchzy, {
        serverId: serverId(),
        file: two.file,
      });
      expect(s.state()).toMatchObject({ round: 3, phase: "paused" });
      expect(s.state().scoreCT + s.state().scoreT).toBe(2);
    } finally {
      await setMatchzy(serverId(), false);
    }
  });
});

describe.each([kinds[0], kinds[1]])(
  "a match going live on a server without backups, polled over the %s",
  (_label, index) => {
    const serverId = () => ids[index]!;
    /** The server in warmup, polled; then live with backups as given, polled once more. */
    async function goLive(s: (typeof sim.servers)[number], backups: boolean) {
      s.console.exec("mp_warmup_start");
      await pollNow(t, serverId());
      s.console.exec(`mp_backup_round_auto ${backups ? 1 : 0}`);
      s.console.exec("mp_warmup_end");
      await pollNow(t, serverId());
    }
    const panelTurnedOn = async () =>
      (await auditOf("backupsOn")).filter(
        (e) => e.username === PANEL_ACTOR && e.serverId === serverId(),
      );

    test("the panel turns them on once, audited as itself, and tells admins", async () => {
      const s = sim.servers[index]!;
      const before = (await panelTurnedOn()).length;
      await goLive(s, false);
      await eventually(async () => s.world.cvars.bool("mp_backup_round_auto"), 30_000);
      const notice = await eventually(
        () => who.asAdmin.query(api.backups.notice, { serverId: serverId() }),
        30_000,
      );
      expect(notice).toMatchObject({ outcome: "on" });
      await eventually(async () => (await panelTurnedOn()).length === before + 1, 30_000);
      expect((await panelTurnedOn())[0]).toMatchObject({ outcome: "success" });
      // The same match polled again is not checked again, whatever the server does meanwhile.
      const checks = async () =>
        (await t.run((ctx) => ctx.db.system.query("_scheduled_functions").collect())).filter((j) =>
          j.name.includes("ensureOn"),
        ).length;
      const scheduled = await checks();
      s.console.exec("mp_backup_round_auto 0");
      await pollNow(t, serverId());
      expect(await checks()).toBe(scheduled);
      expect(s.world.cvars.bool("mp_backup_round_auto")).toBe(false);
      await expect(
        who.asModerator.query(api.backups.notice, { serverId: serverId() }),
      ).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
    });

    test("a server that refuses it: the notice says what it answered", async () => {
      const s = sim.servers[index]!;
      const restore = refuseBackupsOn(s);
      try {
        await goLive(s, false);
        const notice = await eventually(async () => {
          const n = await who.asAdmin.query(api.backups.notice, { serverId: serverId() });
          return n?.outcome === "failed" ? n : null;
        }, 30_000);
        expect(notice.detail).toMatch(/DISALLOWED WORKSHOP CONVAR/);
      } finally {
        restore();
      }
    });
  },
);
