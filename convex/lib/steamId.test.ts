import { describe, expect, test } from "vitest";
import {
  isSteamId64,
  looksLikeSteamId,
  parseSteamId,
  STEAM_ID_MESSAGES,
  toSteam2,
  toSteam3,
} from "./steamId";

/** 76561198000000001 in fullwidth digits (U+FF10…U+FF19). */
const FULLWIDTH = "76561198000000001".replace(/\d/g, (d) =>
  String.fromCharCode(0xff10 + Number(d)),
);

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

describe("one SteamID64 check everywhere", () => {
  test("every individual account is valid, up to the top of the range; nothing else", () => {
    for (const id of [
      "76561197960265729",
      "76561199999999999",
      "76561200000000000",
      "76561202255233023",
    ]) {
      expect(isSteamId64(id), id).toBe(true);
      expect(parseSteamId(id)).toEqual({ kind: "id64", steamId: id });
    }
    for (const id of [
      "76561197960265728",
      "76561202255233024",
      "0",
      "7656119800000000１",
      ` ${GABE}`,
    ]) {
      expect(isSteamId64(id), id).toBe(false);
    }
  });

  test("fullwidth digits and hidden characters read as the account they look like", () => {
    const fullwidth = FULLWIDTH;
    expect(parseSteamId(fullwidth)).toEqual({ kind: "id64", steamId: "76561198000000001" });
    for (const lookalike of [
      fullwidth,
      "7656119800000000１",
      "76561198\u200B000000001",
      "\u202A76561198000000001",
      "STEAM_1:0:11101",
      "[U:1:22202]",
      "12345678901234567",
    ]) {
      expect(looksLikeSteamId(lookalike), JSON.stringify(lookalike)).toBe(true);
    }
    expect(looksLikeSteamId("s1mple_fan")).toBe(false);
    expect(looksLikeSteamId("Олег 2007")).toBe(false);
  });
});
