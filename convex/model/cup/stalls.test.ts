/** When a cup match is stalled, and from when its admins are told. */
import { describe, expect, test } from "vitest";
import type { Doc, Id } from "../../_generated/dataModel";
import type { Player } from "../../lib/validators";
import { playerOnServer } from "../../testing/live.fixtures";
import { createTournament, markLaunched } from "../tournament/state";
import { ABSENT_AFTER_MS, OFFLINE_AFTER_MS, stallOf, type StallFacts } from "./stalls";

const SERVER = "server1" as Id<"servers">;
const LAUNCHED_AT = 1_000_000;
const A = "76561198000000001";
const B = "76561198000000002";

function tournament(over: Partial<Doc<"tournaments">> = {}): Doc<"tournaments"> {
  const created = createTournament({ createdBy: "admin", now: 0 });
  const seated = (name: string, steamId: string) => ({
    name,
    players: [{ nickname: name, joinedAt: 0, steamId }],
  });
  const launched = markLaunched(
    { ...created, status: "finished", teamA: seated("Вовки", A), teamB: seated("Лиси", B) },
    "wingman",
    0,
    { serverId: SERVER, at: LAUNCHED_AT },
  );
  return {
    _id: "t1" as Id<"tournaments">,
    _creationTime: 0,
    ...launched,
    series: [{ map: "de_nuke" }],
    ...over,
  };
}

const on = (steamId: string, team: Player["team"]): Player => ({
  ...playerOnServer(steamId, steamId),
  team,
});

function facts(over: Partial<StallFacts> = {}): StallFacts {
  return {
    row: {
      _id: "m1" as Id<"cupMatches">,
      key: "U1-1",
      phase: "live",
      serverId: SERVER,
      startAt: 500,
    },
    server: { disabled: false },
    status: { online: true, changedAt: 0 },
    tournament: tournament(),
    players: [on(A, "Counter-Terrorist"), on(B, "Terrorist")],
    ...over,
  };
}

describe("a stalled cup match", () => {
  test("both teams on the server, the server answering, the map not decided: no stall", () => {
    expect(stallOf(facts())).toBeNull();
    // A match waiting for its start or already decided is nobody's stall either.
    expect(stallOf(facts({ row: { ...facts().row, phase: "check_in" } }))).toBeNull();
    expect(stallOf(facts({ row: { ...facts().row, phase: "done" } }))).toBeNull();
  });

  test("a drawn BO1 map: every map has a result and nobody won the series, told at once", () => {
    const drawn = tournament({
      seriesResults: [
        {
          mapIndex: 0,
          map: "de_nuke",
          matchId: "x" as Id<"matches">,
          winner: "draw",
          scoreA: 4,
          scoreB: 4,
        },
      ],
    });
    expect(stallOf(facts({ tournament: drawn }))).toEqual({
      matchId: "m1",
      key: "U1-1",
      kind: "draw",
      at: 0,
    });
  });

  test("a team none of whose seated players is on a side: told once the joining grace has passed", () => {
    const stall = stallOf(facts({ players: [on(A, "Terrorist"), on(B, "Spectator")] }));
    expect(stall).toMatchObject({
      kind: "absent",
      at: LAUNCHED_AT + ABSENT_AFTER_MS,
      missing: ["Лиси"],
    });
    expect(stallOf(facts({ players: [] }))).toMatchObject({ missing: ["Вовки", "Лиси"] });
    // No map in play yet (the veto runs): nobody is expected on the server.
    const vetoing = tournament({ launchedMaps: 0, launchedOn: undefined, status: "in_progress" });
    expect(stallOf(facts({ tournament: vetoing, players: [] }))).toBeNull();
  });

  test("its server silent for a while, or gone: told, silent after a grace, gone at once", () => {
    expect(stallOf(facts({ status: { online: false, changedAt: 5_000 } }))).toMatchObject({
      kind: "serverOffline",
      at: 5_000 + OFFLINE_AFTER_MS,
    });
    expect(stallOf(facts({ server: null }))).toMatchObject({ kind: "serverGone", at: 0 });
    expect(stallOf(facts({ server: { disabled: true } }))).toMatchObject({ kind: "serverGone" });
  });

  test("a team that did not check in while walkovers are off: told from the start time", () => {
    const row = { ...facts().row, phase: "no_show" as const, serverId: undefined };
    expect(stallOf(facts({ row, server: null, tournament: null }))).toMatchObject({
      kind: "noShow",
      at: 500,
    });
  });
});
