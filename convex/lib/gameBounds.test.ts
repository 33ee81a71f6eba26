import { describe, expect, test } from "vitest";
import { GAME_NUMBERS, GAME_TEXT, cutText, gameNumber, gameText, isGameNumber } from "./gameBounds";

describe("gameNumber: what CS2 could report", () => {
  test("extreme, negative and non-numbers are clamped or zero", () => {
    expect(gameNumber(1e308, "teamScore")).toBe(GAME_NUMBERS.teamScore.max);
    expect(gameNumber(1e15, "count")).toBe(GAME_NUMBERS.count.max);
    expect(gameNumber(-5, "count")).toBe(0);
    expect(gameNumber(-5, "points")).toBe(-5);
    expect(gameNumber(-1e9, "points")).toBe(GAME_NUMBERS.points.min);
    for (const junk of [NaN, Infinity, -Infinity, "x", "", null, undefined, {}, [], true]) {
      expect(gameNumber(junk, "count")).toBe(0);
    }
  });
  test("numeric text is read, whole kinds rounded, ratios to two decimals, never -0", () => {
    expect(gameNumber("12", "count")).toBe(12);
    expect(gameNumber(3.6, "count")).toBe(4);
    expect(gameNumber(1.23456, "ratio")).toBe(1.23);
    expect(Object.is(gameNumber(-0.2, "count"), 0)).toBe(true);
  });
  test("isGameNumber holds only for values gameNumber leaves unchanged", () => {
    expect(isGameNumber(16, "teamScore")).toBe(true);
    expect(isGameNumber(1e6, "teamScore")).toBe(false);
    expect(isGameNumber(-1, "count")).toBe(false);
    expect(isGameNumber(1.5, "count")).toBe(false);
    expect(isGameNumber("3", "count")).toBe(false);
  });
  test("every ceiling keeps a sum over a thousand maps of 64 players exact", () => {
    for (const { max } of Object.values(GAME_NUMBERS)) {
      expect(max * 64 * 1000).toBeLessThan(Number.MAX_SAFE_INTEGER);
    }
  });
});

describe("gameText: what CS2 could show", () => {
  test("control characters are removed, markup and bidi are kept as text", () => {
    expect(gameText("a\u0000b\u0007c\u001b[31md\u007f\u0085e\u2028f", "name")).toBe("abc[31mdef");
    expect(gameText('<script>alert("x")</script>', "name")).toBe('<script>alert("x")</script>');
    expect(gameText("\u202eevil", "name")).toBe("\u202eevil");
  });
  test("cut to the kind's length, never inside a surrogate pair", () => {
    expect(gameText("x".repeat(200_000), "hostname")).toHaveLength(GAME_TEXT.hostname);
    expect(cutText("a😀", 2)).toBe("a");
    expect(gameText(42, "map")).toBe("42");
    expect(gameText({ toString: () => "x" }, "map")).toBe("");
  });
});
