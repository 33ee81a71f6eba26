import { describe, expect, test } from "vitest";
import {
  STEAM_DATA_TTL_MS,
  STEAM_RETRY_MS,
  lookupDue,
  parseFileDetails,
  parseSummaries,
  workshopIdOf,
} from "./data";

const A = "76561198000000001";
const B = "76561198000000002";

describe("Steam's answers", () => {
  test("player summaries: the asked players only, medium avatar first, unsafe images dropped", () => {
    const body = {
      response: {
        players: [
          { steamid: A, personaname: " Neo ", avatarmedium: "https://a.example/neo_medium.jpg" },
          { steamid: B, avatar: "https://a.example/b.jpg", avatarmedium: "javascript:alert(1)" },
          { steamid: "76561198000000003", personaname: "not asked" },
          { steamid: A.replace("1", "9"), avatarmedium: "https://user:pw@a.example/x.jpg" },
          "junk",
        ],
      },
    };
    expect(parseSummaries(body, [A, B])).toEqual([
      { steamId: A, personaName: "Neo", avatarUrl: "https://a.example/neo_medium.jpg" },
      { steamId: B, avatarUrl: "https://a.example/b.jpg" },
    ]);
    expect(
      parseSummaries({ response: { players: [{ steamid: A, avatar: "data:x" }] } }, [A]),
    ).toEqual([{ steamId: A }]);
    for (const junk of [null, "x", {}, { response: {} }, { response: { players: "no" } }]) {
      expect(parseSummaries(junk, [A])).toEqual([]);
    }
  });

  test("workshop details: titles of files Steam found; removed files and junk have none", () => {
    const body = {
      response: {
        publishedfiledetails: [
          { publishedfileid: "3070549948", result: 1, title: "  Aim Map  " },
          { publishedfileid: "111", result: 9 },
          { publishedfileid: "222", result: 1, title: 42 },
        ],
      },
    };
    expect([...parseFileDetails(body, ["3070549948", "111", "222"])]).toEqual([
      ["3070549948", "Aim Map"],
    ]);
    expect(parseFileDetails("<html>", ["1"]).size).toBe(0);
  });

  test("a workshop map's file id comes from its path; other maps have none", () => {
    expect(workshopIdOf("workshop/3070549948/aim_map")).toBe("3070549948");
    expect(workshopIdOf("de_mirage")).toBeNull();
    expect(workshopIdOf("workshop/abc/aim_map")).toBeNull();
  });

  test("asked once a day; an ask that never came back is asked again after 10 minutes", () => {
    const now = 10 * STEAM_DATA_TTL_MS;
    expect(lookupDue(null, now)).toBe(true);
    expect(lookupDue({ fetchedAt: now - STEAM_DATA_TTL_MS + 1 }, now)).toBe(false);
    expect(lookupDue({ fetchedAt: now - STEAM_DATA_TTL_MS }, now)).toBe(true);
    expect(lookupDue({ requestedAt: now - 1 }, now)).toBe(false);
    expect(lookupDue({ requestedAt: now - STEAM_RETRY_MS }, now)).toBe(true);
    expect(
      lookupDue({ fetchedAt: now - 2 * STEAM_DATA_TTL_MS, requestedAt: now - 60_000 }, now),
    ).toBe(false);
  });
});
