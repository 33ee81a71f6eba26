import { describe, expect, it } from "vitest";
import { makePlayer } from "@/test/fixtures";
import {
  DEFAULT_SORT,
  filterPlayers,
  isSortField,
  SORT_FIELDS,
  sortPlayers,
  type SortField,
} from "./sort-players";

const NUMERIC_FIELDS = SORT_FIELDS.filter((f) => f !== "name" && f !== "team") as Exclude<
  SortField,
  "name" | "team"
>[];

describe("sortPlayers", () => {
  it("offers exactly the sortable fields of the spec, defaulting to score descending", () => {
    expect([...SORT_FIELDS].sort()).toEqual(
      [
        "score",
        "name",
        "team",
        "kills",
        "deaths",
        "assists",
        "kdRatio",
        "knifeKills",
        "zeusKills",
        "headshots",
        "chickenKills",
        "grenadeKills",
        "mvp",
        "totalDamage",
      ].sort(),
    );
    expect(DEFAULT_SORT).toEqual({ field: "score", direction: "desc" });
    expect(isSortField("kills")).toBe(true);
    expect(isSortField("steamId")).toBe(false);
  });

  it.each(NUMERIC_FIELDS)("sorts by %s in both directions", (field) => {
    const a = makePlayer({ name: "A", [field]: 3 });
    const b = makePlayer({ name: "B", [field]: 10 });
    const c = makePlayer({ name: "C", [field]: 1.5 });
    expect(sortPlayers([a, b, c], field, "asc").map((p) => p.name)).toEqual(["C", "A", "B"]);
    expect(sortPlayers([a, b, c], field, "desc").map((p) => p.name)).toEqual(["B", "A", "C"]);
  });

  it("sorts names with Ukrainian collation, case-insensitively", () => {
    const players = ["яна", "Ґанна", "Єва", "іван", "Андрій", "Гліб"].map((name) =>
      makePlayer({ name }),
    );
    expect(sortPlayers(players, "name", "asc").map((p) => p.name)).toEqual([
      "Андрій",
      "Гліб",
      "Ґанна",
      "Єва",
      "іван",
      "яна",
    ]);
    expect(sortPlayers(players, "name", "desc").map((p) => p.name)).toEqual([
      "яна",
      "іван",
      "Єва",
      "Ґанна",
      "Гліб",
      "Андрій",
    ]);
  });

  it("sorts teams CT, T, spectators, offline", () => {
    const players = [
      makePlayer({ name: "off", team: "Offline" }),
      makePlayer({ name: "t", team: "Terrorist" }),
      makePlayer({ name: "spec", team: "Spectator" }),
      makePlayer({ name: "ct", team: "Counter-Terrorist" }),
    ];
    expect(sortPlayers(players, "team", "asc").map((p) => p.name)).toEqual([
      "ct",
      "t",
      "spec",
      "off",
    ]);
    expect(sortPlayers(players, "team", "desc").map((p) => p.name)).toEqual([
      "off",
      "spec",
      "t",
      "ct",
    ]);
  });

  it("breaks ties by name so equal rows keep a stable order, and does not mutate its input", () => {
    const players = [
      makePlayer({ name: "Борис", score: 5 }),
      makePlayer({ name: "Анна", score: 5 }),
      makePlayer({ name: "Віра", score: 9 }),
    ];
    const before = players.map((p) => p.name);
    expect(sortPlayers(players, "score", "desc").map((p) => p.name)).toEqual([
      "Віра",
      "Анна",
      "Борис",
    ]);
    expect(sortPlayers(players, "score", "asc").map((p) => p.name)).toEqual([
      "Анна",
      "Борис",
      "Віра",
    ]);
    expect(players.map((p) => p.name)).toEqual(before);
  });
});

describe("filterPlayers", () => {
  const players = [
    makePlayer({ name: "s1mple_fan" }),
    makePlayer({ name: "ЗЕВС" }),
    makePlayer({ name: "Zeus" }),
  ];

  it("matches a part of the nickname, ignoring case (Cyrillic too)", () => {
    expect(filterPlayers(players, "SIMPLE").map((p) => p.name)).toEqual([]);
    expect(filterPlayers(players, "1MPL").map((p) => p.name)).toEqual(["s1mple_fan"]);
    expect(filterPlayers(players, "зев").map((p) => p.name)).toEqual(["ЗЕВС"]);
    expect(filterPlayers(players, "  zeus ").map((p) => p.name)).toEqual(["Zeus"]);
  });

  it("returns everyone for a blank query", () => {
    expect(filterPlayers(players, "   ")).toHaveLength(3);
  });
});
