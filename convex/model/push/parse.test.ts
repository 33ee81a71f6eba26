import { describe, expect, test } from "vitest";
import { parsePushEvent } from "./parse";

const team = (score: number, extra: Record<string, unknown> = {}) => ({
  id: "",
  name: "Team",
  score,
  players: [
    { steamid: "76561198000000001", name: "Neo", stats: { kills: 20, damage: 2400, score: -2 } },
  ],
  ...extra,
});
const mapResult = (team1: unknown, team2 = team(13)) => ({
  event: "map_result",
  matchid: 1_800_000_000_000,
  map_number: 0,
  winner: { side: "3", team: "team1" },
  team1,
  team2,
});

describe("a MatchZy event holds only what CS2 and MatchZy can produce", () => {
  test("a real map result is read", () => {
    expect(parsePushEvent(mapResult(team(16))).kind).toBe("event");
  });

  test.each([
    ["a score of 1e308", team(1e308)],
    ["a score of a million", team(1_000_000)],
    ["a negative score", team(-1)],
    [
      "a 1e15-kill player",
      team(16, {
        players: [{ steamid: "76561198000000001", name: "Neo", stats: { kills: 1e15 } }],
      }),
    ],
    [
      "negative kills",
      team(16, { players: [{ steamid: "76561198000000001", name: "Neo", stats: { kills: -5 } }] }),
    ],
    [
      "a name with control characters",
      team(16, { players: [{ steamid: "76561198000000001", name: "Neo\u0000", stats: {} }] }),
    ],
    ["a 100,000-character team name", team(16, { name: "T".repeat(100_000) })],
    [
      "a thousand players",
      team(16, {
        players: Array.from({ length: 1000 }, () => ({ steamid: "0", name: "b", stats: {} })),
      }),
    ],
  ])("%s: refused as a bad event", (_label, team1) => {
    expect(parsePushEvent(mapResult(team1))).toEqual({ kind: "invalid", name: "map_result" });
  });

  test("a map number far past a series is refused", () => {
    const event = { event: "going_live", matchid: 1, map_number: 1e9 };
    expect(parsePushEvent(event).kind).toBe("invalid");
  });
});
