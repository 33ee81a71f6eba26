/**
 * Every refusal of a privileged operation leaves an audit entry under the operation's name,
 * wherever it is raised: in `resolve` (input cleaning), `load`, `check`, or inside the commit.
 */
import { describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { presetFormat } from "./lib/tournamentPresets";
import { personas, serverRow, setupTest } from "./test.setup";

async function world() {
  const t = setupTest();
  const who = await personas(t);
  const serverId = await t.run((ctx) => ctx.db.insert("servers", serverRow()));
  const { id } = await who.asAdmin.action(api.tournamentAdmin.create, {
    format: presetFormat("default"),
  });
  const refusals = async (action: string) =>
    (await t.run((ctx) => ctx.db.query("auditLog").collect()))
      .filter((e) => e.action === action && e.outcome !== "success")
      .map((e) => ({ outcome: e.outcome, details: e.details, serverId: e.serverId }));
  return { t, who, serverId, tournamentId: id as Id<"tournaments">, refusals };
}

describe("refusals raised outside `check` are audited", () => {
  test("a bad SteamID for kick and ban (resolve), with the server it was for", async () => {
    const { who, serverId, refusals } = await world();
    for (const [action, call] of [
      ["kick", () => who.asModerator.action(api.moderation.kick, { serverId, steamId: "STEAM_9" })],
      [
        "ban",
        () =>
          who.asModerator.action(api.moderation.ban, {
            serverId,
            steamId: "STEAM_9",
            duration: 10,
            reason: "x",
          }),
      ],
    ] as const) {
      await expect(call()).rejects.toMatchObject({ data: { code: "INVALID_INPUT" } });
      expect(await refusals(action)).toEqual([
        { outcome: "failure", details: expect.any(String), serverId },
      ]);
    }
  });

  test("a bad SteamID for a seat (resolve)", async () => {
    const { who, tournamentId, refusals } = await world();
    await expect(
      who.asAdmin.action(api.tournamentAdmin.seatOp, {
        tournamentId,
        team: "teamA",
        nickname: "alpha",
        op: "replace",
        steamId: "not a steam id at all!",
      }),
    ).rejects.toMatchObject({ data: { code: "INVALID_INPUT" } });
    expect(await refusals("tournament_seat")).toHaveLength(1);
  });

  test("a right-to-left override in a tournament's name (refused in the commit)", async () => {
    const { t, who, tournamentId, refusals } = await world();
    const before = await t.run((ctx) => ctx.db.get("tournaments", tournamentId));
    await expect(
      who.asAdmin.action(api.tournamentAdmin.rename, {
        tournamentId,
        name: "Кубок \u202eвечора",
        teamA: "A",
        teamB: "B",
      }),
    ).rejects.toMatchObject({ data: { code: "INVALID_INPUT" } });
    expect(await refusals("tournament_rename")).toEqual([
      { outcome: "failure", details: expect.any(String), serverId: undefined },
    ]);
    // Nothing of the refused commit was written.
    expect((await t.run((ctx) => ctx.db.get("tournaments", tournamentId)))?.name).toBe(
      before?.name,
    );
  });

  test("resuming a tournament that is not paused, voiding a match that does not exist", async () => {
    const { who, tournamentId, refusals } = await world();
    await expect(
      who.asAdmin.action(api.tournamentAdmin.adminOp, { tournamentId, op: "resume" }),
    ).rejects.toMatchObject({ data: expect.objectContaining({ code: expect.any(String) }) });
    expect(await refusals("tournament_resume")).toHaveLength(1);
    await expect(
      who.asAdmin.action(api.history.voidMatch, { matchId: "nope" }),
    ).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });
    expect(await refusals("match_void")).toHaveLength(1);
  });
});
