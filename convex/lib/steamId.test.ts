import { describe, expect, test } from "vitest";
import { parseSteamId, STEAM_ID_MESSAGES, toSteam2, toSteam3 } from "./steamId";

const GABE = "76561197960287930"; // account 22202

describe("parseSteamId", () => {
  test.each([
    ["SteamID64", GABE],
    ["SteamID64 with spaces", `  ${GABE} `],
    ["STEAM_0", "STEAM_0:0:11101"],
    ["STEAM_1", "STEAM_1:0:11101"],
    ["lower-case steam_1", "steam_1:0:11101"],
    ["[U:1:N]", "[U:1:22202]"],
    ["U:1:N without brackets", "U:1:22202"],
    ["profile URL", `https://steamcommunity.com/profiles/${GABE}`],
    ["profile URL, trailing slash", `https://steamcommunity.com/profiles/${GABE}/`],
    ["profile URL, www and http", `http://www.steamcommunity.com/profiles/${GABE}`],
    ["profile URL without scheme", `steamcommunity.com/profiles/${GABE}?l=ukrainian`],
  ])("%s", (_form, input) => {
    expect(parseSteamId(input)).toEqual({ kind: "id64", steamId: GABE });
  });

  test("the auth bit of STEAM_X:Y:Z counts", () => {
    expect(parseSteamId("STEAM_1:1:11101")).toEqual({
      kind: "id64",
      steamId: "76561197960287931",
    });
  });

  test("vanity URLs are handed on for the Steam Web API", () => {
    expect(parseSteamId("https://steamcommunity.com/id/gabelogannewell/")).toEqual({
      kind: "vanity",
      name: "gabelogannewell",
    });
  });

  test.each([
    ["empty", "", STEAM_ID_MESSAGES.empty],
    ["blank", "   ", STEAM_ID_MESSAGES.empty],
    ["a nickname", "s1mple", STEAM_ID_MESSAGES.invalid],
    ["16 digits", "7656119796028793", STEAM_ID_MESSAGES.invalid],
    ["below account 1", "76561197960265728", STEAM_ID_MESSAGES.outOfRange],
    ["above the individual range", "76561202255233024", STEAM_ID_MESSAGES.outOfRange],
    ["STEAM_2 universe", "STEAM_2:0:11101", STEAM_ID_MESSAGES.invalid],
    ["STEAM_0 with auth bit 2", "STEAM_0:2:11101", STEAM_ID_MESSAGES.invalid],
    ["[U:1:0]", "[U:1:0]", STEAM_ID_MESSAGES.outOfRange],
    ["[G:1:N] group", "[G:1:22202]", STEAM_ID_MESSAGES.invalid],
    ["other site", `https://example.com/profiles/${GABE}`, STEAM_ID_MESSAGES.invalid],
    ["vanity with quotes", 'https://steamcommunity.com/id/a"b', STEAM_ID_MESSAGES.vanityName],
    ["command injection", `${GABE}; quit`, STEAM_ID_MESSAGES.invalid],
    ["huge input", "7".repeat(500), STEAM_ID_MESSAGES.invalid],
  ])("refuses %s with a message", (_case, input, message) => {
    expect(parseSteamId(input)).toEqual({ kind: "invalid", message });
  });

  test("round trip through Steam2 and Steam3", () => {
    for (const id of [GABE, "76561197960265729", "76561202255233023", "76561198000000001"]) {
      expect(parseSteamId(toSteam2(id))).toEqual({ kind: "id64", steamId: id });
      expect(parseSteamId(toSteam3(id))).toEqual({ kind: "id64", steamId: id });
    }
  });
});
